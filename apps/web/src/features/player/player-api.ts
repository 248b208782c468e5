import type { ApiData } from '@episodic/api-client';
import type { Plan } from '@episodic/contract';
import { FEED_PAGE_SIZE } from '@episodic/contract/constants';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api, takeEarlyData } from '../../shared/api/client';
import type { Language } from '../../shared/i18n/languages';
import { currentUserQuery } from '../../shared/session/current-user';
import { chooseEpisode, type EpisodeParams } from './episode-selection';
import { postQuietly } from './quiet-post';
import { warmStart } from './warm-start';
import { keepFirstSecond } from './early-media';

// `/api/video?id=` answers the series and `/api/video/episode` the list (`seriesId`) or one episode
// (`id`); the other queries answer pages. The document types each answer as the union; the query
// picks the member.
type VideoAnswer = ApiData<'/api/video', 'get'>;
type EpisodeAnswer = ApiData<'/api/video/episode', 'get'>;
export type SeriesAnswer = Exclude<VideoAnswer, { items: unknown }>;
export type EpisodeList = Extract<EpisodeAnswer, unknown[]>;
export type PlaybackAnswer = Exclude<EpisodeAnswer, unknown[]>;

/** Every query of the player starts with this key. */
export const playerKey = ['player'] as const;

/** How long a list, history or playback answer asked for ahead of a tap (a card in view) is used as is. */
const AHEAD_REUSE_MS = 60_000;

/** A series' page data (`GET /api/video?id=`): titles are localised, so the language is in the key. */
export const seriesQuery = (seriesId: number, language: Language) =>
  queryOptions({
    queryKey: [...playerKey, 'series', seriesId, language],
    queryFn: ({ signal }) => api.get('/api/video', { query: { id: seriesId }, signal }) as Promise<SeriesAnswer>,
    initialData: () => takeEarlyData('/api/video', { query: { id: seriesId } }) as SeriesAnswer | undefined,
  });

/** Every episode of a series with its lock state and price (`GET /api/video/episode?seriesId=`). */
export const episodesQuery = (seriesId: number, language: Language) =>
  queryOptions({
    queryKey: [...playerKey, 'episodes', seriesId, language],
    queryFn: ({ signal }) => api.get('/api/video/episode', { query: { seriesId }, signal }) as Promise<EpisodeList>,
    initialData: () => takeEarlyData('/api/video/episode', { query: { seriesId } }) as EpisodeList | undefined,
  });

/** One episode's playback information (`GET /api/video/episode?id=`): `hls` is null while it is locked. */
export const playbackQuery = (episodeId: number, language: Language) =>
  queryOptions({
    queryKey: [...playerKey, 'playback', episodeId, language],
    queryFn: async ({ signal }) => {
      const answer = (await api.get('/api/video/episode', { query: { id: episodeId }, signal })) as PlaybackAnswer;
      keepFirstSecond(answer);
      return answer;
    },
    // index.html took care of this one's first second.
    initialData: () => takeEarlyData('/api/video/episode', { query: { id: episodeId } }) as PlaybackAnswer | undefined,
    staleTime: 5 * 60_000,
  });

/** How many history entries are searched for this series' saved position (the server's page maximum). */
export const RESUME_PAGE_SIZE = 50;

/**
 * The viewer's recent history (`GET /api/user/history`), used to resume a series opened without an
 * episode number. Waits for the current-user call, which creates the guest session on a first visit.
 */
export const resumeQuery = (queryClient: QueryClient) =>
  queryOptions({
    queryKey: [...playerKey, 'history'],
    queryFn: async ({ signal }) => {
      await queryClient.ensureQueryData(currentUserQuery);
      const page = await api.get('/api/user/history', { query: { page: 1, pageSize: RESUME_PAGE_SIZE }, signal });
      return page.items;
    },
    // A minute, for an answer asked for while the viewer looked at a card; saving progress marks it
    // stale at once (player.tsx, for-you-feed.tsx), and the page waits for a stale one to come again.
    staleTime: AHEAD_REUSE_MS,
    retry: false,
  });

/** Unlocks one episode with coins; envelope 402 when the balance is short (its message says by how much). */
/** Unlocks an episode at the price the viewer saw (`price`): a changed price is refused, nothing spent. */
export const unlockEpisode = (episodeId: number, price: number) =>
  api.post('/api/video/unlock', { body: { episodeId, price } });

/** Unlocks the rest of a series at the price the viewer was shown; envelope 409 when that price changed. */
export const unlockSeries = (seriesId: number, price: number) =>
  api.post('/api/video/unlock', { body: { seriesId, price } });

/**
 * The saved card a one-tap purchase would charge (`GET /api/payment/quick`), or null: then the
 * paywall offers the checkout only. Asked once the paywall shows.
 */
export const quickCardQuery = (queryClient: QueryClient) =>
  queryOptions({
    queryKey: [...playerKey, 'quick-card'],
    queryFn: async ({ signal }) => {
      await queryClient.ensureQueryData(currentUserQuery);
      return (await api.get('/api/payment/quick', { signal })).card;
    },
    // Asked again each time a paywall shows: a card saved at the checkout a minute ago counts.
    staleTime: 0,
    retry: false,
  });

/** Memberships and coin packs, priced by the server, named in the interface language. */
export const plansQuery = (language: Language) =>
  queryOptions({
    queryKey: [...playerKey, 'plans', language],
    queryFn: ({ signal }) => api.get('/api/plan', { signal }),
    staleTime: 5 * 60_000,
  });

export type QuickPayAnswer = ApiData<'/api/payment/quick', 'post'>;

/**
 * Buys a plan on the saved card; the same `requestId` (a retry) never charges twice. `agree` is the
 * confirmation, `seen` what it showed: the server charges nothing when the plan changed since.
 */
export const quickPay = (plan: Plan, requestId: string) =>
  api.post('/api/payment/quick', {
    body: {
      planId: plan.id,
      requestId,
      agree: true,
      seen: {
        price: plan.price,
        currency: plan.currency,
        coins: plan.coins,
        bonusCoins: plan.bonusCoins,
        renewalDays: plan.kind === 'membership' ? plan.renewalDays : null,
      },
    },
  });

/** An order's state now (a one-tap purchase the processor has not settled yet). */
export const orderStatus = (orderId: string) => api.get('/api/payment/order', { query: { id: orderId } });

export const addToList = (seriesId: number) => api.post('/api/user/favorite', { body: { seriesId } });
export const removeFromList = (seriesId: number) => api.del('/api/user/favorite', { query: { seriesId } });

/**
 * Reports the start of playback; the server counts the play (one per viewer and day) once a progress
 * report (saveProgress) shows a few seconds watched. A failure is not the viewer's concern.
 */
export function countPlay(episodeId: number): Promise<boolean> {
  return postQuietly('/api/video/play', { episodeId });
}

export interface Progress {
  episodeId: number;
  /** Seconds. */
  position: number;
  finished: boolean;
}

/**
 * Saves where the viewer is. `keepalive` lets the request finish while the page goes away
 * (pagehide); the JSON body and the session headers rule out `sendBeacon`.
 */
export function saveProgress({ episodeId, position, finished }: Progress, keepalive = false): Promise<boolean> {
  return postQuietly(
    '/api/user/history',
    { episodeId, position: Math.max(0, Math.round(position * 10) / 10), finished },
    { keepalive },
  );
}

export interface Opening {
  episodeId: number;
  /** Seconds into the episode the player starts at. */
  startAt: number;
  /** The master playlist's address when the viewer may watch the episode, else null. */
  hls: string | null;
}

/**
 * What opening a series page needs before its first frame: the series, its list, for an address
 * without `ep` the viewer's history (where to resume), and the chosen episode's playback information
 * (which carries its first second's playlists). Each lands in its own cache entry, where the page finds
 * it; answers asked for in the last minute (and not marked stale since) are used as they are.
 */
export async function prepareOpening(
  queryClient: QueryClient,
  seriesId: number,
  params: EpisodeParams,
  language: Language,
): Promise<Opening | null> {
  void queryClient.prefetchQuery({ ...seriesQuery(seriesId, language), staleTime: AHEAD_REUSE_MS });
  const [list, history] = await Promise.all([
    queryClient.fetchQuery({ ...episodesQuery(seriesId, language), staleTime: AHEAD_REUSE_MS }),
    params.ep === null ? queryClient.fetchQuery(resumeQuery(queryClient)).catch(() => undefined) : undefined,
  ]);
  const chosen = chooseEpisode({ params, episodes: list, seriesId, history });
  const episodeId = list.find((e) => e.number === chosen?.number)?.id;
  if (episodeId === undefined || !chosen) return null;
  const playback = await queryClient.fetchQuery(playbackQuery(episodeId, language));
  return { episodeId, startAt: chosen.startAt, hls: playback.playable ? playback.hls : null };
}

/**
 * An opening whose media starts loading at once (master and media playlist, key, first segment): a
 * link straight to an episode, or a link the viewer is pressing. Resolves to the episode id.
 */
export async function startOpening(
  queryClient: QueryClient,
  seriesId: number,
  params: EpisodeParams,
  language: Language,
): Promise<number | null> {
  const opening = await prepareOpening(queryClient, seriesId, params, language);
  if (opening?.hls) void warmStart(opening.episodeId, opening.hls, opening.startAt);
  return opening?.episodeId ?? null;
}

/**
 * A link straight to an episode (`ep` in the address), opened once per address: the page and the
 * app's start (lazy.ts) find the same query under way.
 */
export const episodeOpeningQuery = (
  queryClient: QueryClient,
  seriesId: number,
  params: EpisodeParams,
  language: Language,
) =>
  queryOptions({
    queryKey: [...playerKey, 'opening', seriesId, params.ep, params.t, language],
    queryFn: () => startOpening(queryClient, seriesId, params, language),
    staleTime: Infinity,
    retry: false,
  });

export type FeedPage = ApiData<'/api/video/feed', 'get'>;
export type FeedEntry = FeedPage['items'][number];

/** Items per page of the For You feed (the address index.html asks for early too). */
export { FEED_PAGE_SIZE };

/**
 * One page of the For You feed (`GET /api/video/feed`). Waits for the current-user call, which creates
 * the guest session the ranking is for. Kept while the viewer swipes; asked again on the next visit.
 */
export const feedPageQuery = (queryClient: QueryClient, language: Language, page: number) =>
  queryOptions({
    queryKey: [...playerKey, 'feed', language, page],
    queryFn: async ({ signal }) => {
      await queryClient.ensureQueryData(currentUserQuery).catch(() => null);
      return api.get('/api/video/feed', { query: { page, pageSize: FEED_PAGE_SIZE }, signal });
    },
    // The first page as index.html asked for it (or the document carried it), for this session or,
    // for a new visitor, for nobody yet: a guest's feed starts as that one does.
    initialData: () =>
      page === 1 ? takeEarlyData('/api/video/feed', { query: { page, pageSize: FEED_PAGE_SIZE } }) : undefined,
    staleTime: 5 * 60_000,
  });
