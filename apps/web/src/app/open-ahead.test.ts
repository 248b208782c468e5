import type { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const openAhead = vi.fn();
const openOnTap = vi.fn();
vi.mock('../features/player/lazy', () => ({ openAhead, openOnTap, warmHls: vi.fn() }));
vi.mock('./routes', () => ({ preloadPage: vi.fn(() => Promise.resolve()) }));

const queryClient = {} as QueryClient;

/** A card linking to `href`, drawn at `top` (px from the top of the screen; the screen is 664 px tall). */
function card(href: string, top: number): HTMLAnchorElement {
  const link = document.createElement('a');
  link.href = href;
  link.textContent = href;
  link.getBoundingClientRect = () =>
    ({ top, bottom: top + 200, left: 0, right: 150, width: 150, height: 200 }) as DOMRect;
  document.getElementById('main')!.append(link);
  return link;
}

/** The series asked for ahead, in order. */
const askedAhead = () =>
  openAhead.mock.calls.flatMap(([, links]) => (links as { seriesId: number }[]).map((l) => l.seriesId));

async function settle(): Promise<void> {
  await vi.advanceTimersByTimeAsync(1500);
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('requestIdleCallback', (run: () => void) => window.setTimeout(run, 0));
  document.body.innerHTML = '<div id="root"><main id="main"></main></div>';
  window.history.replaceState(null, '', '/');
  vi.resetModules();
});

let stop = () => undefined as void;

afterEach(() => {
  stop();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  openAhead.mockClear();
  openOnTap.mockClear();
});

async function start(): Promise<void> {
  const { openSeriesAhead } = await import('./open-ahead');
  stop = openSeriesAhead(queryClient);
}

describe('asking for a series ahead of the tap', () => {
  it('asks for the series of the cards on screen once the screen holds still, each once per screen', async () => {
    card('/videos/1', 100);
    card('/videos/2?ep=3', 400);
    card('/videos/3', 2000);
    card('/browse/4', 100);
    await start();
    await settle();
    expect(askedAhead()).toEqual([1, 2]);
    expect(openAhead.mock.calls[0]?.[1]).toEqual([
      { seriesId: 1, search: '', key: '/videos/1' },
      { seriesId: 2, search: '?ep=3', key: '/videos/2?ep=3' },
    ]);

    // Scrolled: the third card comes into view; the first two are not asked for again.
    card('/videos/3', 300);
    document.dispatchEvent(new Event('scroll'));
    await settle();
    expect(askedAhead()).toEqual([1, 2, 3]);

    // Another screen with the same cards (Home again after an episode) asks for them anew: the query
    // cache answers what is still fresh, and fetches what went stale (the history, once watched on).
    window.history.pushState(null, '', '/browse/1');
    document.dispatchEvent(new Event('scroll'));
    await settle();
    expect(askedAhead().slice(3).sort()).toEqual([1, 2, 3]);
  });

  it('asks for a few at a look and a share a minute, however many cards go by', async () => {
    for (let i = 1; i <= 10; i++) card(`/videos/${String(i)}`, 10 * i);
    await start();
    await settle();
    expect(askedAhead()).toHaveLength(6);
    for (let round = 0; round < 10; round++) {
      for (let i = 1; i <= 10; i++) card(`/videos/${String(100 * (round + 1) + i)}`, 10 * i);
      document.dispatchEvent(new Event('scroll'));
      await settle();
    }
    expect(askedAhead()).toHaveLength(24);
  });

  it('asks at once for a card being pressed, and starts its media on the tap', async () => {
    for (let i = 1; i <= 30; i++) card(`/videos/${String(i)}`, 5000);
    const pressed = card('/videos/99', 5000);
    await start();
    await settle();
    expect(askedAhead()).toEqual([]);
    pressed.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    await vi.advanceTimersByTimeAsync(0);
    expect(askedAhead()).toEqual([99]);
    pressed.addEventListener('click', (event) => {
      event.preventDefault();
    });
    pressed.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
    await vi.advanceTimersByTimeAsync(0);
    expect(openOnTap).toHaveBeenCalledWith(queryClient, 99, '');
  });

  it('leaves the bandwidth to the video on the player pages', async () => {
    window.history.replaceState(null, '', '/forYou');
    card('/videos/1', 100);
    await start();
    await settle();
    expect(openAhead).not.toHaveBeenCalled();
  });

  it('asks for nothing ahead with the data saver on or on 2G', async () => {
    for (const connection of [{ saveData: true }, { effectiveType: 'slow-2g' }]) {
      vi.stubGlobal('navigator', { ...navigator, connection });
      vi.resetModules();
      card('/videos/1', 100);
      await start();
      await settle();
      card('/videos/1', 100).dispatchEvent(new Event('pointerdown', { bubbles: true }));
      await settle();
      stop();
    }
    expect(openAhead).not.toHaveBeenCalled();
  });
});
