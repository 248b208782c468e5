import type { Kysely } from 'kysely';
import type { SearchHistoryEntry } from '@episodic/contract';
import type { DB } from '../../db/schema';
import { normalizeQuery } from './search-query';
import { deleteSearches, recentSearches, upsertSearch } from './search-history.repository';

/** A signed-in viewer's recent searches, kept as normalized queries (one entry per query). */
export function createSearchHistory(db: Kysely<DB>) {
  return {
    /** The viewer's recent searches, newest first. */
    async list(userId: string): Promise<SearchHistoryEntry[]> {
      const rows = await recentSearches(db, userId);
      return rows.map((r) => ({ query: r.query, searchedAt: r.searched_at.toISOString() }));
    },
    /** Moves a search to the top of the viewer's history (a blank one is not kept). */
    async remember(userId: string, keyword: string): Promise<void> {
      const query = normalizeQuery(keyword);
      if (!query) return;
      await upsertSearch(db, userId, query);
    },
    /** Forgets one search, or every search without a keyword. */
    async forget(userId: string, keyword: string | undefined): Promise<void> {
      await deleteSearches(db, userId, keyword === undefined ? undefined : normalizeQuery(keyword));
    },
  };
}
