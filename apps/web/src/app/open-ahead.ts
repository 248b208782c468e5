import type { QueryClient } from '@tanstack/react-query';
import { idle } from '../shared/idle';
import { isVideoPath, playerSeriesId } from '../shared/links/player-path';
import { loadPlayerEntry, sparingData } from './warm-player';

/** Series whose answers are asked for at one look at the screen (the cards a phone shows at once). */
const PER_LOOK = 6;
/** ... and in a minute at most, however fast the viewer scrolls. */
const PER_MINUTE = 24;
/** A look waits for the screen to hold still this long (scrolling, cards arriving). */
const SETTLE_MS = 200;
const MINUTE_MS = 60_000;

function inViewport(element: Element): boolean {
  const box = element.getBoundingClientRect();
  return (
    box.width > 0 && box.bottom > 0 && box.right > 0 && box.top < window.innerHeight && box.left < window.innerWidth
  );
}

/** A link to a series page. */
interface SeriesLink {
  seriesId: number;
  search: string;
  /** Its address (path and query): one ask per address. */
  key: string;
}

/** The series page the link at `target` leads to, or null for any other link. */
function seriesLinkOf(target: EventTarget | null): SeriesLink | null {
  const link = target instanceof Element ? target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return null;
  const seriesId = playerSeriesId(link.pathname);
  return seriesId === null ? null : { seriesId, search: link.search, key: link.pathname + link.search };
}

/**
 * A series opened from a card plays its first frame after one round trip for its media, not three:
 * - the cards on screen, once it holds still, have their series' answers asked for (the series, its
 *   list, the viewer's history and the playback information with the first second's playlists), a few
 *   at a time, each once per screen (what is still fresh in the query cache is not asked again);
 * - a press on a card asks for them at once, and the tap starts the media (key and first segment).
 * Not on the player pages (their bandwidth is the video's), and not with the data saver or on 2G.
 * Returns what stops it.
 */
export function openSeriesAhead(queryClient: QueryClient): () => void {
  if (sparingData()) return () => undefined;
  /** What this screen asked for already (a new screen, such as Home again after an episode, asks anew). */
  const asked = new Set<string>();
  let screen = '';
  /** When each ask of the last minute was made (presses not counted). */
  let spent: number[] = [];
  let timer = 0;

  /** A press is always asked for; a look only within the minute's share. */
  const ask = (links: SeriesLink[], pressed = false) => {
    const now = Date.now();
    spent = spent.filter((at) => now - at < MINUTE_MS);
    const fresh = links
      .filter((link) => !asked.has(link.key))
      .slice(0, pressed ? undefined : Math.max(0, PER_MINUTE - spent.length));
    if (fresh.length === 0) return;
    for (const link of fresh) {
      asked.add(link.key);
      if (!pressed) spent.push(now);
    }
    void loadPlayerEntry().then(({ openAhead }) => {
      openAhead(queryClient, fresh);
    });
  };

  const look = () => {
    timer = 0;
    if (document.visibilityState !== 'visible' || window.location.pathname !== screen) return;
    const links: SeriesLink[] = [];
    for (const element of document.querySelectorAll('#main a[href^="/videos/"]')) {
      const link = seriesLinkOf(element);
      if (link && !asked.has(link.key) && !links.some((l) => l.key === link.key) && inViewport(element))
        links.push(link);
      if (links.length >= PER_LOOK) break;
    }
    ask(links);
  };
  const settle = () => {
    window.clearTimeout(timer);
    const path = window.location.pathname;
    if (path !== screen) {
      screen = path;
      asked.clear();
    }
    // The player pages' bandwidth is the video's; their frequent renders start no timer either.
    if (!isVideoPath(path)) timer = window.setTimeout(() => void idle(1000).then(look), SETTLE_MS);
  };

  const onPress = (event: Event) => {
    const link = seriesLinkOf(event.target);
    if (link) ask([link], true);
  };
  const onTap = (event: MouseEvent) => {
    const link = seriesLinkOf(event.target);
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
    void loadPlayerEntry().then(({ openOnTap }) => {
      openOnTap(queryClient, link.seriesId, link.search);
    });
  };
  document.addEventListener('scroll', settle, { capture: true, passive: true });
  document.addEventListener('pointerdown', onPress, { capture: true, passive: true });
  document.addEventListener('click', onTap, { capture: true });
  // Cards arrive with their data, and with each page: the app's root is there before its first render.
  const observer = new MutationObserver(settle);
  const root = document.getElementById('root');
  if (root) observer.observe(root, { childList: true, subtree: true });
  settle();
  return () => {
    window.clearTimeout(timer);
    observer.disconnect();
    document.removeEventListener('scroll', settle, { capture: true });
    document.removeEventListener('pointerdown', onPress, { capture: true });
    document.removeEventListener('click', onTap, { capture: true });
  };
}
