import type { Kysely } from 'kysely';
import type { Language, TrendingSearch } from '@episodic/contract';
import type { DB } from '../../db/schema';
import { MemoryCache } from '../../cache/memory-cache';
import { countSearch, pruneSearchCounts, searchViewers, trendingQueries } from './search-trends.repository';
import { normalizeQuery } from './search-query';

/** The window trending searches are counted over. */
export const TRENDING_SEARCH_DAYS = 7;
/**
 * The privacy rule: a query shows as trending only once this many different viewers searched it in
 * the window, and only if it finds something (checked when it is counted), so what one person types
 * never reaches other people's screens.
 */
export const TRENDING_MIN_VIEWERS = 3;
const TRENDING_COUNT = 8;
/** Trending changes slowly: each instance asks the database at most every five minutes per language. */
const TRENDING_TTL_MS = 5 * 60_000;

export interface SearchTrendsDeps {
  db: Kysely<DB>;
  /** Whether a query finds at least one series (the catalog's cached search). */
  findsSomething: (query: string, lang: Language) => Promise<boolean>;
  minViewers?: number;
}

export function createSearchTrends(deps: SearchTrendsDeps) {
  const cache = new MemoryCache(TRENDING_TTL_MS);
  const minViewers = deps.minViewers ?? TRENDING_MIN_VIEWERS;
  return {
    /**
     * Counts a submitted search of a viewer (lower-cased, so "CEO" and "ceo" count together). The search
     * that makes a query trend shows it at once here rather than after the cache's five minutes.
     */
    async count(userId: string, lang: Language, keyword: string): Promise<void> {
      const query = normalizeQuery(keyword).toLowerCase();
      if (!query || !(await deps.findsSomething(query, lang))) return;
      await countSearch(deps.db, userId, lang, query);
      if ((await searchViewers(deps.db, lang, query, TRENDING_SEARCH_DAYS)) === minViewers) cache.clear();
    },
    trending(lang: Language): Promise<TrendingSearch[]> {
      return cache.get(`trending:${lang}`, async () =>
        (await trendingQueries(deps.db, lang, { days: TRENDING_SEARCH_DAYS, minViewers, limit: TRENDING_COUNT })).map(
          (query) => ({ query }),
        ),
      );
    },
    /** Keeps a day more than the window. */
    prune: () => pruneSearchCounts(deps.db, TRENDING_SEARCH_DAYS + 1),
    /** For tests: the next answer is read from the database again. */
    refresh: () => cache.clear(),
  };
}

export type SearchTrends = ReturnType<typeof createSearchTrends>;
