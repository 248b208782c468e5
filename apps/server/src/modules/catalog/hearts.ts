import type { Kysely } from 'kysely';
import type { Series } from '@episodic/contract';
import type { DB } from '../../db/schema';
import type { AccountCache } from '../../cache/account-cache';
import { favoriteSeriesIds, favoriteSeriesIdsOf } from './catalog.repository';

/** The items with the `favorite` flag set on the given series (the same array when there are none). */
export function markHearts<T extends Pick<Series, 'id' | 'favorite'>>(items: T[], hearts: ReadonlySet<number>): T[] {
  return hearts.size === 0 ? items : items.map((s) => (hearts.has(s.id) ? { ...s, favorite: true } : s));
}

/**
 * The viewer's hearts (the series in their list) on the catalog's answers, which are cached without
 * them. With a cache, a viewer's whole list is read once and kept until a write to it is announced.
 */
export function createHearts(db: Kysely<DB>, favorites: AccountCache<ReadonlySet<number>> | null | undefined) {
  /** Every series in the viewer's list, most recently added first. */
  const of = (userId: string): Promise<ReadonlySet<number>> =>
    favorites ? favorites.get(userId, () => favoriteSeriesIdsOf(db, userId)) : favoriteSeriesIdsOf(db, userId);

  /** Which of these series the viewer keeps in their list. */
  async function among(userId: string, ids: readonly number[]): Promise<ReadonlySet<number>> {
    if (ids.length === 0) return new Set();
    if (!favorites) return favoriteSeriesIds(db, userId, ids);
    const all = await of(userId);
    return new Set(ids.filter((id) => all.has(id)));
  }

  /** Sets each series' `favorite` flag for the viewer. */
  async function mark<T extends Pick<Series, 'id' | 'favorite'>>(items: T[], userId: string | null): Promise<T[]> {
    if (!userId || items.length === 0) return items;
    const hearts = await among(
      userId,
      items.map((s) => s.id),
    );
    return markHearts(items, hearts);
  }

  return { of, among, mark };
}
