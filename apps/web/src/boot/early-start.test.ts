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
  document.head.querySelectorAll('link[rel="modulepreload"], link[rel="preload"]').forEach((link) => link.remove());
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
