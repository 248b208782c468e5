import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { Link } from '../../shared/links/link';
import { type FeaturedSeries, FreeBadge } from '../../features/catalog';
import { seriesPath } from '../../shared/links/player-path';
import { PauseIcon } from '../../shared/ui/icons/pause';
import { PlayIcon } from '../../shared/ui/icons/play';

const AUTOPLAY_MS = 5000;
/** The first slide stays longer: nothing moves while the page is still settling. */
const FIRST_SLIDE_MS = 8000;
/** After a touch, swipe or click, the carousel waits this long before moving on by itself. */
const RESUME_AFTER_MS = 8000;

const reducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

function showSlide(track: HTMLElement | null, index: number): void {
  track?.scrollTo({ left: index * track.clientWidth, behavior: reducedMotion() ? 'auto' : 'smooth' });
}

/** The most lines of the synopsis shown beside the cover. */
const SYNOPSIS_LINES = 3;

/**
 * How many whole lines of `text` (at most `max`) fit in `column` beside its other children (badge, title,
 * button), which keep their own height: a narrow screen, a long translation or a large font size shows
 * fewer lines of the synopsis, or none, instead of squeezing a line in half.
 */
function useLinesThatFit(
  column: RefObject<HTMLElement | null>,
  text: RefObject<HTMLElement | null>,
  max: number,
): number {
  const [lines, setLines] = useState(max);
  useLayoutEffect(() => {
    const box = column.current;
    const target = text.current;
    if (!box || !target || typeof ResizeObserver === 'undefined') return;
    const fit = () => {
      const style = getComputedStyle(box);
      const gap = parseFloat(style.rowGap) || 0;
      let room = box.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
      for (const child of Array.from(box.children)) {
        if (child === target) continue;
        const own = getComputedStyle(child);
        room -= child.getBoundingClientRect().height + parseFloat(own.marginTop) + parseFloat(own.marginBottom) + gap;
      }
      const own = getComputedStyle(target);
      const lineHeight = parseFloat(own.lineHeight) || parseFloat(own.fontSize) * 1.2;
      // Half a pixel of slack for rounding: the column lets what overflows rise into its padding.
      setLines(lineHeight > 0 ? Math.max(0, Math.min(max, Math.floor((room + 0.5) / lineHeight))) : max);
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(box);
    for (const child of Array.from(box.children)) if (child !== target) observer.observe(child);
    return () => {
      observer.disconnect();
    };
  }, [column, text, max]);
  return lines;
}

function Slide({
  series,
  index,
  count,
  eager,
}: {
  series: FeaturedSeries;
  index: number;
  count: number;
  eager: boolean;
}) {
  const { t } = useTranslation();
  const image = series.banner ?? series.cover;
  const [failed, setFailed] = useState(false);
  const showImage = Boolean(image) && !failed;
  const wide = Boolean(series.banner) && !failed;
  const columnRef = useRef<HTMLSpanElement>(null);
  const synopsisRef = useRef<HTMLSpanElement>(null);
  const synopsisLines = useLinesThatFit(columnRef, synopsisRef, SYNOPSIS_LINES);
  return (
    <div
      role="group"
      aria-roledescription={t('home.slide')}
      aria-label={t('home.slideOf', { index: index + 1, count })}
      className="relative h-full w-full shrink-0 snap-center snap-always"
    >
      <Link
        to={seriesPath(series.id)}
        className="relative flex h-full items-stretch gap-3 overflow-hidden rounded-2xl p-3 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent"
        // The accent's lightness is capped, whatever colour the series has: white words on it must read.
        style={{ backgroundColor: `oklch(from ${series.accentColor ?? '#282832'} min(l,.42) c h)` }}
      >
        {wide && image ? (
          <img
            src={image}
            alt=""
            className="absolute inset-0 size-full object-cover"
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={eager ? 'high' : 'auto'}
            decoding="async"
            onError={() => {
              setFailed(true);
            }}
          />
        ) : (
          // The cover gives up a little width (cropped at its sides) when the words beside it need it.
          <span className="relative aspect-[3/4] h-full min-w-[30%] overflow-hidden rounded-xl bg-black/25 shadow-lg shadow-black/40">
            {showImage && image ? (
              <img
                src={image}
                alt=""
                className="size-full object-cover"
                loading={eager ? 'eager' : 'lazy'}
                fetchPriority={eager ? 'high' : 'auto'}
                decoding="async"
                onError={() => {
                  setFailed(true);
                }}
              />
            ) : (
              <span
                aria-hidden="true"
                className="flex size-full items-end p-2 text-sm leading-tight font-bold text-white/90"
              >
                {series.title}
              </span>
            )}
          </span>
        )}
        {wide ? (
          <span
            aria-hidden="true"
            className="absolute inset-0 bg-gradient-to-t from-black/85 via-black/40 to-transparent"
          />
        ) : null}
        {/* At least as wide as the button's label on one line; the title and synopsis wrap anywhere. */}
        <span
          ref={columnRef}
          className={`relative flex min-w-min flex-1 flex-col justify-end gap-1.5 ${wide ? 'pt-6' : ''}`}
        >
          <FreeBadge freeEpisodes={series.freeEpisodes} className="shrink-0 self-start" />
          <span className="line-clamp-2 shrink-0 text-lg leading-snug font-bold wrap-anywhere hyphens-auto text-white [text-shadow:0_1px_4px_rgb(0_0_0/0.5)]">
            {series.title}
          </span>
          {series.synopsis ? (
            <span
              ref={synopsisRef}
              className={`${synopsisLines === 0 ? 'hidden' : 'line-clamp-3'} shrink-0 text-xs leading-snug wrap-anywhere hyphens-auto text-white/80`}
              style={{ WebkitLineClamp: synopsisLines || undefined }}
            >
              {series.synopsis}
            </span>
          ) : null}
          <span className="mt-1 inline-flex shrink-0 items-center gap-1.5 self-start rounded-full bg-white px-3 py-1.5 text-xs font-semibold whitespace-nowrap text-black">
            <PlayIcon className="size-3.5 shrink-0" />
            {t('home.watchNow')}
          </span>
        </span>
      </Link>
    </div>
  );
}

interface FeaturedCarouselProps {
  items: readonly FeaturedSeries[];
}

/**
 * The featured series, one slide at a time. Swiping is native scrolling with scroll snap; it moves on by
 * itself every 5 s unless the viewer is touching or focusing it, the tab is hidden, the viewer asked for
 * reduced motion, or they paused it. The dots are buttons that show a given slide.
 */
export function FeaturedCarousel({ items }: FeaturedCarouselProps) {
  const { t } = useTranslation();
  const trackRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const [paused, setPaused] = useState(false);
  const [holding, setHolding] = useState(false);
  const [interactedAt, setInteractedAt] = useState(0);
  const count = items.length;
  const [shownAt] = useState(() => Date.now());

  // The active slide follows the scroll position, whoever moved it (finger, dots, autoplay, keyboard focus).
  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (track.clientWidth > 0)
          setActive(Math.min(count - 1, Math.max(0, Math.round(track.scrollLeft / track.clientWidth))));
      });
    };
    track.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      track.removeEventListener('scroll', onScroll);
    };
  }, [count]);

  useEffect(() => {
    if (count < 2 || paused || holding || reducedMotion()) return;
    let timer = 0;
    const schedule = () => {
      window.clearTimeout(timer);
      if (document.visibilityState === 'hidden') return;
      const wait = Math.max(
        AUTOPLAY_MS,
        shownAt + FIRST_SLIDE_MS - Date.now(),
        interactedAt + RESUME_AFTER_MS - Date.now(),
      );
      timer = window.setTimeout(() => {
        showSlide(trackRef.current, (active + 1) % count);
      }, wait);
    };
    schedule();
    document.addEventListener('visibilitychange', schedule);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', schedule);
    };
  }, [active, count, paused, holding, interactedAt, shownAt]);

  if (count === 0) return null;

  const hold = () => {
    setHolding(true);
  };
  const release = () => {
    setHolding(false);
    setInteractedAt(Date.now());
  };

  return (
    <section aria-roledescription={t('home.carousel')} aria-label={t('home.featured')} className="flex flex-col gap-2">
      <div
        ref={trackRef}
        onPointerEnter={hold}
        onPointerDown={hold}
        onPointerUp={release}
        onPointerCancel={release}
        onPointerLeave={release}
        onFocus={hold}
        onBlur={release}
        className="flex aspect-[16/10] snap-x snap-mandatory overflow-x-auto overscroll-x-contain rounded-2xl [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
      >
        {items.map((series, index) => (
          <Slide key={series.id} series={series} index={index} count={count} eager={index === 0} />
        ))}
      </div>
      {count > 1 ? (
        <div className="flex h-6 items-center justify-center gap-1">
          {items.map((series, index) => (
            <button
              key={series.id}
              type="button"
              aria-label={t('home.showSlide', { index: index + 1, title: series.title })}
              aria-current={index === active ? 'true' : undefined}
              onClick={() => {
                setInteractedAt(Date.now());
                showSlide(trackRef.current, index);
              }}
              className="group flex size-6 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-accent"
            >
              <span
                className={`block h-1.5 rounded-full transition-all ${index === active ? 'w-4 bg-accent' : 'w-1.5 bg-white/30 group-hover:bg-white/60'}`}
              />
            </button>
          ))}
          <button
            type="button"
            aria-label={paused ? t('home.playSlides') : t('home.pauseSlides')}
            onClick={() => {
              setPaused(!paused);
            }}
            className="ml-1 flex size-6 items-center justify-center rounded-full text-fg-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-accent"
          >
            {paused ? <PlayIcon className="size-3.5" /> : <PauseIcon className="size-3.5" />}
          </button>
        </div>
      ) : null}
    </section>
  );
}
