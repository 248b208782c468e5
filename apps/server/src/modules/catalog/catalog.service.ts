import type { Kysely } from 'kysely';
import type {
  EpisodeListItem,
  EpisodePlayback,
  EpisodeStart,
  Homepage,
  HomepageSection,
  Language,
  Page,
  Series,
  SeriesDetail,
  Tag,
} from '@episodic/contract';
import type { DB } from '../../db/schema';
import { MemoryCache } from '../../cache/memory-cache';
import type { InvalidationBus } from '../../cache/invalidation-bus';
import { notFound } from '../../http/errors';
import * as repo from './catalog.repository';
import { createKept } from './kept';
import { normalizeQuery, toPrefixTsquery } from './search-query';
import { createSearchHistory } from './search-history';
import { episodeTitle } from './episode-title';
import { feedPage } from './feed.service';
import { createLikes } from './likes';
import { createSearchTrends } from './search-trends';
import { masterPlaylistPath } from '../playback/index';
// The catalog quotes a series' price (shown with it, and asked by billing when a series is unlocked).
import { quoteSeriesPrice } from '../billing/index';
import type { AccessService, ViewerAccess } from '../access/index';
import type { AccountCache } from '../../cache/account-cache';
import { createPersonalAnswers, keepsArchived, type SeriesPageRequest } from './personal-answers';
import { createHearts } from './hearts';
import { createSeriesCards } from './series-cards';

/** What the playback side knows about one episode for one viewer. */
export interface EpisodeMedia {
  playable: boolean;
  hls: string | null;
  poster: string | null;
  thumbnail: string | null;
  subtitles: { language: string; url: string }[];
  start: EpisodeStart | null;
}

export interface CatalogDeps {
  db: Kysely<DB>;
  bus: InvalidationBus;
  /** Public address of a stored file (covers, banners). */
  mediaUrl: (key: string) => string;
  episodeMedia: (episodeId: number, userId: string | null) => Promise<EpisodeMedia>;
  /** Who may play what: the lists' lock state and prices. */
  access: Pick<AccessService, 'decide' | 'decideFor' | 'viewer' | 'keptEpisodes'>;
  /** Each viewer's favorite series, kept until a write to their list (cache/account-cache.ts). */
  favorites?: AccountCache<ReadonlySet<number>> | null;
  /** Each viewer's liked series, kept until a write to their likes is announced (null: read each time). */
  liked?: AccountCache<ReadonlySet<number>> | null;
  cacheTtlMs?: number;
}

export interface PageRequest {
  page: number;
  pageSize: number;
}

const RAIL_SIZE = 10;
const TRENDING_DAYS = 7;
const paging = ({ page, pageSize }: PageRequest): repo.Paging => ({
  offset: (page - 1) * pageSize,
  limit: pageSize + 1,
});

export function createCatalogService(deps: CatalogDeps) {
  const { db } = deps;
  const cache = new MemoryCache(deps.cacheTtlMs ?? 30_000);
  // Answers shared by viewers with the same hearts or unlocks: many keys, each rarely shared, kept apart
  // so that their number never pushes the catalog's own entries out.
  const personal = new MemoryCache(deps.cacheTtlMs ?? 30_000, 2000);
  deps.bus.subscribe('catalog', () => {
    cache.clear();
    personal.clear();
    seriesCards.clear();
  });

  /** Marks every cached catalog answer stale, on this instance and the others. */
  const invalidate = () => deps.bus.publish('catalog');
  const kept = createKept(deps);
  const hearts = createHearts(db, deps.favorites);
  const seriesCards = createSeriesCards({
    db,
    mediaUrl: deps.mediaUrl,
    hearts,
    kept,
    cacheTtlMs: deps.cacheTtlMs ?? 30_000,
  });
  const publishedCards = seriesCards.published;
  const isVisible = seriesCards.isVisible;

  async function pageOf(
    key: string,
    lang: Language,
    req: PageRequest,
    ids: (p: repo.Paging) => Promise<number[]>,
  ): Promise<Page<Series>> {
    return cache.get(`${key}:${lang}:${req.page}:${req.pageSize}`, async () => {
      const found = await ids(paging(req));
      const items = await publishedCards(found.slice(0, req.pageSize), lang);
      return { items, page: req.page, pageSize: req.pageSize, hasMore: found.length > req.pageSize };
    });
  }

  /** The categories that have something to watch. */
  const tags = (lang: Language): Promise<Tag[]> => cache.get(`tags:${lang}`, () => repo.listTags(db, lang));

  // Every active section, read once per language until the catalog changes (a section's page asked it each time).
  const sections = (lang: Language) => cache.get(`sections:${lang}`, () => repo.activeSections(db, lang));

  const byTag = (tagId: number, lang: Language, req: PageRequest) =>
    pageOf(`tag:${tagId}`, lang, req, (p) => repo.seriesIdsByTag(db, tagId, p));
  const newest = (lang: Language, req: PageRequest) => pageOf('newest', lang, req, (p) => repo.newestSeriesIds(db, p));
  const trending = (lang: Language, req: PageRequest) =>
    pageOf('trending', lang, req, (p) => repo.trendingSeriesIds(db, TRENDING_DAYS, p));
  const curated = (sectionId: number, lang: Language, req: PageRequest) =>
    pageOf(`section:${sectionId}`, lang, req, (p) => repo.sectionSeriesIds(db, sectionId, p));

  async function sectionContent(
    section: repo.SectionRow,
    lang: Language,
    req: PageRequest,
    tagId?: number,
  ): Promise<Page<Series> & { tabs?: Tag[] }> {
    switch (section.kind) {
      case 'featured':
      case 'curated':
        return curated(section.id, lang, req);
      case 'trending':
        return trending(lang, req);
      case 'newest':
        return newest(lang, req);
      case 'categories': {
        const tabs = await cache.get(`section-tags:${section.id}:${lang}`, () =>
          repo.sectionTags(db, section.id, lang),
        );
        const chosen = tagId ?? tabs[0]?.id;
        const page =
          chosen === undefined
            ? { items: [], page: req.page, pageSize: req.pageSize, hasMore: false }
            : await byTag(chosen, lang, req);
        return { ...page, tabs };
      }
    }
  }

  /** The home screen as everyone sees it before their hearts are set. */
  function sharedHomepage(lang: Language): Promise<Homepage> {
    return cache.get(`homepage:${lang}`, async (): Promise<Homepage> => {
      const active = await sections(lang);
      const rail = { page: 1, pageSize: RAIL_SIZE };
      const featuredSection = active.find((s) => s.kind === 'featured');
      const featured = featuredSection ? (await curated(featuredSection.id, lang, rail)).items : [];
      const built: HomepageSection[] = [];
      for (const section of active) {
        if (section.kind === 'featured') continue;
        const content = await sectionContent(section, lang, rail);
        if (content.items.length === 0 && !content.tabs?.length) continue;
        built.push({
          id: section.id,
          title: section.title,
          kind: section.kind,
          items: content.items,
          hasMore: content.hasMore,
          ...(content.tabs ? { tabs: content.tabs } : {}),
        });
      }
      return { featured, sections: built };
    });
  }

  /** A page of series as everyone sees it (no hearts): a search's, a section's or category's, or the newest. */
  async function sharedPage(request: SeriesPageRequest): Promise<Page<Series>> {
    const { lang } = request;
    const req = { page: request.page, pageSize: request.pageSize };
    if ('search' in request) {
      const normalized = normalizeQuery(request.search);
      if (!normalized) return { items: [], page: req.page, pageSize: req.pageSize, hasMore: false };
      return pageOf(`search:${normalized.toLowerCase()}`, lang, req, (p) =>
        repo.searchSeriesIds(db, normalized, toPrefixTsquery(normalized, lang), lang, p),
      );
    }
    if (request.sectionId !== undefined) {
      const section = (await sections(lang)).find((s) => s.id === request.sectionId);
      if (!section) throw notFound('list_unavailable', 'This list is no longer available.');
      const { items, page, pageSize, hasMore } = await sectionContent(section, lang, req, request.tagId);
      return { items, page, pageSize, hasMore };
    }
    if (request.tagId !== undefined) return byTag(request.tagId, lang, req);
    return newest(lang, req);
  }

  async function episodes(seriesId: number, lang: Language): Promise<repo.EpisodeRow[]> {
    return cache.get(`episodes:${seriesId}:${lang}`, () => repo.episodesOfSeries(db, seriesId, lang));
  }

  /**
   * The episodes this viewer sees: the shared published list plus, for a signed-in viewer, the archived
   * episodes they unlocked (read for them alone, never cached; not looked for when what they hold
   * shows no unlock of this series outside the list).
   */
  async function viewerEpisodes(
    seriesId: number,
    lang: Language,
    userId: string | null,
    held?: ViewerAccess,
  ): Promise<repo.EpisodeRow[]> {
    if (held) {
      const list = await episodes(seriesId, lang);
      if (!keepsArchived(held, seriesId, list)) return list;
    }
    const [list, own] = await Promise.all([episodes(seriesId, lang), kept.episodes(seriesId, lang, userId)]);
    return own.length === 0 ? list : [...list, ...own].sort((a, b) => a.number - b.number);
  }

  /**
   * Every episode with its lock state and price, before any tap; from what the viewer holds when it is
   * given (`access.viewer`, as the list answers do), else read now (a quote that is charged).
   */
  async function episodeList(
    seriesId: number,
    lang: Language,
    userId: string | null,
    held?: ViewerAccess,
  ): Promise<EpisodeListItem[]> {
    const list = await viewerEpisodes(seriesId, lang, userId, held);
    if (list.length === 0 && !(await publishedCards([seriesId], lang)).length)
      throw notFound('series_unavailable', 'This series is not available.');
    const facts = list.map((e) => ({ id: e.id, free: e.free, cost: e.unlock_cost }));
    const access = held ? deps.access.decideFor(held, facts) : await deps.access.decide(userId, facts);
    return list.map((e) => {
      const { playable, reason, price } = access.get(e.id)!;
      return {
        id: e.id,
        number: e.number,
        title: e.title ?? episodeTitle(e.number, lang),
        duration: Math.round(e.duration_ms / 100) / 10,
        free: e.free,
        unlocked: playable,
        access: reason,
        cost: price,
        hls: playable ? masterPlaylistPath(e.id) : null,
      };
    });
  }

  /** A series' page, with the price to unlock what the viewer has not unlocked yet. */
  async function seriesDetail(seriesId: number, lang: Language, userId: string | null): Promise<SeriesDetail> {
    const [published] = await hearts.mark(await publishedCards([seriesId], lang), userId);
    // An archived series answers only a viewer who keeps episodes of it, read for them alone.
    const [card] = published ? [published] : await seriesCards.kept([seriesId], lang, userId);
    if (!card) throw notFound('series_unavailable', 'This series is not available.');
    const archived = !published;
    const [row] = archived
      ? await kept.cardRows([seriesId], lang, userId)
      : await cache.get(`series-row:${seriesId}:${lang}`, () => repo.seriesCards(db, [seriesId], lang));
    // Locks and prices from what the viewer holds, kept in memory until a write to their unlocks or
    // membership (as the episode list answers them); likes as they are now (likes.ts).
    const held = userId ? await deps.access.viewer(userId) : undefined;
    const [list, likeStates] = await Promise.all([
      episodeList(seriesId, lang, userId, held),
      likes.states([seriesId], userId),
    ]);
    const like = likeStates.get(seriesId);
    const lockedTotal = list.filter((e) => !e.unlocked).reduce((sum, e) => sum + e.cost, 0);
    return {
      ...card,
      banner: row?.banner_key ? deps.mediaUrl(row.banner_key) : null,
      seriesPrice: archived ? null : quoteSeriesPrice(lockedTotal, row?.series_price ?? null),
      archived,
      lockedTotal,
      language: lang,
      likeCount: like?.likeCount ?? 0,
      liked: like?.liked ?? false,
    };
  }

  /** The price to unlock what the viewer has not unlocked yet in a series, with those episodes. */
  async function quoteSeries(
    seriesId: number,
    userId: string,
  ): Promise<{ price: number | null; episodeIds: number[] } | null> {
    const [row] = await cache.get(`series-row:${seriesId}:en`, () => repo.seriesCards(db, [seriesId], 'en'));
    if (!row) return null;
    const locked = (await episodeList(seriesId, 'en', userId)).filter((e) => !e.unlocked);
    const total = locked.reduce((sum, e) => sum + e.cost, 0);
    return { price: quoteSeriesPrice(total, row.series_price), episodeIds: locked.map((e) => e.id) };
  }

  /** Playback information for one episode: media addresses only when the viewer may watch it. */
  async function episodePlayback(episodeId: number, lang: Language, userId: string | null): Promise<EpisodePlayback> {
    const seriesId =
      (await cache.get(`episode-series:${episodeId}`, () => repo.episodeSeriesId(db, episodeId))) ??
      (await kept.seriesOfEpisode(episodeId, userId));
    if (seriesId === undefined) throw notFound('episode_unavailable', 'This episode is not available.');
    const list = await viewerEpisodes(seriesId, lang, userId);
    const index = list.findIndex((e) => e.id === episodeId);
    const episode = list[index];
    if (!episode) throw notFound('episode_unavailable', 'This episode is not available.');
    const media = await deps.episodeMedia(episodeId, userId);
    return {
      id: episode.id,
      seriesId,
      number: episode.number,
      title: episode.title ?? episodeTitle(episode.number, lang),
      duration: Math.round(episode.duration_ms / 100) / 10,
      poster: media.poster,
      thumbnail: media.thumbnail,
      free: episode.free,
      cost: episode.free ? 0 : episode.unlock_cost,
      playable: media.playable,
      hls: media.playable ? media.hls : null,
      start: media.playable ? media.start : null,
      subtitles: media.playable ? media.subtitles : [],
      previousId: list[index - 1]?.id ?? null,
      nextId: list[index + 1]?.id ?? null,
    };
  }

  /**
   * The series of a visible episode, with the episode's number and duration in seconds. Given a viewer,
   * also an archived episode that viewer keeps (read for them alone); without one, visible episodes only.
   */
  async function episodeSummary(
    episodeId: number,
    userId: string | null = null,
  ): Promise<{ seriesId: number; number: number; duration: number } | undefined> {
    const seriesId = await cache.get(`episode-series:${episodeId}`, () => repo.episodeSeriesId(db, episodeId));
    const episode =
      seriesId === undefined ? undefined : (await episodes(seriesId, 'en')).find((e) => e.id === episodeId);
    if (seriesId !== undefined && episode)
      return { seriesId, number: episode.number, duration: episode.duration_ms / 1000 };
    return kept.summary(episodeId, userId);
  }

  /** The viewer's For You feed, paged. */
  const feed = (lang: Language, userId: string | null, req: PageRequest) =>
    feedPage(
      { db, cards: seriesCards.forViewer, episodes, memo: (key, load) => cache.get(key, load), likes: likes.states },
      lang,
      userId,
      req,
    );

  const likes = createLikes({
    db,
    isVisible,
    bus: deps.bus,
    liked: deps.liked,
    cacheTtlMs: deps.cacheTtlMs ?? 30_000,
  });
  const searchTrends = createSearchTrends({
    db,
    findsSomething: async (query, lang) =>
      (await sharedPage({ search: query, lang, page: 1, pageSize: 1 })).items.length > 0,
  });

  const answers = createPersonalAnswers({
    sharedHomepage,
    episodes,
    episodeList,
    favorites: hearts.of,
    sharedPage,
    viewer: (userId) => deps.access.viewer(userId),
    memo: (key, load) => cache.get(key, load),
    personalMemo: (key, load) => personal.get(key, load),
  });

  return {
    invalidate,
    answers,
    feed,
    likes,
    searchTrends,
    /** Keeps a value derived from catalog data (a serialized answer) until the catalog changes. */
    memo: <T>(key: string, load: () => Promise<T>): Promise<T> => cache.get(key, load),
    seriesCards: seriesCards.forViewer,
    keptSeriesCards: seriesCards.kept,
    /** The series in the viewer's list, most recently added first (kept until a write to the list). */
    favoriteSeries: (userId: string): Promise<ReadonlySet<number>> => hearts.of(userId),
    isVisible,
    episodeSummary,
    tags,
    seriesDetail,
    quoteSeries,
    episodeList,
    episodePlayback,
    searchHistory: createSearchHistory(db),
    /** For tests and the admin console: the visible episode ids of a series. */
    episodeIds: async (seriesId: number) => (await episodes(seriesId, 'en')).map((e) => e.id),
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
