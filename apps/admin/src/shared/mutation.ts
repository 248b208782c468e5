import { useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * A console change: on success the given cached areas (`['admin', area]`) are refreshed, and the
 * audit log, which records every change, with them.
 */
export function useAdminMutation<I, O>(
  fn: (input: I) => Promise<O>,
  areas: readonly string[],
  after?: (result: O) => void,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (result) => {
      after?.(result);
      await Promise.all(
        [...new Set([...areas, 'audit'])].map((area) => client.invalidateQueries({ queryKey: ['admin', area] })),
      );
    },
  });
}
