import { useInfiniteQuery } from '@tanstack/react-query';
import { pagedQuery } from '../../shared/api/paged';
import { useLanguage } from '../../shared/i18n/use-language';

/** Cards per page of a 3-column grid: whole rows. */
export const GRID_PAGE_SIZE = 18;

/** A positive whole number from a route parameter, or null. */
export function parseId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

/** The series of a category (`GET /api/video?tagId`), paged. */
export function useCategorySeries(tagId: number | null) {
  const language = useLanguage();
  return useInfiniteQuery({
    ...pagedQuery({
      queryKey: ['catalog', 'category', tagId, language],
      path: '/api/video',
      params: { tagId },
      pageSize: GRID_PAGE_SIZE,
    }),
    enabled: tagId !== null,
  });
}

/** All series of a home section (`GET /api/homepage/query?sectionId`), paged. */
export function useSectionSeries(sectionId: number | null) {
  const language = useLanguage();
  return useInfiniteQuery({
    ...pagedQuery({
      queryKey: ['catalog', 'section', sectionId, language],
      path: '/api/homepage/query',
      params: { sectionId },
      pageSize: GRID_PAGE_SIZE,
    }),
    enabled: sectionId !== null,
  });
}

/** Search results (`GET /api/video?keyword`: full text, typo tolerant, every language), paged. */
export function useSearchResults(keyword: string) {
  const language = useLanguage();
  const trimmed = keyword.trim();
  return useInfiniteQuery({
    ...pagedQuery({
      queryKey: ['catalog', 'search', trimmed, language],
      path: '/api/video',
      params: { keyword: trimmed },
      pageSize: GRID_PAGE_SIZE,
    }),
    enabled: trimmed !== '',
  });
}
