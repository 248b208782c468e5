import type { Homepage, HomepageSection, Series } from '@episodic/contract';
import { queryOptions } from '@tanstack/react-query';
import { api, takeEarlyData } from '../../shared/api/client';
import type { Language } from '../../shared/i18n/languages';

export type { Homepage, HomepageSection, Series };

/** Cards in one rail of the home screen (the section's "More" page has the rest). */
export const RAIL_SIZE = 12;

/** A featured series; the server may add a landscape `banner` to carousel items. */
export type FeaturedSeries = Series & { banner?: string | null };

function asHomepage(value: Homepage | null | undefined): Homepage {
  return { featured: value?.featured ?? [], sections: value?.sections ?? [] };
}

/** `GET /api/homepage`: the carousel and the sections, localised and in the operator's order. */
export function homepageQuery(language: Language) {
  return queryOptions({
    queryKey: ['catalog', 'homepage', language] as const,
    queryFn: async ({ signal }) => asHomepage(await api.get('/api/homepage', { signal })),
    // The answer index.html asked for, when it has already arrived: the home screen draws it at once.
    initialData: () => {
      const early = takeEarlyData('/api/homepage');
      return early === undefined ? undefined : asHomepage(early);
    },
    staleTime: 60_000,
  });
}

/** The first cards of one category tab of a "categories" section (`GET /api/homepage/query?sectionId&tagId`). */
export function categoryTabQuery(sectionId: number, tagId: number, language: Language) {
  return queryOptions({
    queryKey: ['catalog', 'section-tab', sectionId, tagId, language] as const,
    queryFn: async ({ signal }) => {
      const page = await api.get('/api/homepage/query', {
        query: { sectionId, tagId, page: 1, pageSize: RAIL_SIZE },
        signal,
      });
      return page?.items ?? [];
    },
    staleTime: 60_000,
  });
}
