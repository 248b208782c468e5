// Player: time to the first presented frame (`presentedFrames` 1 of the opened video), in Chromium on
// a throttled phone connection (9 Mbit/s down, 1.5 Mbit/s up, 60 ms latency): opening an episode
// (navigation start -> first frame) with an empty cache, again with a warm one, and from a tap on the
// home screen; swiping to the next episode (release of the finger -> the next episode's first frame
// after it); and the same open and swipe in the For You feed. Demo clips (4 s) and real-length
// episodes (90 s, 1080x1920, packaged by the ingestion command) are measured interleaved in one run.
// Medians over N runs. Usage: npx tsx bench/run.ts first-frame [-- --runs N] [--only swipe]
// (`--only swipe` measures the swipes alone, a quick check; its figures go to first-frame-swipe.json.)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, devices, type Browser, type CDPSession, type Page } from 'playwright-core';
import { repoRoot, startProcess, writeResults } from './lib';
import { findTargets, prepareCatalog, REAL_LENGTH, type Targets } from './first-frame-catalog';
// @ts-expect-error -- a plain ES module shared with the repository's scripts
import { buildAll } from '../scripts/lib/build.mjs';

const runsArg = process.argv.indexOf('--runs');
const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 7;
const onlyArg = process.argv.indexOf('--only');
const swipeOnly = onlyArg > 0 && process.argv[onlyArg + 1] === 'swipe';
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
const GOALS = { openMs: 500, swipeMs: 100 };
const SERVER = path.join(repoRoot, 'apps/server/dist/main.js');

await (buildAll as (o: { quiet: boolean }) => Promise<void>)({ quiet: true });

// Runs in the page before anything else. Every video gets a frame callback chain from its
// `loadstart`, so the first frame it presents is seen whatever else is pending (a callback armed at
// `playing` misses it). "open" is the first frame the current video presents, "swipe" the first the
// new current video presents after the finger is released; each notes the frame's `presentedFrames`.
const INSTRUMENT = `
  window.__ff = { open: null, openFrame: null, swipe: null, swipeFrame: null, releasedAt: null, armed: false, old: null, tappedAt: null };
  addEventListener('click', () => { if (window.__ff.tappedAt === null && window.__ff.open === null) window.__ff.tappedAt = performance.now(); }, true);
  addEventListener('pointerup', () => { if (window.__ff.armed && window.__ff.releasedAt === null) window.__ff.releasedAt = performance.now(); }, true);
  const watch = (video) => {
    if (!video.requestVideoFrameCallback || video.__ffWatched) return;
    video.__ffWatched = true;
    const onFrame = (now, meta) => {
      const ff = window.__ff;
      const current = video.dataset.current === 'true';
      if (current && ff.open === null && !ff.armed) {
        ff.open = now - (ff.tappedAt ?? 0);
        ff.openFrame = meta.presentedFrames;
      } else if (current && video !== ff.old && ff.releasedAt !== null && ff.swipe === null) {
        ff.swipe = now - ff.releasedAt;
        ff.swipeFrame = meta.presentedFrames;
      }
      if (ff.open === null || ff.swipe === null) video.requestVideoFrameCallback(onFrame);
    };
    video.requestVideoFrameCallback(onFrame);
  };
  document.addEventListener('loadstart', (event) => { if (event.target instanceof HTMLVideoElement) watch(event.target); }, true);
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
  /** The document has arrived (with the first API answers, when the server put them in). */
  document: number;
  /** The app's entry chunk has arrived. */
  appEntry: number;
  /** hls.js has arrived (its own chunk, or the early player that brings it on a cold open, in its file or the document). */
  hlsJs: number;
  /** The first media segment has arrived. */
  firstSegment: number;
  /** Catalog API calls the page made before its first frame (0 when the document carried them). */
  apiCalls: number;
}

const PHASES = `(() => {
  const entries = performance.getEntriesByType('resource');
  const end = (test) => { const e = entries.find((r) => test.test(r.name)); return e ? e.responseEnd : -1; };
  return {
    document: performance.getEntriesByType('navigation')[0].responseEnd,
    appEntry: end(/\\/assets\\/index-[^/]*\\.js$/),
    // A first visit's document carries the early player (server: http/inline-player.ts).
    hlsJs: window.__episodicEarlyPlayerCode
      ? performance.getEntriesByType('navigation')[0].responseEnd
      : Math.max(end(/\\/assets\\/hls\\.light-[^/]*\\.js$/), end(/\\/assets\\/early-player-[^/]*\\.js$/)),
    firstSegment: end(/seg_000\\.ts$/),
    apiCalls: entries.filter((r) => /\\/api\\/video(\\?|\\/episode\\?|\\/feed\\?)/.test(r.name)).length,
  };
})()`;

interface Probe {
  ms: number;
  /** `presentedFrames` of the frame the figure ends at. */
  frame: number;
}

interface PlayerRun {
  phases: Phases;
  openCold: Probe;
  openWarm: Probe;
  openFromHome: Probe | null;
  swipe: Probe;
}

interface FeedRun {
  open: Probe;
  swipe: Probe;
}

async function newPage(
  browser: Browser,
  baseUrl: string,
): Promise<{ page: Page; cdp: CDPSession; close(): Promise<void> }> {
  const context = await browser.newContext({
    ...devices['iPhone 13'],
    baseURL: baseUrl,
    serviceWorkers: 'block',
    bypassCSP: true,
  });
  await context.addInitScript(INSTRUMENT);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await throttle(cdp);
  return { page, cdp, close: () => context.close() };
}

const probe = (page: Page, key: 'open' | 'swipe') =>
  waitFor<Probe>(
    page,
    `window.__ff && window.__ff.${key} !== null && { ms: window.__ff.${key}, frame: window.__ff.${key}Frame }`,
  );

/** Swipes up once the next item is preloaded (its first frame ready), as after a few seconds of watching. */
async function swipeToNext(page: Page, cdp: CDPSession): Promise<Probe> {
  await waitFor(
    page,
    // The stage places each <video> in a box of its own (player-stage.tsx, SlotVideo): hidden is on the box.
    `[...document.querySelectorAll('video')].some((v) => v.dataset.current !== 'true' && v.readyState >= 2 && getComputedStyle(v).visibility !== 'hidden')`,
  );
  await page.evaluate(
    `window.__ff.old = document.querySelector('video[data-current="true"]'); window.__ff.armed = true;`,
  );
  await swipeUp(cdp, page);
  return probe(page, 'swipe');
}

/** Settles once the page has had no request in flight for `quietMs` (what `networkidle` waits for, at any time). */
async function networkQuiet(page: Page, quietMs = 500): Promise<void> {
  let inFlight = 0;
  let last = Date.now();
  const start = () => {
    inFlight++;
  };
  const end = () => {
    inFlight = Math.max(0, inFlight - 1);
    last = Date.now();
  };
  page.on('request', start);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  try {
    // Requests made before the listeners are caught by the first pause below.
    await page.waitForTimeout(quietMs);
    while (inFlight > 0 || Date.now() - last < quietMs) await page.waitForTimeout(50);
  } finally {
    page.off('request', start);
    page.off('requestfinished', end);
    page.off('requestfailed', end);
  }
}

/** From a tap on the series in the home screen (app already loaded, empty cache otherwise) to the first frame. */
async function measureFromHome(browser: Browser, baseUrl: string, seriesId: number): Promise<Probe> {
  const { page, close } = await newPage(browser, baseUrl);
  try {
    await page.goto('/');
    const link = page.locator(`[data-page="home"] a[href="/videos/${String(seriesId)}"]`).first();
    await link.waitFor();
    // Let the home screen settle (its images and data), as a viewer would look before tapping; a card
    // below the fold is scrolled to and looked at the same way.
    await page.waitForLoadState('networkidle');
    await link.scrollIntoViewIfNeeded();
    await networkQuiet(page);
    await link.tap();
    return await probe(page, 'open');
  } finally {
    await close();
  }
}

async function measurePlayer(
  browser: Browser,
  baseUrl: string,
  seriesId: number,
  fromHome: boolean,
): Promise<PlayerRun> {
  const { page, cdp, close } = await newPage(browser, baseUrl);
  try {
    const url = `/videos/${String(seriesId)}?ep=1`;
    // Cold: nothing cached (a new browser profile).
    await page.goto(url, { waitUntil: 'commit' });
    const openCold = await probe(page, 'open');
    const phases = (await page.evaluate(PHASES)) as Phases;
    const swipe = await swipeToNext(page, cdp);
    if (swipeOnly) return { phases, openCold, openWarm: openCold, openFromHome: null, swipe };
    // Warm: the same episode opened again once the first visit's downloads are done, app files from
    // the HTTP cache.
    await networkQuiet(page);
    await page.goto(url, { waitUntil: 'commit' });
    const openWarm = await probe(page, 'open');
    await close();
    const openFromHome = fromHome && !swipeOnly ? await measureFromHome(browser, baseUrl, seriesId) : null;
    return { phases, openCold, openWarm, openFromHome, swipe };
  } finally {
    await close();
  }
}

/** The For You tab opened with an empty cache, then one swipe to the next series. */
async function measureFeed(browser: Browser, baseUrl: string): Promise<FeedRun> {
  const { page, cdp, close } = await newPage(browser, baseUrl);
  try {
    await page.goto('/forYou', { waitUntil: 'commit' });
    const open = await probe(page, 'open');
    const swipe = await swipeToNext(page, cdp);
    return { open, swipe };
  } finally {
    await close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};
const round = (n: number) => Math.round(n);

function figure(probes: Probe[], goalMs: number) {
  const ms = probes.map((p) => p.ms);
  const medianMs = round(median(ms));
  return {
    medianMs,
    minMs: round(Math.min(...ms)),
    maxMs: round(Math.max(...ms)),
    runsMs: ms.map(round),
    presentedFrames: [...new Set(probes.map((p) => p.frame))].sort((a, b) => a - b),
    goalMs,
    met: medianMs <= goalMs,
  };
}

const dataDir = await prepareCatalog(SERVER);
const server = await startProcess(SERVER, { DATA_DIR: dataDir, DEMO_CATALOG: 'true' });
let browser: Browser | undefined;
try {
  const { realLengthOnHome, ...targets } = await findTargets(server.url);
  const homeFor: Record<keyof Targets, boolean> = { demo: true, realLength: realLengthOnHome };
  const loadAtStart = os.loadavg().map((n) => Number(n.toFixed(2)));
  browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  // One unmeasured round warms the server (JIT, caches), as a live server would be.
  await measurePlayer(browser, server.url, targets.demo, false);
  await measureFeed(browser, server.url);
  const player: Record<keyof Targets, PlayerRun[]> = { demo: [], realLength: [] };
  const feed: FeedRun[] = [];
  for (let i = 0; i < runs; i++) {
    // Interleaved, so the machine's load falls on both catalogs alike.
    for (const key of ['demo', 'realLength'] as const) {
      const run = await measurePlayer(browser, server.url, targets[key], homeFor[key]);
      player[key].push(run);
      console.log(
        `run ${String(i + 1)} ${key}: open ${String(round(run.openCold.ms))} ms (frame ${String(run.openCold.frame)}; warm ${String(round(run.openWarm.ms))}, from home ${run.openFromHome ? String(round(run.openFromHome.ms)) : '-'}), swipe ${String(round(run.swipe.ms))} ms`,
      );
    }
    const run = await measureFeed(browser, server.url);
    feed.push(run);
    console.log(
      `run ${String(i + 1)} feed: open ${String(round(run.open.ms))} ms, swipe ${String(round(run.swipe.ms))} ms`,
    );
  }
  const playerFigures = (key: keyof Targets) => {
    const all = player[key];
    const fromHome = all.flatMap((r) => (r.openFromHome ? [r.openFromHome] : []));
    return {
      open: figure(
        all.map((r) => r.openCold),
        GOALS.openMs,
      ),
      phasesMedianMs: Object.fromEntries(
        (Object.keys(all[0]?.phases ?? {}) as (keyof Phases)[]).map((phase) => [
          phase,
          round(median(all.map((r) => r.phases[phase]))),
        ]),
      ),
      openWarmCache: figure(
        all.map((r) => r.openWarm),
        GOALS.openMs,
      ),
      openFromHome: fromHome.length ? figure(fromHome, GOALS.openMs) : null,
      swipe: figure(
        all.map((r) => r.swipe),
        GOALS.swipeMs,
      ),
    };
  };
  const demo = playerFigures('demo');
  const realLength = playerFigures('realLength');
  const forYou = {
    open: figure(
      feed.map((r) => r.open),
      GOALS.openMs,
    ),
    swipe: figure(
      feed.map((r) => r.swipe),
      GOALS.swipeMs,
    ),
  };
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
    settings: {
      runs,
      network: NETWORK,
      device: 'iPhone 13 viewport with touch',
      flags: FLAGS,
      realLength: REAL_LENGTH,
    },
    goals: GOALS,
    loadAverage: { atStart: loadAtStart, atEnd: os.loadavg().map((n) => Number(n.toFixed(2))) },
    demo,
    realLength,
    forYou,
  };
  const row = (f: ReturnType<typeof figure> | null) =>
    f ? { median: f.medianMs, min: f.minMs, max: f.maxMs, goal: f.goalMs, frames: f.presentedFrames.join(' ') } : {};
  console.table({
    'demo: open (empty cache)': row(demo.open),
    'demo: open (warm cache)': row(demo.openWarmCache),
    'demo: open (tap on home)': row(demo.openFromHome),
    'demo: swipe to next': row(demo.swipe),
    '90 s: open (empty cache)': row(realLength.open),
    '90 s: open (warm cache)': row(realLength.openWarmCache),
    '90 s: open (tap on home)': row(realLength.openFromHome),
    '90 s: swipe to next': row(realLength.swipe),
    'For You: open (empty cache)': row(forYou.open),
    'For You: swipe to next': row(forYou.swipe),
  });
  console.log('cold open, median milestones (ms from navigation start):', {
    demo: demo.phasesMedianMs,
    realLength: realLength.phasesMedianMs,
  });
  console.log(`written to ${writeResults(swipeOnly ? 'first-frame-swipe' : 'first-frame', results)}`);
} finally {
  await browser?.close();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
