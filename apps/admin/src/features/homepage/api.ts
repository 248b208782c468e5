import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminSection, AdminSectionInput } from '@episodic/contract';
import { api } from '../../shared/api';
import { useAdminMutation } from '../../shared/mutation';

export const sectionsQuery = queryOptions({ queryKey: ['admin', 'homepage'] as const, queryFn: ({ signal }) => api.get<AdminSection[]>('/api/admin/homepage', signal) });

export const useSections = () => useQuery(sectionsQuery);

export function useSectionMutations() {
  const areas = ['homepage'];
  return {
    create: useAdminMutation((input: AdminSectionInput) => api.post<AdminSection>('/api/admin/homepage/sections', input), areas),
    update: useAdminMutation(({ id, input }: { id: number; input: AdminSectionInput }) => api.patch<AdminSection>(`/api/admin/homepage/sections/${id}`, input), areas),
    remove: useAdminMutation((id: number) => api.del<unknown>(`/api/admin/homepage/sections/${id}`), areas),
    items: useAdminMutation(({ id, seriesIds }: { id: number; seriesIds: number[] }) => api.put<AdminSection>(`/api/admin/homepage/sections/${id}/items`, { seriesIds }), areas),
    tags: useAdminMutation(({ id, tagIds }: { id: number; tagIds: number[] }) => api.put<AdminSection>(`/api/admin/homepage/sections/${id}/tags`, { tagIds }), areas),
    reorder: useAdminMutation((ids: number[]) => api.put<AdminSection[]>('/api/admin/homepage/order', { ids }), areas),
  };
}
