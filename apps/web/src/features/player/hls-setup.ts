import type Hls from 'hls.js';
import type { Level, LoaderContext } from 'hls.js';
// hls.js's module builds do not carry their transmuxing worker; without one, segments are transmuxed on
// the main thread, in the middle of the player's rendering and gestures.
import workerPath from 'hls.js/dist/hls.worker.js?url';
import { withEarlyMedia } from './early-media';
import type { HlsClass } from './hls-loader';
import { mediaRequestHeaders } from './quiet-post';

/** Playlists and keys come from this site's API and need the session; segments (public, often on a CDN) do not. */
function isApiRequest(url: string): boolean {
  try {
    const target = new URL(url, window.location.href);
    return target.origin === window.location.origin && target.pathname.startsWith('/api/');
  } catch {
    return false;
  }
}

// The session cookie rides along by itself; the token header is what works when cookies are off.
function xhrSetup(xhr: XMLHttpRequest, url: string): void {
  if (!isApiRequest(url)) return;
  if (!xhr.readyState) xhr.open('GET', url, true);
  for (const [name, value] of mediaRequestHeaders()) xhr.setRequestHeader(name, value);
}

function fetchSetup(context: LoaderContext, init: RequestInit): Request {
  if (!isApiRequest(context.url)) return new Request(context.url, init);
  const headers = new Headers(init.headers);
  for (const [name, value] of mediaRequestHeaders()) headers.set(name, value);
  return new Request(context.url, { ...init, headers });
}

export interface HlsOptions {
  /** Seconds to start at. */
  startAt: number;
  /** Bits per second measured by another instance, so a new one does not start from a blind guess. */
  bandwidthEstimate?: number | undefined;
  /** Load the first segment before a `<video>` is attached (an episode being opened). */
  prefetch?: boolean;
}

/** An hls.js instance configured for the player; loading starts when `startLoad` is called. */
export function createHls(HlsCtor: HlsClass, { startAt, bandwidthEstimate, prefetch = false }: HlsOptions): Hls {
  return new HlsCtor({
    autoStartLoad: false,
    startPosition: startAt,
    startFragPrefetch: prefetch,
    capLevelToPlayerSize: true,
    // Short episodes: a modest forward buffer keeps two players light on a phone.
    maxBufferLength: 20,
    backBufferLength: 15,
    ...(bandwidthEstimate ? { abrEwmaDefaultEstimate: bandwidthEstimate } : {}),
    // The episode being opened transmuxes on the main thread: fetching and starting the worker (40 KB)
    // first cost about 200 ms before the first frame. Every later instance (the preloaded next episode,
    // the episodes swiped to) transmuxes in the worker, loaded once the first episode plays.
    ...(prefetch ? {} : { workerPath }),
    xhrSetup,
    fetchSetup,
    // Playlists, keys and segments index.html already asked for are taken from there.
    loader: withEarlyMedia(HlsCtor.DefaultConfig.loader),
  });
}

/**
 * With nothing measured yet, the first (one-second) segment comes from the lightest rendition, for
 * the quickest first frame; automatic choice takes over from the next segment.
 */
export function startFromLightest(hls: Hls, levels: readonly Level[]): void {
  let lightest = -1;
  levels.forEach((level, index) => {
    if (lightest < 0 || level.bitrate < (levels[lightest]?.bitrate ?? Infinity)) lightest = index;
  });
  if (lightest >= 0) hls.startLevel = lightest;
}
