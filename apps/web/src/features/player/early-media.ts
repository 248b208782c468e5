import type { EpisodeStart } from '@episodic/contract';
import type { HlsConfig, Loader, LoaderCallbacks, LoaderConfiguration, LoaderContext, LoaderStats } from 'hls.js';

/**
 * The opened episode's first second of video (master playlist, the lightest rendition's playlist, its key
 * and first segment), which index.html asks for while the app's code loads, by absolute address.
 */
export interface EarlyMedia {
  /** Text for playlists, bytes for keys and segments; null when the request failed. */
  data: Promise<string | ArrayBuffer | null>;
  /** `performance.now()` when asked, when the answer's headers came, and when it was read whole. */
  start: number;
  first?: number;
  end?: number;
}

declare global {
  interface Window {
    __episodicEarlyMedia?: Record<string, EarlyMedia | undefined> | undefined;
    /** Settles once index.html has made the first second's requests, or found none to make. */
    __episodicEarlyMediaReady?: Promise<unknown> | undefined;
  }
}

/** How long a load waits for index.html to work out its requests (it waits on the same answers the app does). */
const READY_WAIT_MS = 2000;

/**
 * Older than this, a kept answer is not used: the playback answer it came with is stale by then too
 * (player-api.ts keeps those five minutes), and the episode's media may have been replaced.
 */
const KEEP_MS = 5 * 60_000;
/** At most this many playlists kept from playback answers (a feed asks for its neighbours' too). */
const KEPT_MAX = 24;

/** The early answer for `url` (absolute, or relative to the page as hls.js passes the master's), taken once. */
export function takeEarlyMedia(url: string): EarlyMedia | undefined {
  const key = new URL(url, window.location.href).href;
  const early = window.__episodicEarlyMedia?.[key];
  if (early) delete window.__episodicEarlyMedia?.[key];
  return early && performance.now() - early.start < KEEP_MS ? early : undefined;
}

/**
 * Keeps the playlists a playback answer carries (`start`: the master and its lightest rendition's,
 * exactly as their routes serve them to this viewer), so a player of that episode asks only for the
 * key and the first segment. The key is still asked of the server, which decides access there.
 */
export function keepFirstSecond(playback: { hls: string | null; start?: EpisodeStart | null }): void {
  const { hls, start } = playback;
  if (!hls || !start) return;
  const kept = (window.__episodicEarlyMedia ??= {});
  for (const [key, entry] of Object.entries(kept))
    if (!entry || performance.now() - entry.start >= KEEP_MS) delete kept[key];
  if (Object.keys(kept).length >= KEPT_MAX) return;
  const at = performance.now();
  for (const [url, text] of [
    [hls, start.master],
    [start.playlistUrl, start.playlist],
  ] as const)
    kept[new URL(url, window.location.href).href] ??= { data: Promise.resolve(text), start: at, first: at, end: at };
}

type LoaderClass = new (config: HlsConfig) => Loader<LoaderContext>;

/**
 * Runs `run` in a task of its own, as a network answer would arrive. Answers already here would otherwise
 * chain in microtasks: the master playlist, the rendition's playlist, the key and the first segment's
 * transmuxing all in one long task while the page is still starting.
 */
function inOwnTask(run: () => void): void {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    run();
  };
  channel.port2.postMessage(null);
}

/**
 * hls.js's loader with the early answers taken over: a request index.html already made is answered
 * from it (with its real timings, so the bandwidth estimate stays true); anything else, or an early
 * request that failed, goes to the network as usual.
 */
export function withEarlyMedia(Base: LoaderClass): LoaderClass {
  return class EarlyMediaLoader implements Loader<LoaderContext> {
    private readonly inner: Loader<LoaderContext>;
    private done = false;
    context: LoaderContext | null = null;

    constructor(config: HlsConfig) {
      this.inner = new Base(config);
    }

    get stats(): LoaderStats {
      return this.inner.stats;
    }

    load(context: LoaderContext, config: LoaderConfiguration, callbacks: LoaderCallbacks<LoaderContext>): void {
      this.context = context;
      const early = takeEarlyMedia(context.url);
      const ready = window.__episodicEarlyMediaReady;
      if (early) this.answer(early, context, config, callbacks);
      else if (!ready) this.inner.load(context, config, callbacks);
      else {
        // index.html may be about to ask for this very address (it waits for the episode list, as the app does).
        let timer = 0;
        const timeout = new Promise((resolve) => {
          timer = window.setTimeout(resolve, READY_WAIT_MS);
        });
        void Promise.race([ready.catch(() => undefined), timeout]).then(() => {
          window.clearTimeout(timer);
          if (window.__episodicEarlyMediaReady === ready) window.__episodicEarlyMediaReady = undefined;
          if (this.done) return;
          const late = takeEarlyMedia(context.url);
          if (late) this.answer(late, context, config, callbacks);
          else this.inner.load(context, config, callbacks);
        });
      }
    }

    private answer(
      early: EarlyMedia,
      context: LoaderContext,
      config: LoaderConfiguration,
      callbacks: LoaderCallbacks<LoaderContext>,
    ): void {
      void early.data.then((data) => {
        inOwnTask(() => {
          this.deliver(data, early, context, config, callbacks);
        });
      });
    }

    private deliver(
      data: string | ArrayBuffer | null,
      early: EarlyMedia,
      context: LoaderContext,
      config: LoaderConfiguration,
      callbacks: LoaderCallbacks<LoaderContext>,
    ): void {
      if (this.done) return;
      const binary = context.responseType === 'arraybuffer';
      if (data === null || binary !== data instanceof ArrayBuffer) {
        this.inner.load(context, config, callbacks);
        return;
      }
      const stats = this.inner.stats;
      const end = early.end ?? performance.now();
      stats.loading.start = early.start;
      stats.loading.first = early.first ?? end;
      stats.loading.end = end;
      stats.loaded = stats.total = typeof data === 'string' ? data.length : data.byteLength;
      callbacks.onSuccess({ url: context.url, data, code: 200 }, stats, context, null);
    }

    abort(): void {
      this.done = true;
      this.inner.abort();
    }

    destroy(): void {
      this.done = true;
      this.inner.destroy();
    }
  };
}
