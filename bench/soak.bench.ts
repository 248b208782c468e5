// A soak test on PostgreSQL: a realistic mix of viewer traffic (browsing, playback info, playlists and
// keys, history writes, favorites, unlocks, payments) held at half the measured capacity for a long
// while. Reports errors (must be zero), p50/p99 per kind of request, and the server's memory over time.
// Usage: npm run bench -- soak [-- --minutes 10]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, repoRoot, writeResults } from './lib';
// @ts-expect-error -- a plain ES module shared with the repository's scripts
import { ensureTestPostgres } from '../scripts/lib/postgres.mjs';
// @ts-expect-error -- a plain ES module shared with the repository's scripts
import { buildAll } from '../scripts/lib/build.mjs';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) || fallback : fallback;
};
const minutes = arg('minutes', 10);
const workers = arg('workers', 16);

await (buildAll as (o: { quiet: boolean }) => Promise<void>)({ quiet: true });
const pgServer = (await ensureTestPostgres()) as { url: string; stop(): void };
const admin = new pg.Client({ connectionString: pgServer.url });
await admin.connect();
await admin.query('DROP DATABASE IF EXISTS episodic_bench_soak WITH (FORCE)');
await admin.query('CREATE DATABASE episodic_bench_soak');
const dbUrl = new URL(pgServer.url);
dbUrl.pathname = '/episodic_bench_soak';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'episodic-bench-soak-'));

const port = await freePort();
const base = `http://127.0.0.1:${String(port)}`;
const server = spawn(process.execPath, [path.join(repoRoot, 'apps/server/dist/main.js')], {
  cwd: repoRoot,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    DATABASE_URL: dbUrl.toString(),
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    DEMO_CATALOG: 'true',
    DEMO_EPISODES_PER_SERIES: '3',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

interface Envelope<T> {
  code: number;
  data: T;
}
async function call<T>(
  method: string,
  url: string,
  token: string | null,
  body?: unknown,
): Promise<{ status: number; env: Envelope<T> | null; text: string }> {
  const headers: Record<string, string> = { accept: 'application/json', 'accept-encoding': 'br, gzip' };
  if (token) headers['x-user-token'] = token;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(base + url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  let env: Envelope<T> | null = null;
  if ((res.headers.get('content-type') ?? '').includes('json')) env = JSON.parse(text) as Envelope<T>;
  return { status: res.status, env, text };
}

// The server, and a demo catalog whose media is ready.
for (const deadline = Date.now() + 120_000; ;) {
  try {
    if ((await fetch(`${base}/readyz`)).ok) break;
  } catch {
    /* starting */
  }
  if (Date.now() > deadline) throw new Error('server not ready');
  await new Promise((r) => setTimeout(r, 200));
}
interface EpisodeRow {
  id: number;
  number: number;
  free: boolean;
}
let series: { id: number; episodes: EpisodeRow[] }[] = [];
for (const deadline = Date.now() + 600_000; ;) {
  const home = await call<{ featured: { id: number }[]; sections: { items: { id: number }[] }[] }>(
    'GET',
    '/api/homepage',
    null,
  );
  const ids = [
    ...new Set(
      [...(home.env?.data.featured ?? []), ...(home.env?.data.sections ?? []).flatMap((s) => s.items)].map((s) => s.id),
    ),
  ];
  series = [];
  for (const id of ids) {
    const eps = await call<EpisodeRow[]>('GET', `/api/video/episode?seriesId=${String(id)}`, null);
    if ((eps.env?.data.length ?? 0) >= 3) series.push({ id, episodes: eps.env!.data });
  }
  // Every demo series with its three episodes ready: no media is produced during the measurement.
  if (series.length >= 14) break;
  if (Date.now() > deadline) throw new Error('demo catalog not ready');
  await new Promise((r) => setTimeout(r, 3000));
}
console.log(`catalog ready: ${String(series.length)} series with media`);

const card = {
  number: '4242424242424242',
  expiry: '12/34',
  cvv: '123',
  firstName: 'Soak',
  lastName: 'Test',
  email: 'soak@example.com',
};
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

type Outcome = { ok: boolean; detail?: string };
const check = (r: { status: number; env: Envelope<unknown> | null }, accepted: number[] = [200]): Outcome =>
  r.status === 200 && r.env && accepted.includes(r.env.code)
    ? { ok: true }
    : { ok: false, detail: `HTTP ${String(r.status)} envelope ${String(r.env?.code)}` };

const OPS: { name: string; weight: number; run: (token: string) => Promise<Outcome> }[] = [
  { name: 'homepage', weight: 20, run: async (t) => check(await call('GET', '/api/homepage', t)) },
  {
    name: 'series',
    weight: 10,
    run: async (t) => check(await call('GET', `/api/video?id=${String(pick(series).id)}`, t)),
  },
  {
    name: 'episode list',
    weight: 10,
    run: async (t) => check(await call('GET', `/api/video/episode?seriesId=${String(pick(series).id)}`, t)),
  },
  {
    name: 'playback (info, playlists, key)',
    weight: 20,
    run: async (t) => {
      const s = pick(series);
      const episode = s.episodes.find((e) => e.free) ?? s.episodes[0]!;
      const info = await call<{ hls: string | null }>('GET', `/api/video/episode?id=${String(episode.id)}`, t);
      if (!info.env?.data.hls) return { ok: false, detail: 'no playlist for a free episode' };
      const master = await fetch(new URL(info.env.data.hls, base), { headers: { 'x-user-token': t } });
      const masterText = await master.text();
      const variant = masterText.split('\n').find((l) => l && !l.startsWith('#'));
      if (!master.ok || !variant) return { ok: false, detail: `master ${String(master.status)}` };
      const playlistUrl = new URL(variant, new URL(info.env.data.hls, base));
      const playlist = await fetch(playlistUrl, { headers: { 'x-user-token': t } });
      const keyUri = /URI="([^"]+)"/.exec(await playlist.text())?.[1];
      if (!playlist.ok || !keyUri) return { ok: false, detail: `playlist ${String(playlist.status)}` };
      const key = await fetch(new URL(keyUri, playlistUrl), { headers: { 'x-user-token': t } });
      await key.arrayBuffer();
      return key.ok ? { ok: true } : { ok: false, detail: `key ${String(key.status)}` };
    },
  },
  {
    name: 'history write',
    weight: 15,
    run: async (t) =>
      check(
        await call('POST', '/api/user/history', t, {
          episodeId: pick(pick(series).episodes).id,
          position: Math.random() * 3,
        }),
      ),
  },
  {
    name: 'favorite add + remove',
    weight: 10,
    run: async (t) => {
      const id = pick(series).id;
      const add = check(await call('POST', '/api/user/favorite', t, { seriesId: id }));
      return add.ok ? check(await call('DELETE', `/api/user/favorite?seriesId=${String(id)}`, t)) : add;
    },
  },
  // Coins may run out after many unlocks: "not enough coins" (402) is an answer, not an error.
  {
    name: 'unlock',
    weight: 10,
    run: async (t) =>
      check(await call('POST', '/api/video/unlock', t, { episodeId: pick(pick(series).episodes).id }), [200, 402]),
  },
  {
    name: 'order + card payment',
    weight: 5,
    run: async (t) => {
      const order = await call<{ id: string }>('POST', '/api/payment/order', t, { planId: 'coins-300' });
      if (order.env?.code !== 200) return check(order);
      const paid = await call<{ status: string }>('POST', '/api/payment/pay', t, {
        orderId: order.env.data.id,
        method: 'card',
        card,
        agree: true,
      });
      return paid.env?.data.status === 'paid' ? { ok: true } : { ok: false, detail: `pay ${paid.text.slice(0, 120)}` };
    },
  },
];
const totalWeight = OPS.reduce((n, o) => n + o.weight, 0);
const chooseOp = () => {
  let r = Math.random() * totalWeight;
  for (const op of OPS) if ((r -= op.weight) < 0) return op;
  return OPS[0]!;
};

interface Stats {
  ms: number[];
  errors: number;
  details: string[];
}
function newStats(): Record<string, Stats> {
  return Object.fromEntries(OPS.map((o) => [o.name, { ms: [], errors: 0, details: [] }]));
}

/** Runs the mix with `workers` viewers, flat out or at `rate` operations per second in all. */
async function runMix(seconds: number, rate: number | null, stats: Record<string, Stats>): Promise<number> {
  const until = Date.now() + seconds * 1000;
  let done = 0;
  // One schedule for all viewers: the operations are spaced evenly at the asked rate.
  let next = Date.now();
  const slot = async () => {
    if (!rate) return;
    const at = Math.max(next, Date.now());
    next = at + 1000 / rate;
    await new Promise((r) => setTimeout(r, at - Date.now()));
  };
  await Promise.all(
    Array.from({ length: workers }, async () => {
      const token = String((await fetch(`${base}/api/user`)).headers.get('x-user-token'));
      while (Date.now() < until) {
        await slot();
        if (Date.now() >= until) break;
        const op = chooseOp();
        const started = performance.now();
        let outcome: Outcome;
        try {
          outcome = await op.run(token);
        } catch (err) {
          outcome = { ok: false, detail: (err as Error).message };
        }
        const s = stats[op.name]!;
        s.ms.push(performance.now() - started);
        if (!outcome.ok) {
          s.errors++;
          if (s.details.length < 5) s.details.push(outcome.detail ?? '');
        }
        done++;
      }
    }),
  );
  return done / seconds;
}

const rss = () => {
  const status = fs.readFileSync(`/proc/${String(server.pid)}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
};

// Capacity: the mix flat out for 20 seconds.
const capacity = await runMix(20, null, newStats());
const target = capacity / 2;
console.log(`capacity ${capacity.toFixed(0)} operations/s; holding ${target.toFixed(0)}/s for ${String(minutes)} min`);

const stats = newStats();
const memory: { minute: number; rssMb: number }[] = [];
const sampler = setInterval(
  () => memory.push({ minute: Number(((Date.now() - soakStart) / 60000).toFixed(2)), rssMb: rss() }),
  10_000,
);
const soakStart = Date.now();
memory.push({ minute: 0, rssMb: rss() });
const achieved = await runMix(minutes * 60, target, stats);
clearInterval(sampler);
memory.push({ minute: minutes, rssMb: rss() });

server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
await admin.query('DROP DATABASE IF EXISTS episodic_bench_soak WITH (FORCE)');
await admin.end();
pgServer.stop();
fs.rmSync(dataDir, { recursive: true, force: true });

const pct = (list: number[], p: number) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted.length
    ? Number(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(1))
    : 0;
};
const rows = Object.fromEntries(
  Object.entries(stats).map(([name, s]) => [
    name,
    { count: s.ms.length, errors: s.errors, 'p50 ms': pct(s.ms, 50), 'p99 ms': pct(s.ms, 99) },
  ]),
);
console.table(rows);
const errors = Object.values(stats).reduce((n, s) => n + s.errors, 0);
const firstMinute = memory.filter((m) => m.minute <= 1).map((m) => m.rssMb);
const lastMinute = memory.filter((m) => m.minute >= minutes - 1).map((m) => m.rssMb);
const avg = (l: number[]) => Math.round(l.reduce((a, b) => a + b, 0) / Math.max(1, l.length));
console.log(
  `errors: ${String(errors)}; achieved ${achieved.toFixed(0)} operations/s; memory ${String(avg(firstMinute))} MB in the first minute, ${String(avg(lastMinute))} MB in the last`,
);
for (const [name, s] of Object.entries(stats)) for (const d of s.details) console.log(`  ${name}: ${d}`);
console.log(
  `written to ${writeResults('soak', {
    benchmark: 'soak',
    command: `npm run bench -- soak -- --minutes ${String(minutes)}`,
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, node: process.version, loadAverage: os.loadavg() },
    settings: { minutes, workers, database: 'PostgreSQL', catalog: 'demo, 3 episodes per series' },
    capacityOpsPerSec: Math.round(capacity),
    targetOpsPerSec: Math.round(target),
    achievedOpsPerSec: Math.round(achieved),
    errors,
    operations: rows,
    memory: { firstMinuteMb: avg(firstMinute), lastMinuteMb: avg(lastMinute), samples: memory },
  })}`,
);
if (errors > 0) process.exitCode = 1;
