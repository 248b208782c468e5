import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RoutePreloads } from './early-start';

declare global {
  var __ROUTE_PRELOADS__: RoutePreloads | undefined;
}

const answer = (data: unknown) => new Response(JSON.stringify({ code: 200, data }), { status: 200 });

/** Runs index.html's script as a fresh page at `address` would, with the build's table and `fetch` answering `answers`. */
async function start(address: string, answers: Record<string, unknown> = {}, preloads: RoutePreloads = {}) {
  window.history.replaceState(null, '', address);
  globalThis.__ROUTE_PRELOADS__ = preloads;
  const fetch = vi.fn((url: string, _init?: RequestInit) =>
    Promise.resolve(answer(answers[url.split('?')[0]!] ?? null)),
  );
  vi.stubGlobal('fetch', fetch);
  vi.resetModules();
  await import('./early-start');
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
  globalThis.__ROUTE_PRELOADS__ = undefined;
  document.head
    .querySelectorAll('link[rel="modulepreload"], link[rel="preload"], #landing-data')
    .forEach((node) => node.remove());
  window.history.replaceState(null, '', '/');
});

describe('index.html’s early start', () => {
  it('asks for the home screen with the click ids, tokens and language every API call carries', async () => {
    window.localStorage.setItem('userToken', 'session-1');
    window.localStorage.setItem('TTCLID', 'tt-stored');
    window.localStorage.setItem('language', 'dy');
    const fetch = await start('/?fbclid=fb-1&token=ref-1', {}, { home: ['/assets/home.js'] });
    expect(fetch).toHaveBeenCalledWith('/api/homepage?fbclid=fb-1&ttclid=tt-stored', {
      headers: {
        Accept: 'application/json',
        'Accept-Language': 'de',
        'X-User-Referer-Token': 'ref-1',
        'x-User-Token': 'session-1',
        FBCLID: 'fb-1',
        TTCLID: 'tt-stored',
      },
      credentials: 'same-origin',
    });
    expect(window.__episodicEarly?.['/api/homepage?fbclid=fb-1&ttclid=tt-stored']?.language).toBe('dy');
    expect([...document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'))).toEqual(
      ['/assets/home.js'],
    );
  });

  it('asks for a player page’s series and episodes, then the opened episode’s playback information', async () => {
    const fetch = await start('/videos/12?ep=2&lang=es', {
      '/api/video': { id: 12, title: 'Early Bird' },
      '/api/video/episode': [
        { id: 120, number: 1 },
        { id: 121, number: 2 },
      ],
    });
    await window.__episodicEarlyMediaReady;
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      '/api/video?id=12',
      '/api/video/episode?seriesId=12',
      '/api/video/episode?id=121',
    ]);
    expect(fetch.mock.calls[0]![1]).toMatchObject({ headers: { 'Accept-Language': 'es' } });
  });

  it('asks nothing of the API on other pages, and only preloads their language’s messages', async () => {
    const fetch = await start('/my?lang=pt', {}, { messages: { pt: '/assets/pt.js' } });
    expect(fetch).not.toHaveBeenCalled();
    expect([...document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'))).toEqual(
      ['/assets/pt.js'],
    );
  });
});

const MASTER =
  '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=900000\n540p/index.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=400000\n360p/index.m3u8\n';
const PLAYLIST =
  '#EXTM3U\n#EXT-X-KEY:METHOD=AES-128,URI="/api/media/keys/121",IV=0x01\n#EXTINF:1.0,\n/media/e/121/360p/seg_000.ts\n';
const envelope = (data: unknown) => ({ code: 200, message: 'ok', data });
const playback = {
  id: 121,
  playable: true,
  hls: '/api/media/episodes/121/master.m3u8',
  start: { master: MASTER, playlistUrl: '/api/media/episodes/121/360p/index.m3u8', playlist: PLAYLIST },
};

/** The data block the server puts into a landing page's document (server: http/landing-data.ts). */
function carry(viewer: string | null, language: string, answers: Record<string, unknown>, player?: 'inline') {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'landing-data';
  block.textContent = JSON.stringify({ viewer, language, answers, ...(player ? { player } : {}) });
  document.head.appendChild(block);
}

describe('index.html’s early start with the answers its document carries', () => {
  const player = {
    '/api/video?id=12': envelope({ id: 12, title: 'Early Bird' }),
    '/api/video/episode?seriesId=12': envelope([{ id: 121, number: 1, hls: playback.hls }]),
    '/api/video/episode?id=121': envelope(playback),
  };

  it('takes them for the same viewer and language, and asks only for the key and the first segment', async () => {
    window.localStorage.clear();
    window.localStorage.setItem('userid', 'u-1');
    vi.stubGlobal('MediaSource', function MediaSource() {});
    carry('u-1', 'en', player);
    const fetch = await start('/videos/12?ep=1&fbclid=fb-2');
    await window.__episodicEarlyMediaReady;
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      `${location.origin}/api/media/keys/121`,
      `${location.origin}/media/e/121/360p/seg_000.ts`,
    ]);
    // Taken over by the app's client under the address it asks for (click ids last).
    const early = window.__episodicEarly?.['/api/video/episode?id=121&fbclid=fb-2'];
    expect(early?.body).toEqual(player['/api/video/episode?id=121']);
    expect(await (await early!.response)!.json()).toEqual(player['/api/video/episode?id=121']);
    const media = window.__episodicEarlyMedia!;
    expect(await media[`${location.origin}/api/media/episodes/121/master.m3u8`]?.data).toBe(MASTER);
    expect(await media[`${location.origin}/api/media/episodes/121/360p/index.m3u8`]?.data).toBe(PLAYLIST);
  });

  it('asks for the key and the first segment once the app’s entry has arrived', async () => {
    window.localStorage.clear();
    window.localStorage.setItem('userid', 'u-1');
    vi.stubGlobal('MediaSource', function MediaSource() {});
    carry('u-1', 'en', player);
    const fetch = await start('/videos/12?ep=1', {}, { entry: '/assets/entry.js', videos: ['/assets/player.js'] });
    // The entry's preload is the script's first act.
    const hint = document.head.querySelector('link[rel="modulepreload"][href="/assets/entry.js"]');
    expect(hint).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetch).not.toHaveBeenCalled();
    expect(document.head.querySelectorAll('link[href="/assets/player.js"]')).toHaveLength(0);
    hint!.dispatchEvent(new Event('load'));
    await vi.waitFor(() => {
      expect(fetch.mock.calls.map(([url]) => url)).toEqual([
        `${location.origin}/api/media/keys/121`,
        `${location.origin}/media/e/121/360p/seg_000.ts`,
      ]);
    });
    await vi.waitFor(() => {
      expect(document.head.querySelectorAll('link[href="/assets/player.js"]')).toHaveLength(1);
    });
  });

  it('plays the episode with the early player first, and starts the app’s code at its first frame', async () => {
    window.localStorage.clear();
    window.localStorage.setItem('userid', 'u-1');
    vi.stubGlobal('MediaSource', function MediaSource() {});
    carry('u-1', 'en', player);
    let firstFrame = () => {};
    const startEarlyPlayer = vi.fn(
      (_request: unknown) =>
        new Promise<void>((resolve) => {
          firstFrame = resolve;
        }),
    );
    vi.doMock('/assets/early-player.js', () => ({ startEarlyPlayer }));
    document.body.innerHTML = '<div id="root"><div id="early-layout"></div></div>';
    const fetch = await start(
      '/videos/12?ep=1',
      {},
      {
        entry: '/assets/entry.js',
        earlyPlayer: '/assets/early-player.js',
        hls: '/assets/hls.js',
        videos: ['/assets/hls.js', '/assets/player.js'],
      },
    );
    const preloads = () =>
      [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'));
    // The early player is the first download, and the key and segment go at once, not after the app's code.
    expect(preloads()).toEqual(['/assets/early-player.js']);
    await vi.waitFor(() => {
      expect(fetch.mock.calls.map(([url]) => url)).toEqual([
        `${location.origin}/api/media/keys/121`,
        `${location.origin}/media/e/121/360p/seg_000.ts`,
      ]);
    });
    // Started in the frame drawn over the page, with the API's headers and the episode's master playlist.
    await vi.waitFor(() => {
      expect(startEarlyPlayer).toHaveBeenCalledTimes(1);
    });
    const request = startEarlyPlayer.mock.calls[0]![0] as { episodeId: number; url: string; frame: HTMLElement };
    expect(request).toMatchObject({ episodeId: 121, url: playback.hls });
    expect(request.frame.querySelector('h1')?.textContent).toBe('Early Bird');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(preloads()).toEqual(['/assets/early-player.js']);
    // At the first frame: the entry, then the page's chunks, without hls.js (the early player brought it).
    firstFrame();
    await vi.waitFor(() => {
      expect(preloads()).toEqual(['/assets/early-player.js', '/assets/entry.js']);
    });
    document.head.querySelector('link[href="/assets/entry.js"]')!.dispatchEvent(new Event('load'));
    await vi.waitFor(() => {
      expect(preloads()).toEqual(['/assets/early-player.js', '/assets/entry.js', '/assets/player.js']);
    });
    vi.doUnmock('/assets/early-player.js');
    document.body.innerHTML = '';
  });

  it('plays with the early player the document brought, and fetches its file for the next visit', async () => {
    window.localStorage.clear();
    vi.stubGlobal('MediaSource', function MediaSource() {});
    carry(null, 'en', player, 'inline');
    let firstFrame = () => {};
    const startEarlyPlayer = vi.fn(
      (_request: unknown) =>
        new Promise<void>((resolve) => {
          firstFrame = resolve;
        }),
    );
    window.__episodicEarlyPlayerCode = { startEarlyPlayer };
    document.body.innerHTML = '<div id="root"><div id="early-layout"></div></div>';
    const fetch = await start(
      '/videos/12?ep=1',
      {},
      { entry: '/assets/entry.js', earlyPlayer: '/assets/early-player.js' },
    );
    const links = (rel: string) =>
      [...document.head.querySelectorAll(`link[rel="${rel}"]`)].map((l) => l.getAttribute('href'));
    await vi.waitFor(() => {
      expect(startEarlyPlayer).toHaveBeenCalledTimes(1);
    });
    expect((startEarlyPlayer.mock.calls[0]![0] as { episodeId: number }).episodeId).toBe(121);
    // Nothing was asked for before the first frame but the key and the first segment.
    expect(links('modulepreload')).toEqual([]);
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      `${location.origin}/api/media/keys/121`,
      `${location.origin}/media/e/121/360p/seg_000.ts`,
    ]);
    firstFrame();
    await vi.waitFor(() => {
      expect(links('modulepreload')).toEqual(['/assets/entry.js']);
    });
    document.head.querySelector('link[href="/assets/entry.js"]')!.dispatchEvent(new Event('load'));
    expect(links('prefetch')).toEqual([]);
    await vi.waitFor(
      () => {
        expect(links('prefetch')).toEqual(['/assets/early-player.js']);
      },
      { timeout: 5000 },
    );
    window.__episodicEarlyPlayerCode = undefined;
    document.head.querySelectorAll('link[rel="prefetch"]').forEach((node) => node.remove());
    document.body.innerHTML = '';
  });

  it('fetches nothing for the next visit with the data saver on', async () => {
    window.localStorage.clear();
    vi.stubGlobal('MediaSource', function MediaSource() {});
    vi.stubGlobal('navigator', { ...navigator, connection: { saveData: true } });
    carry(null, 'en', player, 'inline');
    const startEarlyPlayer = vi.fn((_request: unknown) => Promise.resolve());
    window.__episodicEarlyPlayerCode = { startEarlyPlayer };
    document.body.innerHTML = '<div id="root"><div id="early-layout"></div></div>';
    await start('/videos/12?ep=1', {}, { entry: '/assets/entry.js', earlyPlayer: '/assets/early-player.js' });
    await vi.waitFor(() => {
      expect(document.head.querySelector('link[href="/assets/entry.js"]')).not.toBeNull();
    });
    document.head.querySelector('link[href="/assets/entry.js"]')!.dispatchEvent(new Event('load'));
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(document.head.querySelectorAll('link[rel="prefetch"]')).toHaveLength(0);
    window.__episodicEarlyPlayerCode = undefined;
    document.body.innerHTML = '';
  }, 10_000);

  it('plays For You’s first item with the early player, in the feed’s frame', async () => {
    window.localStorage.clear();
    vi.stubGlobal('MediaSource', function MediaSource() {});
    carry(null, 'en', {
      '/api/video/feed?page=1&pageSize=10': envelope({ items: [{ series: { id: 12 }, episode: { id: 121 } }] }),
      '/api/video/episode?id=121': envelope(playback),
    });
    const startEarlyPlayer = vi.fn((_request: unknown) => Promise.resolve());
    vi.doMock('/assets/early-player.js', () => ({ startEarlyPlayer }));
    document.body.innerHTML = '<div id="root"><div id="early-layout"></div></div>';
    await start('/forYou', {}, { entry: '/assets/entry.js', earlyPlayer: '/assets/early-player.js' });
    await vi.waitFor(() => {
      expect(startEarlyPlayer).toHaveBeenCalledTimes(1);
    });
    const request = startEarlyPlayer.mock.calls[0]![0] as { episodeId: number; frame: HTMLElement };
    expect(request.episodeId).toBe(121);
    expect(request.frame.className).toBe('early-feed-frame');
    await vi.waitFor(() => {
      expect(
        [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href')),
      ).toEqual(['/assets/early-player.js', '/assets/entry.js']);
    });
    vi.doUnmock('/assets/early-player.js');
    document.body.innerHTML = '';
  });

  it('leaves the episode to the app when the address starts it elsewhere or it cannot be played', async () => {
    for (const [address, answers] of [
      ['/videos/12?ep=1&t=30', player],
      ['/videos/12?ep=1', { ...player, '/api/video/episode?id=121': envelope({ ...playback, start: null }) }],
    ] as const) {
      window.localStorage.clear();
      window.localStorage.setItem('userid', 'u-1');
      vi.stubGlobal('MediaSource', function MediaSource() {});
      document.getElementById('landing-data')?.remove();
      carry('u-1', 'en', answers);
      await start(address, {}, { entry: '/assets/entry.js', earlyPlayer: '/assets/early-player.js' });
      expect(
        [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href')),
      ).toEqual(['/assets/entry.js']);
      document.head.querySelectorAll('link[rel="modulepreload"]').forEach((node) => node.remove());
    }
  });

  it('leaves them when they were made for another viewer, or none, or another language', async () => {
    for (const [viewer, language, stored] of [
      ['u-1', 'en', 'u-2'],
      [null, 'en', 'u-2'],
      ['u-1', 'es', 'u-1'],
    ] as const) {
      window.localStorage.clear();
      window.localStorage.setItem('userid', stored);
      document.getElementById('landing-data')?.remove();
      carry(viewer, language, player);
      const fetch = await start('/videos/12?ep=1', {
        '/api/video': { id: 12, title: 'Early Bird' },
        '/api/video/episode': [{ id: 121, number: 1 }],
      });
      await window.__episodicEarlyMediaReady;
      expect(fetch.mock.calls.map(([url]) => url)).toEqual([
        '/api/video?id=12',
        '/api/video/episode?seriesId=12',
        '/api/video/episode?id=121',
      ]);
    }
  });

  it('on For You, takes the first feed page and its first item’s first second', async () => {
    window.localStorage.clear();
    vi.stubGlobal('MediaSource', function MediaSource() {});
    carry(null, 'en', {
      '/api/video/feed?page=1&pageSize=10': envelope({ items: [{ series: { id: 12 }, episode: { id: 121 } }] }),
      '/api/video/episode?id=121': envelope(playback),
    });
    const fetch = await start('/forYou', {}, { videos: ['/assets/player.js'] });
    await window.__episodicEarlyMediaReady;
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      `${location.origin}/api/media/keys/121`,
      `${location.origin}/media/e/121/360p/seg_000.ts`,
    ]);
    // The player's chunks are preloaded as on the player page (after the key and segment are asked for).
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect([...document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'))).toEqual(
      ['/assets/player.js'],
    );
  });
});
