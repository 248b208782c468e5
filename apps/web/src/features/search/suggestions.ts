import type { ApiData } from '@episodic/api-client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../shared/api/client';
import { useLanguage } from '../../shared/i18n/use-language';
import { normalizeQuery } from './local-search-history';

/** `/api/video?keyword` answers a page (with `id` it answers a series instead). */
type SeriesPage = Extract<ApiData<'/api/video', 'get'>, { items: unknown }>;

export const SUGGESTION_COUNT = 6;
export const SUGGEST_DELAY_MS = 250;

/** `value`, once it has stopped changing for `delay` ms (`initial` until then). */
export function useDebouncedValue<T>(value: T, delay: number, initial: T = value): T {
  const [settled, setSettled] = useState(initial);
  useEffect(() => {
    const timer = window.setTimeout(() => {
      setSettled(value);
    }, delay);
    return () => {
      window.clearTimeout(timer);
    };
  }, [value, delay]);
  return settled;
}

/**
 * The top titles for what is being typed, asked for once typing pauses. A request overtaken by newer
 * typing is cancelled (TanStack Query aborts the signal of a query nobody watches any more).
 */
export function useSuggestions(text: string, enabled: boolean) {
  const language = useLanguage();
  // Starts empty: the first letter typed waits for the pause like the others.
  const term = normalizeQuery(useDebouncedValue(text, SUGGEST_DELAY_MS, ''));
  const query = useQuery({
    queryKey: ['catalog', 'suggestions', term, language] as const,
    queryFn: async ({ signal }) => {
      const page = (await api.get('/api/video', {
        query: { keyword: term, page: 1, pageSize: SUGGESTION_COUNT },
        signal,
      })) as SeriesPage | null;
      return page?.items ?? [];
    },
    enabled: enabled && term !== '',
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  return { ...query, term, settled: term === normalizeQuery(text) };
}
