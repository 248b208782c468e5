import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { StorageKey, removeStored } from '../../shared/storage';

/** Ends the session; the next user fetch starts a fresh guest session. */
export async function logout(): Promise<void> {
  await api.post('/api/user/logout');
  // The old token is revoked; sending it again would only be refused.
  removeStored(StorageKey.userToken);
  removeStored(StorageKey.userId);
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    // Everything cached belonged to the old session: reset it all, refetching what is on screen.
    onSuccess: () => queryClient.resetQueries(),
  });
}
