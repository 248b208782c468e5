// Player: time to first frame, in Chromium on a throttled phone connection (9 Mbit/s down,
// 1.5 Mbit/s up, 60 ms latency): opening an episode (navigation start -> first presented frame of
// the playing video) with an empty cache, again with a warm one, and from a tap on the home screen;
// and swiping to the next episode (release of the finger -> first presented frame of the next
// episode). Medians over N runs.
// Usage: npx tsx bench/run.ts first-frame [-- --runs N]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, devices, type Browser, type CDPSession, type Page } from 'playwright-core';
import { repoRoot, startProcess, writeResults } from './lib';
// @ts-expect-error -- a plain ES module shared with the repository's scripts
import { buildAll } from '../scripts/lib/build.mjs';

const runsArg = process.argv.indexOf('--runs');
const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 7;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const NETWORK = { downloadMbit: 9, uploadMbit: 1.5, latencyMs: 60 };
const GOALS = { openMs: 1000, swipeMs: 300 };

await (buildAll as (o: { quiet: boolean }) => Promise<void>)({ quiet: true });

interface EpisodeRow {
  number: number;
  free: boolean;
}

async function data<T>(url: string): Promise<T> {
  const body = (await (await fetch(url)).json()) as { code: number; data: T };
  if (body.code !== 200) throw new Error(`${url}: envelope ${String(body.code)}`);
  return body.data;
}

/** Demo episodes per series: enough for a free next episode; the whole demo is then ready in a minute or two. */
const DEMO_EPISODES = 4;

/**
 * Waits until the demo catalog is complete (no ffmpeg running beside the measurements), then picks a
 * series whose first three episodes are free.
 */
async function waitForSeries(url: string): Promise<number> {
  const deadline = Date.now() + 600_000;
  for (;;) {
    const all = await data<{ items: { id: number; episodeCount: number }[] }>(
      `${url}/api/video?page=1&pageSize=50`,
    ).catch(() => null);
    const items = all?.items ?? [];
    if (items.length > 0 && items.every((s) => s.episodeCount >= DEMO_EPISODES)) {
      // A series the home screen shows (one run taps it there).
      const home = await data<{ featured: { id: number }[]; sections: { items: { id: number }[] }[] }>(
        `${url}/api/homepage`,
      );
      const onHome = new Set(
        [...home.featured, ...home.sections.flatMap((section) => section.items)].map((series) => series.id),
      );
      for (const { id } of items.filter((series) => onHome.has(series.id))) {
        const episodes = await data<EpisodeRow[]>(`${url}/api/video/episode?seriesId=${String(id)}`);
        const free = new Set(episodes.filter((e) => e.free).map((e) => e.number));
        if (free.has(1) && free.has(2) && free.has(3)) return id;
      }
      throw new Error('no demo series has three free episodes');
    }
    if (Date.now() > deadline) throw new Error('the demo catalog was not ready in time');
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}

// Runs in the page before anything else: notes the first presented frame after the first `playing`
// of the video on screen, then (once armed) the first frame of another video after a finger release.
const INSTRUMENT = `
  window.__ff = { open: null, swipe: null, releasedAt: null, armed: false, old: null, tappedAt: null };
  addEventListener('click', () => { if (window.__ff.tappedAt === null && window.__ff.open === null) window.__ff.tappedAt = performance.now(); }, true);
  const frameAfter = (video, key, since) => {
    const note = (now) => { if (window.__ff[key] === null) window.__ff[key] = now - since; };
    if (video.requestVideoFrameCallback) video.requestVideoFrameCallback((now) => note(now));
    else note(performance.now());
  };
  addEventListener('pointerup', () => { if (window.__ff.armed && window.__ff.releasedAt === null) window.__ff.releasedAt = performance.now(); }, true);
  document.addEventListener('playing', (event) => {
    const video = event.target;
    if (!(video instanceof HTMLVideoElement)) return;
    const ff = window.__ff;
    if (ff.releasedAt !== null && video !== ff.old && ff.swipe === null) frameAfter(video, 'swipe', ff.releasedAt);
    else if (ff.open === null && !ff.armed) frameAfter(video, 'open', ff.tappedAt ?? 0);
  }, true);
`;

async function throttle(cdp: CDPSession): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: NETWORK.latencyMs,
    downloadThroughput: (NETWORK.downloadMbit * 1_000_000) / 8,
    uploadThroughput: (NETWORK.uploadMbit * 1_000_000) / 8,
  });
}

/** Evaluates a probe given as text: the contexts bypass the site's CSP, which forbids evaluating strings. */
async function waitFor<T>(page: Page, expression: string, timeoutMs = 20_000): Promise<T> {
  const handle = await page.waitForFunction(expression, undefined, { timeout: timeoutMs, polling: 20 });
  return (await handle.jsonValue()) as T;
}

async function swipeUp(cdp: CDPSession, page: Page): Promise<void> {
  const { width, height } = page.viewportSize() ?? { width: 390, height: 664 };
  const x = Math.round(width / 2) - 40;
  const y = Math.round(height * 0.7);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (let i = 1; i <= 6; i++)
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y - i * 50 }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/** Milestones of a cold open (ms from navigation start), from the page's Resource Timing entries. */
interface Phases {
  /** The first API call of the player page: app shell and page code are running. */
  firstApiCall: number;
  /** The episode's playback information has arrived. */
  playbackInfo: number;
  /** hls.js asks for the master playlist. */
  masterPlaylist: number;
  /** The first media segment has arrived. */
  firstSegment: number;
}

const PHASES = `(() => {
  const entries = performance.getEntriesByType('resource');
  const first = (part, key) => { const e = entries.find((r) => r.name.includes(part)); return e ? e[key] : -1; };
  return {
    firstApiCall: Math.min(first('/api/video?', 'startTime'), first('/api/video/episode?', 'startTime')),
    playbackInfo: first('/api/video/episode?id=', 'responseEnd'),
    masterPlaylist: first('master.m3u8', 'startTime'),
    firstSegment: first('seg_000.ts', 'responseEnd'),
  };
})()`;

interface Run {
  phases: Phases;
  openColdMs: number;
  openWarmMs: number;
  openFromHomeMs: number;
  swipeMs: number;
}

/** From a tap on the series in the home screen (app already loaded, empty cache otherwise) to the first frame. */
async function measureFromHome(browser: Browser, baseUrl: string, seriesId: number): Promise<number> {
  const context = await browser.newContext({
    ...devices['iPhone 13'],
    baseURL: baseUrl,
    serviceWorkers: 'block',
    bypassCSP: true,
  });
  try {
    await context.addInitScript(INSTRUMENT);
    const page = await context.newPage();
    await throttle(await context.newCDPSession(page));
    await page.goto('/');
    const link = page.locator(`[data-page="home"] a[href="/videos/${String(seriesId)}"]`).first();
    await link.waitFor();
    // Let the home screen settle (its images and data), as a viewer would look before tapping.
    await page.waitForLoadState('networkidle');
    await link.tap();
    return await waitFor<number>(page, 'window.__ff && window.__ff.open');
  } finally {
    await context.close();
  }
}

async function measureOnce(browser: Browser, baseUrl: string, seriesId: number): Promise<Run> {
  const context = await browser.newContext({
    ...devices['iPhone 13'],
    baseURL: baseUrl,
    serviceWorkers: 'block',
    bypassCSP: true,
  });
  try {
    await context.addInitScript(INSTRUMENT);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await throttle(cdp);
    const url = `/videos/${String(seriesId)}?ep=1`;

    // Cold: nothing cached (a new browser profile).
    await page.goto(url, { waitUntil: 'commit' });
    const openColdMs = await waitFor<number>(page, 'window.__ff && window.__ff.open');
    const phases = (await page.evaluate(PHASES)) as Phases;

    // Swipe once the next episode is preloaded (its first frame ready), as after a few seconds of watching.
    await waitFor(
      page,
      `[...document.querySelectorAll('video')].some((v) => v.dataset.current !== 'true' && v.readyState >= 2 && v.style.visibility !== 'hidden')`,
    );
    await page.evaluate(
      `window.__ff.old = document.querySelector('video[data-current="true"]'); window.__ff.armed = true;`,
    );
    await swipeUp(cdp, page);
    const swipeMs = await waitFor<number>(page, 'window.__ff && window.__ff.swipe');

    // Warm: the same episode opened again, app files from the HTTP cache.
    await page.goto(url, { waitUntil: 'commit' });
    const openWarmMs = await waitFor<number>(page, 'window.__ff && window.__ff.open');
    await context.close();
    const openFromHomeMs = await measureFromHome(browser, baseUrl, seriesId);
    return { phases, openColdMs, openWarmMs, openFromHomeMs, swipeMs };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};
const round = (n: number) => Math.round(n);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'episodic-first-frame-'));
const server = await startProcess(path.join(repoRoot, 'apps/server/dist/main.js'), {
  DATA_DIR: dataDir,
  DEMO_CATALOG: 'true',
  DEMO_EPISODES_PER_SERIES: String(DEMO_EPISODES),
});
let browser: Browser | undefined;
let loadAtStart: number[] = [];
try {
  console.log('waiting for the demo catalog…');
  const seriesId = await waitForSeries(server.url);
  loadAtStart = os.loadavg().map((n) => Number(n.toFixed(2)));
  browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  // One unmeasured run warms the server (JIT, caches), as a live server would be.
  await measureOnce(browser, server.url, seriesId);
  const all: Run[] = [];
  for (let i = 0; i < runs; i++) {
    const run = await measureOnce(browser, server.url, seriesId);
    all.push(run);
    console.log(
      `run ${String(i + 1)}: open ${String(round(run.openColdMs))} ms (warm ${String(round(run.openWarmMs))} ms, from home ${String(round(run.openFromHomeMs))} ms), swipe ${String(round(run.swipeMs))} ms`,
    );
  }
  const figure = (key: Exclude<keyof Run, 'phases'>) => ({
    medianMs: round(median(all.map((r) => r[key]))),
    minMs: round(Math.min(...all.map((r) => r[key]))),
    maxMs: round(Math.max(...all.map((r) => r[key]))),
    runsMs: all.map((r) => round(r[key])),
  });
  const open = figure('openColdMs');
  const openWarm = figure('openWarmMs');
  const openFromHome = figure('openFromHomeMs');
  const swipe = figure('swipeMs');
  const phaseMedians = Object.fromEntries(
    (Object.keys(all[0]?.phases ?? {}) as (keyof Phases)[]).map((key) => [
      key,
      round(median(all.map((r) => r.phases[key]))),
    ]),
  );
  const results = {
    benchmark: 'first-frame',
    command: 'npx tsx bench/run.ts first-frame',
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      model: os.cpus()[0]?.model ?? 'unknown',
      node: process.version,
      chromium: browser.version(),
    },
    settings: { runs, network: NETWORK, device: 'iPhone 13 viewport with touch', flags: FLAGS },
    goals: GOALS,
    loadAverage: { atStart: loadAtStart, atEnd: os.loadavg().map((n) => Number(n.toFixed(2))) },
    open: { ...open, met: open.medianMs <= GOALS.openMs, phasesMedianMs: phaseMedians },
    openWarmCache: openWarm,
    openFromHome,
    swipe: { ...swipe, met: swipe.medianMs <= GOALS.swipeMs },
  };
  console.table({
    'open (empty cache)': { median: open.medianMs, min: open.minMs, max: open.maxMs, goal: GOALS.openMs },
    'open (warm cache)': { median: openWarm.medianMs, min: openWarm.minMs, max: openWarm.maxMs, goal: GOALS.openMs },
    'open (tap on home)': {
      median: openFromHome.medianMs,
      min: openFromHome.minMs,
      max: openFromHome.maxMs,
      goal: GOALS.openMs,
    },
    'swipe to next': { median: swipe.medianMs, min: swipe.minMs, max: swipe.maxMs, goal: GOALS.swipeMs },
  });
  console.log('cold open, median milestones (ms from navigation start):', phaseMedians, 'first frame', open.medianMs);
  console.log(`written to ${writeResults('first-frame', results)}`);
} finally {
  await browser?.close();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
