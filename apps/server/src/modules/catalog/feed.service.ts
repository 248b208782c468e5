import type { FeedItem, Language, LikeState, Page, Series } from '@episodic/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { EpisodeRow } from './catalog.repository';
import { feedSeries, type FeedRow } from './feed.repository';

export interface FeedDeps {
  db: Kysely<DB>;
  /** Cards of visible series in the given order, with the viewer's list flags. */
  cards: (ids: readonly number[], lang: Language, userId: string | null) => Promise<Series[]>;
  /** A series' visible episodes in order (cached by the catalog). */
  episodes: (seriesId: number, lang: Language) => Promise<EpisodeRow[]>;
  /** Keeps an answer until the catalog changes (the feed of viewers without a session). */
  memo: <T>(key: string, load: () => Promise<T>) => Promise<T>;
  /** Like counts and the viewer's likes, as they are now. */
  likes: (seriesIds: readonly number[], userId: string | null) => Promise<Map<number, LikeState>>;
}

const TRENDING_DAYS = 7;

/** An item before its likes, which are added to each answer as they are now (a viewer who just liked sees it). */
type Unliked = Omit<FeedItem, 'liked' | 'likeCount'>;

/** Where "continue" opens a series: the saved place (the next episode after a finished one), else episode 2. */
export function continueAt(list: readonly Pick<EpisodeRow, 'id' | 'number'>[], row: FeedRow): FeedItem['continueAt'] {
  const index = row.episode_id === null ? -1 : list.findIndex((e) => e.id === row.episode_id);
  const saved = list[index];
  if (saved) {
    const after = list[index + 1];
    if (row.finished && after) return { number: after.number, position: 0, saved: true };
    return {
      number: saved.number,
      position: row.finished ? 0 : Math.round((row.position_ms ?? 0) / 100) / 10,
      saved: true,
    };
  }
  return { number: (list[1] ?? list[0])?.number ?? 1, position: 0, saved: false };
}

async function build(deps: FeedDeps, lang: Language, userId: string | null, req: { page: number; pageSize: number }) {
  const rows = await feedSeries(deps.db, userId, TRENDING_DAYS, {
    offset: (req.page - 1) * req.pageSize,
    limit: req.pageSize + 1,
  });
  const shown = rows.slice(0, req.pageSize);
  const [cards, lists] = await Promise.all([
    deps.cards(
      shown.map((r) => r.id),
      lang,
      userId,
    ),
    Promise.all(shown.map((r) => deps.episodes(r.id, lang))),
  ]);
  const bySeries = new Map(cards.map((c) => [c.id, c]));
  const items = shown.flatMap((row, i): Unliked[] => {
    const series = bySeries.get(row.id);
    const list = lists[i] ?? [];
    const first = list[0];
    if (!series || !first) return [];
    return [
      {
        series,
        episode: { id: first.id, number: first.number, duration: Math.round(first.duration_ms / 100) / 10 },
        continueAt: continueAt(list, row),
      },
    ];
  });
  return { items, page: req.page, pageSize: req.pageSize, hasMore: rows.length > req.pageSize };
}

/**
 * The For You feed: first episodes across series, ranked for the viewer (their history, list and
 * categories, then what is trending), without the series they finished. Without a session everyone
 * gets the same trending feed, kept until the catalog changes.
 */
export async function feedPage(
  deps: FeedDeps,
  lang: Language,
  userId: string | null,
  req: { page: number; pageSize: number },
): Promise<Page<FeedItem>> {
  const page = userId
    ? await build(deps, lang, userId, req)
    : await deps.memo(`feed:${lang}:${String(req.page)}:${String(req.pageSize)}`, () => build(deps, lang, null, req));
  const likes = await deps.likes(
    page.items.map((item) => item.series.id),
    userId,
  );
  return {
    ...page,
    items: page.items.map((item) => {
      const like = likes.get(item.series.id);
      return { ...item, likeCount: like?.likeCount ?? 0, liked: like?.liked ?? false };
    }),
  };
}
