import type { BrowserContext, Page } from '@playwright/test';
import { test } from './fixtures';

export interface EpisodeRow {
  id: number;
  number: number;
  free: boolean;
  unlocked: boolean;
  cost: number;
}

export interface PlayableSeries {
  id: number;
  title: string;
  episodes: EpisodeRow[];
  /** The first episode a guest cannot watch. */
  firstLocked: EpisodeRow;
}

interface Envelope<T> {
  code: number;
  data: T;
}

async function getData<T>(url: string): Promise<T> {
  const res = await fetch(url);
  const body = (await res.json()) as Envelope<T>;
  if (body.code !== 200) throw new Error(`${url}: envelope ${String(body.code)}`);
  return body.data;
}

/** A series whose free episodes (at least two) and first locked episode have their media ready. */
async function findPlayableSeries(baseUrl: string): Promise<PlayableSeries | null> {
  const home = await getData<{
    featured: { id: number; title: string }[];
    sections: { items: { id: number; title: string }[] }[];
  }>(`${baseUrl}/api/homepage`);
  const seen = new Map<number, string>();
  for (const s of [...home.featured, ...home.sections.flatMap((section) => section.items)]) seen.set(s.id, s.title);
  const candidates: PlayableSeries[] = [];
  for (const [id, title] of seen) {
    const episodes = (await getData<EpisodeRow[]>(`${baseUrl}/api/video/episode?seriesId=${String(id)}`)).sort(
      (a, b) => a.number - b.number,
    );
    // The list holds only episodes whose media is ready: numbers must run 1, 2, 3, … up to the first locked one.
    const firstLocked = episodes.find((e) => !e.free && !e.unlocked);
    if (!firstLocked) continue;
    const before = episodes.filter((e) => e.number < firstLocked.number);
    if (before.length < 2 || before.some((e, i) => e.number !== i + 1 || !e.free)) continue;
    // And there is an episode after it, so the sheet shows more than one price.
    candidates.push({ id, title, episodes, firstLocked });
  }
  candidates.sort((a, b) => a.firstLocked.number - b.firstLocked.number);
  return candidates[0] ?? null;
}

/**
 * Waits (up to about four minutes) for the server's demo catalog to have a series that the player
 * journeys can use: a fresh server produces its demo videos in the background, first episodes first.
 */
export async function waitForPlayableSeries(baseUrl: string, timeoutMs = 240_000): Promise<PlayableSeries> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const found = await findPlayableSeries(baseUrl);
      if (found) return found;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline)
      throw new Error(
        `No series with ready free and locked episodes after ${String(timeoutMs / 1000)} s (${String(lastError ?? 'catalog still filling')})`,
      );
    await new Promise((resolve) => setTimeout(resolve, 3000));
  }
}

/** The journeys' test with `series`: a playable series of the worker's server, found once per worker. */
export const playerTest = test.extend<Record<never, never>, { series: PlayableSeries }>({
  series: [
    async ({ appServer }, use) => {
      await use(await waitForPlayableSeries(appServer.url));
    },
    { scope: 'worker', timeout: 300_000 },
  ],
});

/** The `ep` of the address. */
export function episodeInUrl(page: Page): number {
  return Number(new URL(page.url()).searchParams.get('ep'));
}

/** The video on screen: its time, whether it plays, and which episode's playlist it came from. */
export function currentVideo(page: Page) {
  return page.evaluate(() => {
    const video = document.querySelector<HTMLVideoElement>('video[data-current="true"]');
    return video ? { time: video.currentTime, paused: video.paused, rate: video.playbackRate } : null;
  });
}

/**
 * Resolves once the player's video on screen has played past `seconds`: in the app's player, not in
 * index.html's early player (which plays before the app's controls exist).
 */
export async function waitUntilPlaying(page: Page, seconds = 0.3, timeoutMs = 20_000): Promise<void> {
  await page.waitForFunction(
    (min) => {
      const video = document.querySelector<HTMLVideoElement>('[data-page] video[data-current="true"]');
      return Boolean(video && !video.paused && video.currentTime > min);
    },
    seconds,
    { timeout: timeoutMs, polling: 50 },
  );
}

/**
 * Pauses the episode on screen. The demo's episodes last 4 seconds: on a busy machine one would end
 * and move on by itself between two steps of a journey that counts on the episode it showed.
 */
export async function holdEpisode(page: Page): Promise<void> {
  await page.evaluate(() => document.querySelector<HTMLVideoElement>('video[data-current="true"]')?.pause());
}

/**
 * Makes every episode of the page loop instead of ending, from before the app starts. The demo's
 * episodes last 4 seconds: a journey that counts on the episode it opened (its subtitles, its share
 * link, its title) must not see the player move on by itself while a busy machine runs its steps.
 */
export async function loopEpisodes(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener(
      'loadedmetadata',
      (event) => {
        if (event.target instanceof HTMLVideoElement) event.target.loop = true;
      },
      true,
    );
  });
}

/** Every `<video>` of the page is paused (or has nothing loaded). */
export function nothingPlays(page: Page): Promise<boolean> {
  return page.evaluate(() => Array.from(document.querySelectorAll('video')).every((v) => v.paused));
}

/** A finger swipe over the player (CDP touch events: the page sees real touch and pointer events). */
export async function swipe(
  context: BrowserContext,
  page: Page,
  direction: 'up' | 'down',
  distance = 320,
): Promise<void> {
  const cdp = await context.newCDPSession(page);
  const viewport = page.viewportSize() ?? { width: 390, height: 664 };
  const x = Math.round(viewport.width / 2) - 40;
  const startY = direction === 'up' ? Math.round(viewport.height * 0.7) : Math.round(viewport.height * 0.25);
  const dy = direction === 'up' ? -distance : distance;
  const steps = 8;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: startY }] });
  for (let i = 1; i <= steps; i++) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x, y: startY + Math.round((dy * i) / steps) }],
    });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** Key requests of the page, by episode id, with their HTTP status. */
export function watchKeyRequests(page: Page): Map<number, number[]> {
  const statuses = new Map<number, number[]>();
  page.on('response', (response) => {
    const match = /\/api\/media\/keys\/(\d+)/.exec(response.url());
    if (!match) return;
    const id = Number(match[1]);
    statuses.set(id, [...(statuses.get(id) ?? []), response.status()]);
  });
  return statuses;
}

/** The data block with a landing document's first answers (server: http/landing-data.ts). */
const LANDING_BLOCK = /<script type="application\/json" id="landing-data">(.*?)<\/script>/s;

/** The API answers a landing document carried, by address (none when it carried no block). */
export function landingAnswers(html: string): Record<string, unknown> {
  const block = LANDING_BLOCK.exec(html);
  return block ? (JSON.parse(block[1]!) as { answers: Record<string, unknown> }).answers : {};
}

/**
 * Makes the player page and For You documents arrive without the first answers the server puts into
 * them (http/landing-data.ts), so the page asks the API, as when time ran out: for tests that change
 * those answers with `page.route`.
 */
export async function withoutLandingData(page: Page): Promise<void> {
  await page.route(
    (url) => url.pathname.startsWith('/videos/') || url.pathname === '/forYou',
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const body = (await response.text()).replace(LANDING_BLOCK, '');
      await route.fulfill({ response, body });
    },
  );
}
