// The reads every visit makes, against a bare Fastify route, interleaved in one run: GET /api/user with
// a session on PGlite and on PostgreSQL (and on PostgreSQL with Redis, as several instances run, when a
// Redis answers at REDIS_URL or 127.0.0.1:6379), and the homepage and a series' episode list with and
// without Accept-Encoding, without a session (a first visit) and with the session cookie a returning
// browser sends. Each target is measured once per round, the rounds alternate targets, and the
// figures are medians over rounds, so the machine's other load weighs on all of them alike. Besides
// requests per second, each target's server CPU time per request (user + kernel, from /proc) is
// reported: it is what the code costs, far less swayed by the machine's other load than a rate.
// A bare route sending the plain homepage's bytes is measured too: the ceiling a plain answer of that size
// has on this machine (the load generator shares its two cores and reads every byte).
// Usage: npm run bench -- hot-reads [-- --seconds 3 --rounds 3]
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { cpuMicros, measure, repoRoot, startProcess, writeResults, type Figures, type Service } from './lib';
import { prepareCatalogDatabase } from './catalog-data';
// @ts-expect-error -- a plain ES module shared with the repository's scripts
import { ensureTestPostgres } from '../scripts/lib/postgres.mjs';
// @ts-expect-error -- a plain ES module shared with the repository's scripts
import { buildAll } from '../scripts/lib/build.mjs';

const option = (name: string, fallback: number) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const seconds = option('--seconds', 3);
const rounds = option('--rounds', 3);
const connections = 20;
const compressed = { 'accept-encoding': 'br, gzip' };
const main = path.join(repoRoot, 'apps/server/dist/main.js');

if (!process.argv.includes('--no-build')) await (buildAll as (o: { quiet: boolean }) => Promise<void>)({ quiet: true });

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'episodic-bench-'));
const pgliteDir = path.join(dataDir, 'pglite');
const pgliteSeries = await prepareCatalogDatabase({ databaseUrl: null, dataDir: pgliteDir });
const pgServer = (await ensureTestPostgres()) as { url: string; stop(): void };
const admin = new pg.Client({ connectionString: pgServer.url });
await admin.connect();
await admin.query('DROP DATABASE IF EXISTS episodic_bench_hot WITH (FORCE)');
await admin.query('CREATE DATABASE episodic_bench_hot');
const pgUrl = new URL(pgServer.url);
pgUrl.pathname = '/episodic_bench_hot';
const pgSeries = await prepareCatalogDatabase({ databaseUrl: pgUrl.toString(), dataDir: path.join(dataDir, 'pg') });

const services: Service[] = [];
const start = async (script: string, env: Record<string, string>) => {
  const s = await startProcess(script, env);
  services.push(s);
  return s;
};
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisAnswers = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(redisUrl);
  const socket = net.connect(Number(port || 6379), hostname, () => {
    socket.end();
    resolve(true);
  });
  socket.on('error', () => resolve(false));
});
const pgliteApp = await start(main, { DATA_DIR: pgliteDir, DEMO_CATALOG: 'false' });
// The plain homepage's bytes, for a bare route sending as much: the ceiling of a plain answer that size.
const homepageBytes = path.join(dataDir, 'homepage.json');
fs.writeFileSync(homepageBytes, Buffer.from(await (await fetch(`${pgliteApp.url}/api/homepage`)).arrayBuffer()));
const bare = await start(path.join(import.meta.dirname, 'bare-fastify.mjs'), { BARE_BODY_FILE: homepageBytes });
const pgApp = await start(main, {
  DATA_DIR: path.join(dataDir, 'pg'),
  DATABASE_URL: pgUrl.toString(),
  DEMO_CATALOG: 'false',
});
const pgRedisApp = redisAnswers
  ? await start(main, {
      DATA_DIR: path.join(dataDir, 'pg-redis'),
      DATABASE_URL: pgUrl.toString(),
      DEMO_CATALOG: 'false',
      REDIS_URL: redisUrl,
      JOBS: 'false',
    })
  : null;
const tokenOf = async (url: string) => (await fetch(`${url}/api/user`)).headers.get('x-user-token') ?? '';
const pgliteToken = await tokenOf(pgliteApp.url);
const pgToken = await tokenOf(pgApp.url);

interface Target {
  name: string;
  url: string;
  headers: Record<string, string>;
  server: Service;
}
const targets: Target[] = [
  { name: 'bare route', url: `${bare.url}/bare`, headers: {}, server: bare },
  { name: 'bare route, plain homepage bytes', url: `${bare.url}/bare-body`, headers: {}, server: bare },
];
for (const [db, app, token, seriesId] of [
  ['PGlite', pgliteApp, pgliteToken, pgliteSeries.seriesId],
  ['PostgreSQL', pgApp, pgToken, pgSeries.seriesId],
] as const) {
  targets.push({
    name: `${db} /api/user (session)`,
    url: `${app.url}/api/user`,
    headers: { 'x-user-token': token },
    server: app,
  });
  for (const [how, headers] of [
    ['br/gzip', compressed],
    ['plain', {}],
  ] as const) {
    targets.push({ name: `${db} /api/homepage ${how}`, url: `${app.url}/api/homepage`, headers, server: app });
    targets.push({
      name: `${db} episode list ${how}`,
      url: `${app.url}/api/video/episode?seriesId=${seriesId}`,
      headers,
      server: app,
    });
  }
  // What a returning browser sends: its session cookie with every call.
  const browser = { ...compressed, cookie: `episodic_session=${token}` };
  targets.push({
    name: `${db} /api/homepage (session) br/gzip`,
    url: `${app.url}/api/homepage`,
    headers: browser,
    server: app,
  });
  targets.push({
    name: `${db} episode list (session) br/gzip`,
    url: `${app.url}/api/video/episode?seriesId=${seriesId}`,
    headers: browser,
    server: app,
  });
}
if (pgRedisApp) {
  const token = await tokenOf(pgRedisApp.url);
  targets.push({
    name: 'PostgreSQL + Redis /api/user (session)',
    url: `${pgRedisApp.url}/api/user`,
    headers: { 'x-user-token': token },
    server: pgRedisApp,
  });
}

const loads: number[] = [];
const samples = new Map<string, (Figures & { cpuMicros: number | null })[]>(targets.map((t) => [t.name, []]));
for (const t of targets) await measure(t.url, { seconds: 1, connections, headers: t.headers });
for (let round = 0; round < rounds; round++) {
  // Alternating direction keeps any drift of the machine's load from favouring one end of the list.
  const order = round % 2 === 0 ? targets : [...targets].reverse();
  for (const t of order) {
    const before = cpuMicros(t.server.pid);
    const f = await measure(t.url, { seconds, connections, headers: t.headers });
    const after = cpuMicros(t.server.pid);
    if (f.errors > 0 || f.non2xx > 0) throw new Error(`${t.name}: ${f.errors} errors, ${f.non2xx} non-2xx answers`);
    const spent = before && after ? after.user + after.system - before.user - before.system : null;
    samples.get(t.name)!.push({ ...f, cpuMicros: spent === null ? null : spent / f.requests });
  }
  loads.push(os.loadavg()[0]!);
  console.log(`round ${round + 1}/${rounds} done, load average ${os.loadavg()[0]!.toFixed(1)}`);
}
for (const s of services) await s.stop();
await admin.query('DROP DATABASE IF EXISTS episodic_bench_hot WITH (FORCE)');
await admin.end();
pgServer.stop();
fs.rmSync(dataDir, { recursive: true, force: true });

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const figures = Object.fromEntries(
  targets.map((t) => {
    const s = samples.get(t.name)!;
    return [
      t.name,
      {
        requestsPerSec: median(s.map((f) => f.requestsPerSec)),
        latencyP99Ms: median(s.map((f) => f.latencyP99Ms)),
        cpuMicros: s[0]!.cpuMicros === null ? null : median(s.map((f) => f.cpuMicros!)),
      },
    ];
  }),
);
const bareRate = figures['bare route']!.requestsPerSec;
const table = Object.fromEntries(
  Object.entries(figures).map(([name, f]) => [
    name,
    {
      'req/s': f.requestsPerSec,
      'p99 ms': f.latencyP99Ms,
      'vs bare': Number((f.requestsPerSec / bareRate).toFixed(2)),
      'cpu µs/req': f.cpuMicros === null ? null : Math.round(f.cpuMicros),
    },
  ]),
);
console.table(table);
console.log(
  `written to ${writeResults('hot-reads', {
    benchmark: 'hot-reads',
    command: `npm run bench -- hot-reads -- --seconds ${seconds} --rounds ${rounds}`,
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, node: process.version },
    loadAverage: loads.map((l) => Number(l.toFixed(1))),
    settings: { seconds, rounds, connections, compressed },
    goals:
      '/api/user ≥ 0.3 of bare on PGlite, ≥ 0.5 on PostgreSQL (through Redis too); homepage and episode list ≥ 0.5, with and without a session',
    results: table,
  })}`,
);
