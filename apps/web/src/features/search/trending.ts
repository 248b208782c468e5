import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { useLanguage } from '../../shared/i18n/use-language';

/** The searches many viewers made lately in the interface language (the server applies the privacy rule). */
export function useTrendingSearches() {
  const language = useLanguage();
  return useQuery({
    queryKey: ['search', 'trending', language] as const,
    queryFn: async ({ signal }) => (await api.get('/api/search/trending', { signal })) ?? [],
    // The server recounts every few minutes.
    staleTime: 5 * 60_000,
  });
}

/**
 * Counts a submitted search toward trending searches. Nothing depends on it: a failure is dropped
 * silently (the viewer already has their results).
 */
export function countSearch(query: string): void {
  api.post('/api/search/trending', { body: { query } }).catch(() => undefined);
}
