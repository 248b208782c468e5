import type Hls from 'hls.js';
import type { HlsConfig, Level, LoaderContext } from 'hls.js';
import { withEarlyMedia } from './early-media';

// Imports nothing of the app beyond early-media.ts: index.html's early player (boot/early-player.ts)
// builds its hls.js instance from here too, before the app's code has arrived.

/** The session and context headers for this site's playlists and keys. */
export type MediaHeaders = () => readonly (readonly [string, string])[];

/** Playlists and keys come from this site's API and need the session; segments (public, often on a CDN) do not. */
function isApiRequest(url: string): boolean {
  try {
    const target = new URL(url, window.location.href);
    return target.origin === window.location.origin && target.pathname.startsWith('/api/');
  } catch {
    return false;
  }
}

export interface HlsOptions {
  /** Seconds to start at. */
  startAt: number;
  /** Bits per second measured by another instance, so a new one does not start from a blind guess. */
  bandwidthEstimate?: number | undefined;
  /** Load the first segment before a `<video>` is attached (an episode being opened). */
  prefetch?: boolean;
}

/**
 * The player's hls.js settings. `workerPath` transmuxes in a worker; without it, on the main thread (the
 * episode being opened, whose first frame would otherwise wait for the worker's download).
 */
export function hlsConfig(
  HlsCtor: typeof Hls,
  headers: MediaHeaders,
  { startAt, bandwidthEstimate, prefetch = false }: HlsOptions,
  workerPath?: string,
): Partial<HlsConfig> {
  // The session cookie rides along by itself; the token header is what works when cookies are off.
  const xhrSetup = (xhr: XMLHttpRequest, url: string): void => {
    if (!isApiRequest(url)) return;
    if (!xhr.readyState) xhr.open('GET', url, true);
    for (const [name, value] of headers()) xhr.setRequestHeader(name, value);
  };
  const fetchSetup = (context: LoaderContext, init: RequestInit): Request => {
    if (!isApiRequest(context.url)) return new Request(context.url, init);
    const merged = new Headers(init.headers);
    for (const [name, value] of headers()) merged.set(name, value);
    return new Request(context.url, { ...init, headers: merged });
  };
  return {
    autoStartLoad: false,
    startPosition: startAt,
    startFragPrefetch: prefetch,
    capLevelToPlayerSize: true,
    // Short episodes: a modest forward buffer keeps two players light on a phone.
    maxBufferLength: 20,
    backBufferLength: 15,
    ...(bandwidthEstimate ? { abrEwmaDefaultEstimate: bandwidthEstimate } : {}),
    ...(workerPath ? { workerPath } : {}),
    xhrSetup,
    fetchSetup,
    // Playlists, keys and segments index.html already asked for are taken from there.
    loader: withEarlyMedia(HlsCtor.DefaultConfig.loader),
  };
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
