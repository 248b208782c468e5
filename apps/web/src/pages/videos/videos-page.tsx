import type { SeriesDetail } from '@episodic/contract';
import { useQuery, useQueryClient, type FetchQueryOptions, type QueryKey } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useParams, useSearchParams } from 'react-router';
import { useCurrentUser } from '../../shared/session/use-current-user';
import {
  BackButton,
  CenterSpinner,
  chooseEpisode,
  type EpisodeChange,
  episodeOpeningQuery,
  episodesQuery,
  loadHls,
  parseEpisodeParams,
  playbackQuery,
  Player,
  type OneTapPurchase,
  PlayerFrame,
  resumeQuery,
  seriesQuery,
} from '../../features/player';
import { useStableHandler } from '../../shared/ui/use-stable-handler';
import { firstReportOf } from '../../shared/links/checkout-return';
import { track } from '../../features/tracking';
import { conversionEventId } from '../../features/tracking/lazy';
import { isApiError } from '../../shared/api/client';
import { useLanguage } from '../../shared/i18n/use-language';
import { Button } from '../../shared/ui/button';
import { usePageTitle } from '../../shared/ui/page';
import { SeriesLike } from './series-like';
import { ForYouPage } from './for-you';
import { NotFoundPage } from '../not-found/not-found-page';

// hls.js starts downloading as soon as this page's code runs, in parallel with everything else.
void loadHls().catch(() => undefined);

function seriesIdFrom(raw: string | undefined): number | null {
  return raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

/** Starts a query during render when nothing is cached for it yet (like TanStack's `usePrefetchQuery`). */
function usePrefetch<TData, TKey extends QueryKey>(options: FetchQueryOptions<TData, Error, TData, TKey> | null): void {
  const queryClient = useQueryClient();
  if (options && !queryClient.getQueryState(options.queryKey)) void queryClient.prefetchQuery(options);
}

/** Sets the tab title while the player itself (which names the episode) is not shown. */
function PageTitle({ title }: { title: string }) {
  usePageTitle(title);
  return null;
}

/** A series the viewer added to their list, reported to tracking. */
function reportAddedToList(series: Pick<SeriesDetail, 'id' | 'title'>): void {
  track('AddToWishlist', { content_id: String(series.id), content_name: series.title, content_type: 'series' });
}

/**
 * A one-tap purchase's steps, tracked like the checkout's; Purchase (and Subscribe) carry the ids the
 * server's own report of the paid order uses, so each platform counts it once.
 */
export function reportPurchase({ event, orderId, plan }: OneTapPurchase): void {
  const money = { value: plan.price / 100, currency: plan.currency, order_id: orderId };
  if (event !== 'Purchase') {
    track(event, event === 'InitiateCheckout' ? { ...money, content_name: plan.name, content_type: plan.kind } : money);
    return;
  }
  if (!firstReportOf(orderId)) return;
  track('Purchase', { event_id: conversionEventId('Purchase', orderId), ...money, content_type: plan.kind });
  if (plan.kind === 'membership') track('Subscribe', { event_id: conversionEventId('Subscribe', orderId), ...money });
}

/** A full-screen message with a way out (and a retry when it may help). */
function PlayerMessage({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <PlayerFrame>
      <PageTitle title={t('pages.videos')} />
      <h1 className="sr-only">{t('pages.videos')}</h1>
      <div className="absolute top-[env(safe-area-inset-top)] left-1.5 z-10 pt-1">
        <BackButton />
      </div>
      <div
        role="alert"
        className="flex h-full flex-col items-center justify-center gap-4 px-8 text-center text-sm text-white/80"
      >
        <p>{message}</p>
        {onRetry ? (
          <Button variant="secondary" onClick={onRetry}>
            {t('app.retry')}
          </Button>
        ) : null}
      </div>
    </PlayerFrame>
  );
}

/**
 * `/videos/{id}?ep={n}&t={s}`: the series' vertical player. Without `ep` it resumes where the viewer's
 * history says, else at the first episode, and writes the episode into the address.
 */
export function VideosPage() {
  // `/forYou` (no series): the feed.
  return useParams().id === undefined ? <ForYouPage /> : <SeriesPlayerPage />;
}

function SeriesPlayerPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const seriesId = seriesIdFrom(useParams().id);
  const [searchParams, setSearchParams] = useSearchParams();
  const params = parseEpisodeParams(searchParams);

  // Asked for while this page renders, not in effects after its first commit (which a suspense reveal
  // may hold back): the series, and for a link to an episode the list, its playback information and
  // its media, one after the other at once. Every round trip saved here comes off the first frame.
  usePrefetch(seriesId === null ? null : seriesQuery(seriesId, language));
  // Only for the address the page was opened with: later episodes are the player's (it preloads them).
  const [opening] = useState(() => ({ seriesId, params }));
  const opened = opening.seriesId === seriesId && opening.seriesId !== null && opening.params.ep !== null;
  usePrefetch(
    opened && seriesId !== null ? episodeOpeningQuery(queryClient, seriesId, opening.params, language) : null,
  );

  const series = useQuery({ ...seriesQuery(seriesId ?? 0, language), enabled: seriesId !== null });
  // One element per series, so the memoised player is not drawn again when the series is asked for again.
  const likeOf = series.data;
  const like = useMemo(() => (likeOf ? <SeriesLike key={likeOf.id} series={likeOf} /> : null), [likeOf]);
  const episodes = useQuery({ ...episodesQuery(seriesId ?? 0, language), enabled: seriesId !== null });
  const user = useCurrentUser();
  // Where to resume matters only when the address names no episode.
  const hasEp = params.ep !== null;
  const history = useQuery({ ...resumeQuery(queryClient), enabled: !hasEp && seriesId !== null });

  const list = episodes.data;
  // A history marked stale (the viewer watched since it was asked for) is waited for again.
  const historySettled = hasEp || history.isError || (history.isSuccess && !history.isStale);
  const target =
    seriesId !== null && list && historySettled
      ? chooseEpisode({ params, episodes: list, seriesId, history: history.data })
      : null;

  // The episode's playback information is asked for as soon as the list names it (the player, which also
  // needs the series, uses the same query): one round trip less before the first frame.
  const targetId = target ? list?.find((e) => e.number === target.number)?.id : undefined;
  useQuery({ ...playbackQuery(targetId ?? 0, language), enabled: targetId !== undefined });

  // Each episode shown counts once as viewed content (an ad's landing episode, then every swipe).
  const seriesTitle = series.data?.title;
  const viewedNumber = target?.number;
  const viewed = useRef<number | null>(null);
  useEffect(() => {
    if (
      targetId === undefined ||
      viewedNumber === undefined ||
      seriesTitle === undefined ||
      viewed.current === targetId
    )
      return;
    viewed.current = targetId;
    track('ViewContent', {
      content_id: String(targetId),
      content_name: `${seriesTitle} · ${String(viewedNumber)}`,
      content_type: 'episode',
      series_id: seriesId,
      episode_number: viewedNumber,
    });
  }, [targetId, viewedNumber, seriesTitle, seriesId]);

  // An address without the episode gets it (replace: the visit stays one entry of the browser history).
  const targetNumber = target?.number;
  const targetStart = target?.startAt ?? 0;
  useEffect(() => {
    if (hasEp || targetNumber === undefined) return;
    setSearchParams(
      (current) => {
        const nextParams = new URLSearchParams(current);
        nextParams.set('ep', String(targetNumber));
        if (targetStart > 0) nextParams.set('t', String(Math.floor(targetStart)));
        else nextParams.delete('t');
        return nextParams;
      },
      { replace: true },
    );
  }, [hasEp, targetNumber, targetStart, setSearchParams]);

  // Another episode: its own address, without the start time of the first one (stable: the player is
  // memoised against this page drawing again).
  const changeEpisode = useStableHandler((number: number, how: EpisodeChange) => {
    setSearchParams(
      (current) => {
        const nextParams = new URLSearchParams(current);
        nextParams.set('ep', String(number));
        nextParams.delete('t');
        return nextParams;
      },
      { replace: how === 'swipe' },
    );
  });

  // An unknown series is the app's not-found page, as any unknown address is.
  if (seriesId === null) return <NotFoundPage />;
  const failure = series.error ?? episodes.error;
  if (failure) {
    if (isApiError(failure) && failure.code === 404) return <NotFoundPage />;
    return (
      <PlayerMessage
        message={t('player.loadError')}
        onRetry={() => {
          void series.refetch();
          void episodes.refetch();
        }}
      />
    );
  }
  if (list && list.length === 0) return <PlayerMessage message={t('player.noEpisodes')} />;
  // The player starts as soon as the episode is chosen; the address gets its number meanwhile (the
  // player takes the start position once, so the second the address rounds to changes nothing).
  if (!series.data || !target) {
    return (
      <PlayerFrame accent={series.data?.accentColor}>
        <PageTitle title={series.data?.title ?? t('pages.videos')} />
        <h1 className="sr-only">{series.data?.title ?? t('pages.videos')}</h1>
        {series.data?.cover ? (
          <img
            src={series.data.cover}
            alt=""
            fetchPriority="low"
            className="absolute inset-0 h-full w-full scale-110 object-cover blur-2xl brightness-50"
          />
        ) : null}
        <div className="absolute top-[env(safe-area-inset-top)] left-1.5 z-10 pt-1">
          <BackButton />
        </div>
        <CenterSpinner label={t('player.loading')} />
      </PlayerFrame>
    );
  }

  return (
    <Player
      key={seriesId}
      series={series.data}
      episodes={list ?? []}
      number={target.number}
      startAt={target.startAt}
      user={user.data}
      onEpisodeChange={changeEpisode}
      onAddedToList={reportAddedToList}
      onPurchase={reportPurchase}
      like={like}
    />
  );
}

export { VideosPage as Component };
