import type { HlsConfig, Loader, LoaderCallbacks, LoaderConfiguration, LoaderContext, LoaderStats } from 'hls.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepFirstSecond, takeEarlyMedia, withEarlyMedia, type EarlyMedia } from './early-media';

const network: string[] = [];

/** Stands in for hls.js's own loader: records what goes to the network. */
class NetworkLoader implements Loader<LoaderContext> {
  context: LoaderContext | null = null;
  stats = {
    aborted: false,
    loaded: 0,
    retry: 0,
    total: 0,
    chunkCount: 0,
    bwEstimate: 0,
    loading: { start: 0, first: 0, end: 0 },
    parsing: { start: 0, end: 0 },
    buffering: { start: 0, first: 0, end: 0 },
  } satisfies LoaderStats;
  load(context: LoaderContext, _config: LoaderConfiguration, callbacks: LoaderCallbacks<LoaderContext>): void {
    network.push(context.url);
    callbacks.onSuccess({ url: context.url, data: 'from the network' }, this.stats, context, null);
  }
  abort(): void {}
  destroy(): void {}
}

const Loader = withEarlyMedia(NetworkLoader);
const config = {} as LoaderConfiguration;

function load(
  url: string,
  responseType: 'text' | 'arraybuffer' = 'text',
): Promise<{ data: unknown; stats: LoaderStats }> {
  return new Promise((resolve, reject) => {
    new Loader({} as HlsConfig).load({ url, responseType } as LoaderContext, config, {
      onSuccess: (response, stats) => {
        resolve({ data: response.data, stats });
      },
      onError: () => {
        reject(new Error('error'));
      },
      onTimeout: () => {
        reject(new Error('timeout'));
      },
    });
  });
}

const early = (data: string | ArrayBuffer | null): EarlyMedia => ({
  data: Promise.resolve(data),
  start: 10,
  first: 40,
  end: 90,
});

afterEach(() => {
  network.length = 0;
  window.__episodicEarlyMedia = undefined;
  window.__episodicEarlyMediaReady = undefined;
});

describe('the player’s loader', () => {
  it('answers what index.html already asked for, once, with its timings, and asks the network for the rest', async () => {
    const segment = new Uint8Array([1, 2, 3]).buffer;
    window.__episodicEarlyMedia = {
      'http://localhost:3000/api/media/episodes/19/master.m3u8': early('#EXTM3U master'),
      'http://localhost:3000/media/episodes/19/360p/seg_000.ts': early(segment),
    };
    // hls.js passes the master playlist's address as given (relative), the others absolute.
    const master = await load('/api/media/episodes/19/master.m3u8');
    expect(master.data).toBe('#EXTM3U master');
    expect(master.stats.loading).toEqual({ start: 10, first: 40, end: 90 });
    expect(master.stats.loaded).toBe('#EXTM3U master'.length);
    expect((await load('http://localhost:3000/media/episodes/19/360p/seg_000.ts', 'arraybuffer')).data).toBe(segment);
    expect(network).toEqual([]);
    // Taken once: asked again, it comes from the network.
    expect((await load('/api/media/episodes/19/master.m3u8')).data).toBe('from the network');
    expect(network).toEqual(['/api/media/episodes/19/master.m3u8']);
  });

  it('goes to the network when the early request failed or brought the wrong kind of answer', async () => {
    window.__episodicEarlyMedia = {
      'http://localhost:3000/api/media/keys/19': early(null),
      'http://localhost:3000/media/episodes/19/360p/seg_000.ts': early('not bytes'),
    };
    expect((await load('http://localhost:3000/api/media/keys/19', 'arraybuffer')).data).toBe('from the network');
    expect((await load('http://localhost:3000/media/episodes/19/360p/seg_000.ts', 'arraybuffer')).data).toBe(
      'from the network',
    );
    expect(network).toHaveLength(2);
  });

  it('waits for index.html to make its requests before asking the network itself', async () => {
    let settle = () => {};
    window.__episodicEarlyMediaReady = new Promise<void>((resolve) => {
      settle = resolve;
    });
    const pending = load('/api/media/episodes/19/master.m3u8');
    await Promise.resolve();
    window.__episodicEarlyMedia = { 'http://localhost:3000/api/media/episodes/19/master.m3u8': early('#EXTM3U late') };
    settle();
    expect((await pending).data).toBe('#EXTM3U late');
    expect(network).toEqual([]);
    expect(window.__episodicEarlyMediaReady).toBeUndefined();
  });

  it('does not wait for ever when index.html never settles', async () => {
    vi.useFakeTimers();
    window.__episodicEarlyMediaReady = new Promise<void>(() => {});
    const pending = load('/api/media/episodes/19/master.m3u8');
    await vi.advanceTimersByTimeAsync(2500);
    expect((await pending).data).toBe('from the network');
    vi.useRealTimers();
  });

  it('takes an early answer by its absolute address', () => {
    const entry = early('x');
    window.__episodicEarlyMedia = { 'http://localhost:3000/a.m3u8': entry };
    expect(takeEarlyMedia('/a.m3u8')).toBe(entry);
    expect(takeEarlyMedia('/a.m3u8')).toBeUndefined();
  });

  it('answers in a task of its own, as the network would, not in the microtask after the data', async () => {
    window.__episodicEarlyMedia = { 'http://localhost:3000/b.m3u8': early('#EXTM3U') };
    let answered = false;
    void load('/b.m3u8').then(() => {
      answered = true;
    });
    // Every microtask queued so far (and those they queue) runs before this timer: still no answer.
    await Promise.resolve();
    await Promise.resolve();
    await Promise.resolve();
    expect(answered).toBe(false);
    await vi.waitFor(() => {
      expect(answered).toBe(true);
    });
  });
});

describe('the first second a playback answer carries', () => {
  const start = {
    master: '#EXTM3U master',
    playlistUrl: '/api/media/episodes/7/360p/index.m3u8',
    playlist: '#EXTM3U 360p',
  };

  it('answers the master and the lightest rendition’s playlist from the answer, then the network', async () => {
    keepFirstSecond({ hls: '/api/media/episodes/7/master.m3u8', start });
    expect((await load('/api/media/episodes/7/master.m3u8')).data).toBe('#EXTM3U master');
    expect((await load(`${location.origin}/api/media/episodes/7/360p/index.m3u8`)).data).toBe('#EXTM3U 360p');
    expect(network).toEqual([]);
    // Once: a second load of the episode asks again.
    await load('/api/media/episodes/7/master.m3u8');
    expect(network).toEqual(['/api/media/episodes/7/master.m3u8']);
  });

  it('keeps nothing for an episode without media, and nothing stale', async () => {
    keepFirstSecond({ hls: null, start });
    keepFirstSecond({ hls: '/api/media/episodes/8/master.m3u8', start: null });
    expect(window.__episodicEarlyMedia ?? {}).toEqual({});
    const now = vi.spyOn(performance, 'now');
    now.mockReturnValue(1_000);
    keepFirstSecond({ hls: '/api/media/episodes/7/master.m3u8', start });
    // Five minutes on, the answer (and perhaps the media) may have changed: the network is asked.
    now.mockReturnValue(1_000 + 5 * 60_000);
    expect(takeEarlyMedia('/api/media/episodes/7/master.m3u8')).toBeUndefined();
    now.mockRestore();
  });

  it('keeps a bounded number of playlists', () => {
    for (let id = 1; id <= 40; id++)
      keepFirstSecond({
        hls: `/api/media/episodes/${String(id)}/master.m3u8`,
        start: { ...start, playlistUrl: `/api/media/episodes/${String(id)}/360p/index.m3u8` },
      });
    expect(Object.keys(window.__episodicEarlyMedia!).length).toBeLessThanOrEqual(25);
  });
});
