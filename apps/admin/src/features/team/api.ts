import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiData } from '@episodic/api-client';
import type { AdminInviteInput, AdminInvitationAcceptInput, OperatorRole } from '@episodic/contract';
import { api } from '../../shared/api';
import { useAdminMutation } from '../../shared/mutation';

export type Team = ApiData<'/api/admin/team', 'get'>;

export const teamQuery = queryOptions({
  queryKey: ['admin', 'team'] as const,
  queryFn: ({ signal }) => api.get('/api/admin/team', { signal }),
});

export const useTeam = () => useQuery(teamQuery);

/** Every team change answers the whole team: the list is replaced with it. */
export function useTeamMutations() {
  const client = useQueryClient();
  const keep = (team: Team) => {
    client.setQueryData(teamQuery.queryKey, team);
  };
  return {
    invite: useAdminMutation(
      (input: AdminInviteInput) => api.post('/api/admin/team/invitations', { body: input }),
      ['team'],
      keep,
    ),
    withdraw: useAdminMutation(
      (id: string) => api.del('/api/admin/team/invitations/{id}', { path: { id } }),
      ['team'],
      keep,
    ),
    changeRole: useAdminMutation(
      ({ id, role }: { id: string; role: OperatorRole }) =>
        api.put('/api/admin/team/{id}/role', { path: { id }, body: { role } }),
      ['team'],
      keep,
    ),
    disable: useAdminMutation(
      (id: string) => api.post('/api/admin/team/{id}/disable', { path: { id } }),
      ['team', 'users'],
      keep,
    ),
    enable: useAdminMutation(
      (id: string) => api.post('/api/admin/team/{id}/enable', { path: { id } }),
      ['team', 'users'],
      keep,
    ),
    remove: useAdminMutation(
      (id: string) => api.del('/api/admin/team/{id}', { path: { id } }),
      ['team', 'users'],
      keep,
    ),
  };
}

/** What an emailed invitation offers (its token never leaves the page's address fragment but for this). */
export const useInvitation = (token: string) =>
  useQuery({
    queryKey: ['invitation', token] as const,
    queryFn: ({ signal }) => api.post('/api/admin/invitations/check', { body: { token }, signal }),
    enabled: token !== '',
    retry: false,
  });

export const useAcceptInvitation = () =>
  useMutation({
    mutationFn: (input: AdminInvitationAcceptInput) => api.post('/api/admin/invitations/accept', { body: input }),
  });
