import type { Tag } from '@episodic/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../shared/i18n/use-translation';
import { api } from '../../shared/api/client';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../shared/i18n/languages';

export type { Tag };

/** Categories (`GET /api/tag`); names come in the interface language, so the language is part of the key. */
export function tagsQuery(language: Language) {
  return queryOptions({
    queryKey: ['tags', language] as const,
    queryFn: async ({ signal }) => {
      const tags = await api.get('/api/tag', { query: { lang: language }, signal });
      return Array.isArray(tags) ? tags : [];
    },
    staleTime: 10 * 60_000,
  });
}

export function useTags(enabled: boolean) {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
  return useQuery({ ...tagsQuery(language), enabled });
}
