import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { CenterSpinner, feedPageQuery, ForYouFeed, type FeedEntry, type FeedPage } from '../../features/player';
import { useLanguage } from '../../shared/i18n/use-language';
import { useTranslation } from '../../shared/i18n/use-translation';
import { Button, ButtonLink } from '../../shared/ui/button';
import { usePageTitle } from '../../shared/ui/page';
import { useStableHandler } from '../../shared/ui/use-stable-handler';
import { SeriesLike } from './series-like';

/** A full-screen message in the feed's place (loading, failure, nothing to show). */
function FeedMessage({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  usePageTitle(t('feed.title'));
  return (
    <div
      data-page="for-you"
      className="fixed inset-x-0 top-0 bottom-[calc(var(--tabbar-height)+env(safe-area-inset-bottom))] z-[35] flex justify-center bg-black"
    >
      <div className="relative flex h-full w-full max-w-[480px] flex-col items-center justify-center gap-4 px-8 text-center text-sm text-white/80">
        <h1 className="sr-only">{t('feed.title')}</h1>
        {children}
      </div>
    </div>
  );
}

/**
 * The feed's pages: the first from a query, the next ones appended as the viewer nears the end.
 * (TanStack's infinite query would add a chunk of its own to the player's preloads on every first load.)
 */
function useFeedPages() {
  const queryClient = useQueryClient();
  const language = useLanguage();
  const first = useQuery(feedPageQuery(queryClient, language, 1));
  const [more, setMore] = useState<FeedPage[]>([]);
  const loading = useRef(false);
  const last = more.at(-1) ?? first.data;
  const next = useStableHandler(() => {
    if (!last?.hasMore || loading.current) return;
    loading.current = true;
    queryClient
      .fetchQuery(feedPageQuery(queryClient, language, last.page + 1))
      .then(
        (page) => {
          setMore((pages) => [...pages, page]);
        },
        () => undefined,
      )
      .finally(() => {
        loading.current = false;
      });
  });
  const pages = first.data ? [first.data, ...more] : [];
  return { first, pages, next };
}

/** Each item's like (stable: the feed is memoised). */
function renderLike({ series, liked, likeCount }: FeedEntry) {
  return <SeriesLike key={series.id} series={{ id: series.id, liked, likeCount }} />;
}

/**
 * `/forYou`: the For You tab, a full-screen vertical feed of first episodes ranked for the viewer (the
 * player page in its feed mode: the same chunk and engine). `?after={seriesId}`: the series whose last
 * episode just ended (the player flows into this feed) is not offered again.
 */
export function ForYouPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const after = Number(params.get('after') ?? 0);
  const { first, pages, next } = useFeedPages();
  const items = useMemo(() => {
    const seen = new Set<number>();
    return pages
      .flatMap((page) => page.items)
      .filter((item) => {
        if (item.series.id === after || seen.has(item.series.id)) return false;
        seen.add(item.series.id);
        return true;
      });
    // `pages` is a new array each render; its pages are what matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [first.data, pages.length, after]);

  if (first.isPending) return <FeedMessage>{<CenterSpinner label={t('player.loading')} />}</FeedMessage>;
  if (first.isError)
    return (
      <FeedMessage>
        <p role="alert">{t('feed.error')}</p>
        <Button variant="secondary" onClick={() => void first.refetch()}>
          {t('app.retry')}
        </Button>
      </FeedMessage>
    );
  if (items.length === 0)
    return (
      <FeedMessage>
        <p>{t('feed.empty')}</p>
        <ButtonLink to="/">{t('nav.home')}</ButtonLink>
      </FeedMessage>
    );
  return <ForYouFeed key={after} items={items} onNearEnd={next} renderLike={renderLike} />;
}
