import {
  EmptySchema,
  EnvelopeOf,
  EpisodeAnswerSchema,
  EpisodeQuerySchema,
  FeedPageSchema,
  FeedQuerySchema,
  ForgetSearchQuerySchema,
  HomepageSchema,
  HomepageSectionQuerySchema,
  LangQuerySchema,
  LikeInputSchema,
  LikeStateSchema,
  PlayInputSchema,
  SearchHistoryListSchema,
  SearchInputSchema,
  SeriesPageSchema,
  TagListSchema,
  TrendingSearchListSchema,
  VideoAnswerSchema,
  VideoQuerySchema,
  DEFAULT_PAGE_SIZE,
} from '@episodic/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppInstance } from '../../http/types';
import { ok } from '../../http/envelope';
import { prebuildJson, sendPrebuilt, type PrebuiltJson } from '../../http/prebuilt';
import { TooManyRequests, fieldProblem, invalidInput } from '../../http/errors';
import { addressKey } from '../../http/client-address';
import type { RateLimiter, RateLimitRule } from '../../cache/rate-limiter';
import { requireAccount, requireSession } from '../../http/auth';
import { requestLanguage } from '../../http/language';
import type { CatalogService } from './catalog.service';
import type { PlayCounter } from './play-counter';
import type { ListAnswer } from './personal-answers';

async function viewerId(req: FastifyRequest): Promise<string | null> {
  return (await req.auth())?.userId ?? null;
}

// Searching is the catalog's one call where every new keyword is a new database query: each viewer
// (their session, else their address) gets what typing needs, and one address, however many phones
// share it, a ceiling well above what people type.
const SEARCH_LIMITS = {
  perViewer: { limit: 60, windowSeconds: 60, burst: { limit: 240, windowSeconds: 3600 } },
  perAddress: { limit: 1200, windowSeconds: 60 },
} satisfies Record<string, RateLimitRule>;

export function registerCatalogRoutes(
  app: AppInstance,
  catalog: CatalogService,
  plays: Pick<PlayCounter, 'started'>,
  limiter?: RateLimiter,
): void {
  /** A list answer serialized and compressed once for every viewer its key names. */
  function prebuilt<T>(reply: FastifyReply, answer: ListAnswer<T>): Promise<PrebuiltJson> {
    return catalog.answers.memo(answer, async () => prebuildJson(reply.serialize(ok(await answer.build())) as string));
  }

  async function limitSearch(req: FastifyRequest, userId: string | null): Promise<void> {
    if (!limiter) return;
    const address = addressKey(req.ip);
    const waits = await Promise.all([
      limiter.hit(`search:viewer:${userId ?? address}`, SEARCH_LIMITS.perViewer),
      limiter.hit(`search:ip:${address}`, SEARCH_LIMITS.perAddress),
    ]);
    const wait = Math.max(...waits);
    if (wait > 0)
      throw new TooManyRequests(`Too many searches. Please wait ${wait} second${wait === 1 ? '' : 's'}.`, wait);
  }

  app.get(
    '/api/tag',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Categories that have something to watch',
        querystring: LangQuerySchema,
        response: { 200: EnvelopeOf(TagListSchema) },
      },
    },
    async (req) => ok(await catalog.tags(requestLanguage(req))),
  );

  app.get(
    '/api/homepage',
    {
      schema: {
        tags: ['catalog'],
        summary: 'The featured carousel and the home sections',
        querystring: LangQuerySchema,
        response: { 200: EnvelopeOf(HomepageSchema) },
      },
    },
    async (req, reply) => {
      // Everyone without a session, and every viewer with no heart on it, sees the same document:
      // serialized once per language (viewers with the same hearts share theirs).
      const answer = await catalog.answers.homepage(requestLanguage(req), await viewerId(req));
      return sendPrebuilt(req, reply, await prebuilt(reply, answer));
    },
  );

  app.get(
    '/api/homepage/query',
    {
      schema: {
        tags: ['catalog'],
        summary: 'One home section (or one category tab) as a paged list',
        querystring: HomepageSectionQuerySchema,
        response: { 200: EnvelopeOf(SeriesPageSchema) },
      },
    },
    async (req, reply) => {
      const { sectionId, tagId, page = 1, pageSize = DEFAULT_PAGE_SIZE } = req.query;
      const request = { sectionId, tagId, lang: requestLanguage(req), page, pageSize };
      return sendPrebuilt(
        req,
        reply,
        await prebuilt(reply, await catalog.answers.seriesPage(request, await viewerId(req))),
      );
    },
  );

  app.get(
    '/api/video',
    {
      schema: {
        tags: ['catalog'],
        summary: 'A series by id; or series of a category (tagId), or matching a keyword, paged',
        querystring: VideoQuerySchema,
        response: { 200: EnvelopeOf(VideoAnswerSchema) },
      },
    },
    async (req, reply) => {
      const { id, tagId, keyword, page = 1, pageSize = DEFAULT_PAGE_SIZE } = req.query;
      const lang = requestLanguage(req);
      const user = await viewerId(req);
      if (id !== undefined) return ok(await catalog.seriesDetail(id, lang, user));
      // Searches and categories are served like the homepage: serialized and compressed once per page
      // and viewers' hearts on it; a search is counted against the viewer's limit before it is answered.
      if (keyword !== undefined) await limitSearch(req, user);
      const request =
        keyword !== undefined ? { search: keyword, lang, page, pageSize } : { tagId, lang, page, pageSize };
      return sendPrebuilt(req, reply, await prebuilt(reply, await catalog.answers.seriesPage(request, user)));
    },
  );

  app.get(
    '/api/video/feed',
    {
      schema: {
        tags: ['catalog'],
        summary:
          "The For You feed: series' first episodes ranked for the viewer (their history, list and categories, then trending), without the series they finished; the same trending feed without a session",
        querystring: FeedQuerySchema,
        response: { 200: EnvelopeOf(FeedPageSchema) },
      },
    },
    async (req) => {
      const { page = 1, pageSize = DEFAULT_PAGE_SIZE } = req.query;
      return ok(await catalog.feed(requestLanguage(req), await viewerId(req), { page, pageSize }));
    },
  );

  app.get(
    '/api/video/episode',
    {
      schema: {
        tags: ['catalog'],
        summary: "A series' episodes with lock state and price (seriesId), or one episode's playback information (id)",
        querystring: EpisodeQuerySchema,
        response: { 200: EnvelopeOf(EpisodeAnswerSchema) },
      },
    },
    async (req, reply) => {
      const { seriesId, id } = req.query;
      const lang = requestLanguage(req);
      if (id !== undefined) return ok(await catalog.episodePlayback(id, lang, await viewerId(req)));
      if (seriesId !== undefined) {
        // Visitors, and viewers with no unlock in the series and no membership, share one list,
        // serialized and compressed once per catalog version; viewers with the same unlocks share theirs.
        const answer = await catalog.answers.episodeList(seriesId, lang, await viewerId(req));
        if (answer.key === null) return ok(await answer.build());
        return sendPrebuilt(req, reply, await prebuilt(reply, answer));
      }
      throw invalidInput({ seriesId: fieldProblem('target_required', 'Give a series id or an episode id.') });
    },
  );

  app.post(
    '/api/video/play',
    {
      schema: {
        tags: ['catalog'],
        summary:
          "Starts a play of an episode the viewer may watch (others are ignored): it counts (once per viewer per day; guests and accounts younger than a day once per series, address and day) when the viewer's progress report (POST /api/user/history) shows a few seconds watched",
        body: PlayInputSchema,
        response: { 200: EnvelopeOf(EmptySchema) },
      },
    },
    async (req) => {
      const viewer = await viewerId(req);
      if (viewer) await plays.started(req.body.episodeId, viewer);
      return ok({});
    },
  );

  app.get(
    '/api/search/history',
    {
      schema: {
        tags: ['catalog'],
        summary: "A signed-in viewer's recent searches",
        response: { 200: EnvelopeOf(SearchHistoryListSchema) },
      },
    },
    async (req) => ok(await catalog.searchHistory.list((await requireAccount(req)).userId)),
  );

  app.post(
    '/api/search/history',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Remembers a search',
        body: SearchInputSchema,
        response: { 200: EnvelopeOf(EmptySchema) },
      },
    },
    async (req) => {
      await catalog.searchHistory.remember((await requireAccount(req)).userId, req.body.query);
      return ok({});
    },
  );

  app.delete(
    '/api/search/history',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Forgets one search (query) or all of them',
        querystring: ForgetSearchQuerySchema,
        response: { 200: EnvelopeOf(EmptySchema) },
      },
    },
    async (req) => {
      await catalog.searchHistory.forget((await requireAccount(req)).userId, req.query.query);
      return ok({});
    },
  );

  app.post(
    '/api/video/like',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Likes a series (once per viewer: liking again changes nothing); answers its likes',
        body: LikeInputSchema,
        response: { 200: EnvelopeOf(LikeStateSchema) },
      },
    },
    async (req) => ok(await catalog.likes.like((await requireSession(req)).userId, req.body.seriesId)),
  );

  app.delete(
    '/api/video/like',
    {
      schema: {
        tags: ['catalog'],
        summary: "Takes back the viewer's like of a series (none to take back changes nothing); answers its likes",
        querystring: LikeInputSchema,
        response: { 200: EnvelopeOf(LikeStateSchema) },
      },
    },
    async (req) => ok(await catalog.likes.unlike((await requireSession(req)).userId, req.query.seriesId)),
  );

  app.get(
    '/api/search/trending',
    {
      schema: {
        tags: ['catalog'],
        summary:
          'The searches most viewers made in the last 7 days in this language: only queries at least 3 viewers made and that find something',
        querystring: LangQuerySchema,
        response: { 200: EnvelopeOf(TrendingSearchListSchema) },
      },
    },
    async (req) => ok(await catalog.searchTrends.trending(requestLanguage(req))),
  );

  app.post(
    '/api/search/trending',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Counts a search the viewer submitted toward trending searches (once per viewer, query and day)',
        body: SearchInputSchema,
        response: { 200: EnvelopeOf(EmptySchema) },
      },
    },
    async (req) => {
      const { userId } = await requireSession(req);
      await limitSearch(req, userId);
      await catalog.searchTrends.count(userId, requestLanguage(req), req.body.query);
      return ok({});
    },
  );
}
