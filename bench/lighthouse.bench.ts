// Lighthouse mobile performance of `/` and `/videos/{id}` (goal: 95 or more), on the built server
// with the demo catalog, in Debian's Chromium. Lighthouse 12 (the last line that runs on Node 20) is
// fetched from the npm registry by `npm exec` on first use; it is not a dependency of the project.
// Usage: npm run bench -- lighthouse [-- --runs 3]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot, startProcess, writeResults } from './lib';
// @ts-expect-error -- a plain ES module shared with the repository's scripts
import { buildAll } from '../scripts/lib/build.mjs';

const LIGHTHOUSE = 'lighthouse@12.8.2';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const runsArg = process.argv.indexOf('--runs');
const runs = runsArg > 0 ? Math.max(1, Number(process.argv[runsArg + 1]) || 1) : 3;

await (buildAll as (o: { quiet: boolean }) => Promise<void>)({ quiet: true });
/** Demo episodes per series: the catalog is then packaged in about a minute. */
const DEMO_EPISODES = 3;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'episodic-bench-lh-'));
const server = await startProcess(path.join(repoRoot, 'apps/server/dist/main.js'), {
  DATA_DIR: dataDir,
  DEMO_CATALOG: 'true',
  DEMO_EPISODES_PER_SERIES: String(DEMO_EPISODES),
});

/**
 * A series whose first episode is ready to play, once the whole demo catalog is packaged: ffmpeg
 * running beside Lighthouse would lengthen every main-thread task it observes (and TBT with them).
 */
async function playableSeries(): Promise<number> {
  const deadline = Date.now() + 300_000;
  for (;;) {
    const all = (await (await fetch(`${server.url}/api/video?page=1&pageSize=50`)).json()) as {
      data?: { items?: { episodeCount: number }[] };
    };
    const items = all.data?.items ?? [];
    const complete = items.length > 0 && items.every((series) => series.episodeCount >= DEMO_EPISODES);
    const home = (await (await fetch(`${server.url}/api/homepage`)).json()) as {
      data?: { featured?: { id: number }[] };
    };
    const id = home.data?.featured?.[0]?.id;
    if (id) {
      const eps = (await (await fetch(`${server.url}/api/video/episode?seriesId=${String(id)}`)).json()) as {
        data?: { number: number }[];
      };
      if (complete && eps.data?.some((e) => e.number === 1)) return id;
    }
    if (Date.now() > deadline) throw new Error('no playable series after 5 minutes');
    await new Promise((r) => setTimeout(r, 1000));
  }
}

interface Score {
  performance: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
}

function lighthouseOnce(url: string): Score {
  const out = path.join(dataDir, `lh-${String(Date.now())}.json`);
  const res = spawnSync(
    'npm',
    [
      'exec',
      '--yes',
      LIGHTHOUSE,
      '--',
      url,
      `--chrome-path=${CHROMIUM}`,
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run',
      '--only-categories=performance',
      '--form-factor=mobile',
      '--output=json',
      `--output-path=${out}`,
      '--quiet',
    ],
    { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, CHROME_PATH: CHROMIUM } },
  );
  if (res.status !== 0 || !fs.existsSync(out)) throw new Error(`lighthouse failed for ${url}`);
  const report = JSON.parse(fs.readFileSync(out, 'utf8')) as {
    categories: { performance: { score: number } };
    audits: Record<string, { numericValue?: number }>;
  };
  const a = (id: string) => Math.round(report.audits[id]?.numericValue ?? 0);
  return {
    performance: Math.round(report.categories.performance.score * 100),
    fcpMs: a('first-contentful-paint'),
    lcpMs: a('largest-contentful-paint'),
    tbtMs: a('total-blocking-time'),
    cls: Number((report.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
    speedIndexMs: a('speed-index'),
  };
}

/** Lighthouse sometimes loses its page (no first paint recorded); one more try before giving up. */
function lighthouse(url: string): Score {
  try {
    return lighthouseOnce(url);
  } catch {
    return lighthouseOnce(url);
  }
}

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
function summarize(scores: Score[]): Score & { runs: number[] } {
  return {
    performance: median(scores.map((s) => s.performance)),
    fcpMs: median(scores.map((s) => s.fcpMs)),
    lcpMs: median(scores.map((s) => s.lcpMs)),
    tbtMs: median(scores.map((s) => s.tbtMs)),
    cls: median(scores.map((s) => s.cls)),
    speedIndexMs: median(scores.map((s) => s.speedIndexMs)),
    runs: scores.map((s) => s.performance),
  };
}

try {
  const seriesId = await playableSeries();
  const pages = { '/': `${server.url}/`, '/videos/{id}': `${server.url}/videos/${String(seriesId)}?ep=1` };
  const results: Record<string, ReturnType<typeof summarize>> = {};
  for (const [name, url] of Object.entries(pages)) {
    const scores: Score[] = [];
    for (let i = 0; i < runs; i++) scores.push(lighthouse(url));
    results[name] = summarize(scores);
  }
  console.table(results);
  console.log(
    `written to ${writeResults('lighthouse', {
      benchmark: 'lighthouse',
      command: 'npm run bench -- lighthouse',
      date: new Date().toISOString(),
      machine: { cpus: os.cpus().length, node: process.version, loadAverage: os.loadavg()[0] },
      tool: `${LIGHTHOUSE}, mobile form factor (simulated Moto G Power on slow 4G), performance category, median of ${String(runs)}`,
      goal: 'performance 95 or more for / and /videos/{id}',
      results,
    })}`,
  );
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
