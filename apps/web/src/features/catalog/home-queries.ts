import type { Homepage, HomepageSection, Series } from '@episodic/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import type { Language } from '../../shared/i18n/languages';

export type { Homepage, HomepageSection, Series };

/** Cards in one rail of the home screen (the section's "More" page has the rest). */
export const RAIL_SIZE = 12;

/** A featured series; the server may add a landscape `banner` to carousel items. */
export type FeaturedSeries = Series & { banner?: string | null };

function asHomepage(value: Homepage | null | undefined): Homepage {
  return { featured: value?.featured ?? [], sections: value?.sections ?? [] };
}

declare global {
  interface Window {
    /** The home screen's answer asked for by index.html while the code loads. */
    __episodicHome?: { language: string; answer: Promise<unknown> } | undefined;
  }
}

/** Takes over index.html's early request for the home screen, once, when it was made for this language. */
async function earlyHomepage(language: Language): Promise<Homepage | null> {
  const early = window.__episodicHome;
  window.__episodicHome = undefined;
  if (early?.language !== language) return null;
  const answer = (await early.answer) as { code?: number; data?: Homepage | null } | null;
  return answer?.code === 200 && answer.data ? asHomepage(answer.data) : null;
}

/** `GET /api/homepage`: the carousel and the sections, localised and in the operator's order. */
export function homepageQuery(language: Language) {
  return queryOptions({
    queryKey: ['catalog', 'homepage', language] as const,
    queryFn: async ({ signal }) => (await earlyHomepage(language)) ?? asHomepage(await api.get<Homepage | null>('/api/homepage', undefined, { signal })),
    staleTime: 60_000,
  });
}

/** The first cards of one category tab of a "categories" section (`GET /api/homepage/query?sectionId&tagId`). */
export function categoryTabQuery(sectionId: number, tagId: number, language: Language) {
  return queryOptions({
    queryKey: ['catalog', 'section-tab', sectionId, tagId, language] as const,
    queryFn: async ({ signal }) => {
      const page = await api.get<{ items?: Series[] } | null>('/api/homepage/query', { sectionId, tagId, page: 1, pageSize: RAIL_SIZE }, { signal });
      return page?.items ?? [];
    },
    staleTime: 60_000,
  });
}
