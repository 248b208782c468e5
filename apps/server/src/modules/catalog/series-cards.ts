import type { Kysely } from 'kysely';
import type { Language, Series, Tag } from '@episodic/contract';
import type { DB } from '../../db/schema';
import { MemoryCache } from '../../cache/memory-cache';
import * as repo from './catalog.repository';
import type { createHearts } from './hearts';
import type { createKept } from './kept';

export interface SeriesCardsDeps {
  db: Kysely<DB>;
  mediaUrl: (key: string) => string;
  hearts: ReturnType<typeof createHearts>;
  kept: ReturnType<typeof createKept>;
  cacheTtlMs: number;
}

/**
 * Series cards, the unit of every list. A visible series' card is kept per language until the catalog
 * changes (`clear`), shared by every list that shows it (pages, a viewer's history, list and unlocks, the
 * feed); archived series are carded for the viewer who keeps them alone, never cached.
 */
export function createSeriesCards({ db, mediaUrl, hearts, kept, cacheTtlMs }: SeriesCardsDeps) {
  // Kept apart from the catalog's answers: a large catalog has more cards than answers.
  const cache = new MemoryCache(cacheTtlMs, 20_000);

  async function build(
    ids: readonly number[],
    lang: Language,
    rowsOf = (): Promise<repo.SeriesCardRow[]> => repo.seriesCards(db, ids, lang),
  ): Promise<Series[]> {
    if (ids.length === 0) return [];
    const [rows, tags] = await Promise.all([rowsOf(), repo.tagsOfSeries(db, ids, lang)]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const tagsBySeries = new Map<number, Tag[]>();
    for (const t of tags) {
      const list = tagsBySeries.get(t.series_id) ?? [];
      list.push({ id: t.id, name: t.name });
      tagsBySeries.set(t.series_id, list);
    }
    return ids.flatMap((id) => {
      const r = byId.get(id);
      if (!r) return [];
      return [
        {
          id: r.id,
          title: r.title,
          synopsis: r.synopsis,
          cover: r.cover_key ? mediaUrl(r.cover_key) : null,
          tags: tagsBySeries.get(id) ?? [],
          episodeCount: r.episode_count,
          freeEpisodes: r.free_count,
          playCount: r.play_count,
          favorite: false,
          accentColor: r.accent_color,
        },
      ];
    });
  }

  /** Cards of visible series in the given order (an id not visible is left out), without hearts. */
  async function published(ids: readonly number[], lang: Language): Promise<Series[]> {
    if (ids.length === 0) return [];
    const keyOf = (id: number) => `card:${String(id)}:${lang}`;
    const idOf = new Map(ids.map((id) => [keyOf(id), id]));
    const found = await cache.getMany([...idOf.keys()], async (missing) => {
      const wanted = missing.map((key) => idOf.get(key)!);
      return new Map((await build(wanted, lang)).map((card) => [keyOf(card.id), card]));
    });
    return ids.flatMap((id) => found.get(keyOf(id)) ?? []);
  }

  return {
    published,
    /** Cards of the given series (visible ones, in the given order) with the viewer's favorite flags. */
    forViewer: async (ids: readonly number[], lang: Language, userId: string | null): Promise<Series[]> =>
      hearts.mark(await published(ids, lang), userId),
    /** Cards of archived series in which this viewer keeps unlocked episodes (never cached). */
    async kept(ids: readonly number[], lang: Language, userId: string | null): Promise<Series[]> {
      if (!userId || ids.length === 0) return [];
      return hearts.mark(await build(ids, lang, () => kept.cardRows(ids, lang, userId)), userId);
    },
    /** Whether a series can be shown to viewers now. */
    isVisible: async (seriesId: number): Promise<boolean> => (await published([seriesId], 'en')).length > 0,
    clear: () => cache.clear(),
  };
}
