import type { RewardsState } from '@episodic/contract';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { pagedQuery } from '../../shared/api/paged';
import { formFailure } from '../../shared/forms/server-messages';
import type { Language } from '../../shared/i18n/languages';
import { useTranslation } from '../../shared/i18n/use-translation';
import { currentUserKey, currentUserQuery } from '../../shared/session/current-user';
import { toast } from '../../shared/ui/toast-store';

/** Every rewards and wallet query starts with this key. */
export const rewardsKey = ['rewards'] as const;
export const WALLET_PAGE_SIZE = 20;

// A first visit straight to the wallet must wait for the current-user call, which makes the guest session.
const withSession = (queryClient: QueryClient) => queryClient.ensureQueryData(currentUserQuery);

/** What the viewer can collect today, and their two balances (`GET /api/rewards`). */
export const rewardsQuery = (queryClient: QueryClient) =>
  queryOptions({
    queryKey: [...rewardsKey, 'state'],
    queryFn: async ({ signal }) => {
      await withSession(queryClient);
      return api.get('/api/rewards', { signal });
    },
  });

/** Every coin movement, newest first, with what it was for in `language` (`GET /api/wallet`). */
export const walletQuery = (language: Language, queryClient: QueryClient) =>
  pagedQuery({
    queryKey: [...rewardsKey, 'wallet', language],
    path: '/api/wallet',
    params: { lang: language },
    pageSize: WALLET_PAGE_SIZE,
    before: () => withSession(queryClient),
  });

/**
 * Collects a reward (welcome coins or today's check-in): the answer is the new state; the wallet's
 * lines and the coins shown elsewhere are read again.
 */
export function useClaimReward(kind: 'welcome' | 'check-in', success: (state: RewardsState) => string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(kind === 'welcome' ? '/api/rewards/welcome' : '/api/rewards/check-in', { body: {} }),
    onSuccess: (state) => {
      queryClient.setQueryData([...rewardsKey, 'state'], state);
      toast(success(state), 'success');
    },
    onError: (error) => {
      const { message } = formFailure(error, t);
      if (message) toast(message, 'error');
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: rewardsKey }),
        queryClient.invalidateQueries({ queryKey: currentUserKey }),
      ]),
  });
}
