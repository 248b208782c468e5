// Throughput and p99 of GET /api/homepage and GET /api/video/episode (a series' episode list)
// against a bare Fastify route, on PGlite and on PostgreSQL, in the same run.
// Usage: npm run bench -- catalog-api [--seconds 10]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { measure, repoRoot, startProcess, writeResults, type Figures } from './lib';
import { prepareCatalogDatabase } from './catalog-data';
// @ts-expect-error -- a plain ES module shared with the repository's scripts
import { ensureTestPostgres } from '../scripts/lib/postgres.mjs';
// @ts-expect-error -- a plain ES module shared with the repository's scripts
import { buildAll } from '../scripts/lib/build.mjs';

const secondsArg = process.argv.indexOf('--seconds');
const seconds = secondsArg > 0 ? Number(process.argv[secondsArg + 1]) : 10;
const connections = 20;
// As browsers ask: compressed answers are what travels (the bare route's small answer stays plain).
const headers = { 'accept-encoding': 'br, gzip' };
const main = path.join(repoRoot, 'apps/server/dist/main.js');

await (buildAll as (o: { quiet: boolean }) => Promise<void>)({ quiet: true });

async function measureServer(label: string, env: Record<string, string>, seriesId: number) {
  const server = await startProcess(main, { ...env, DEMO_CATALOG: 'false' });
  try {
    const homepage = `${server.url}/api/homepage`;
    const episodes = `${server.url}/api/video/episode?seriesId=${seriesId}`;
    await measure(homepage, { seconds: 2, connections, headers });
    await measure(episodes, { seconds: 2, connections, headers });
    const home = await measure(homepage, { seconds, connections, headers });
    const list = await measure(episodes, { seconds, connections, headers });
    console.log(
      `${label}: /api/homepage ${home.requestsPerSec} req/s, /api/video/episode ${list.requestsPerSec} req/s`,
    );
    return { homepage: home, episodeList: list };
  } finally {
    await server.stop();
  }
}

const bareServer = await startProcess(path.join(import.meta.dirname, 'bare-fastify.mjs'), {});
await measure(`${bareServer.url}/bare`, { seconds: 2, connections, headers });
const bare = await measure(`${bareServer.url}/bare`, { seconds, connections, headers });
await bareServer.stop();
console.log(`bare Fastify route: ${bare.requestsPerSec} req/s`);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'episodic-bench-'));
const pgliteSeries = await prepareCatalogDatabase({ databaseUrl: null, dataDir });
const pglite = await measureServer('PGlite', { DATA_DIR: dataDir }, pgliteSeries.seriesId);

const pgServer = (await ensureTestPostgres()) as { url: string; stop(): void };
const admin = new pg.Client({ connectionString: pgServer.url });
await admin.connect();
await admin.query('DROP DATABASE IF EXISTS episodic_bench_catalog WITH (FORCE)');
await admin.query('CREATE DATABASE episodic_bench_catalog');
const url = new URL(pgServer.url);
url.pathname = '/episodic_bench_catalog';
const pgSeries = await prepareCatalogDatabase({ databaseUrl: url.toString(), dataDir });
const postgres = await measureServer(
  'PostgreSQL',
  { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
  pgSeries.seriesId,
);
await admin.query('DROP DATABASE IF EXISTS episodic_bench_catalog WITH (FORCE)');
await admin.end();
pgServer.stop();
fs.rmSync(dataDir, { recursive: true, force: true });

const ratio = (f: Figures) => Number((f.requestsPerSec / bare.requestsPerSec).toFixed(2));
const rows = {
  'bare route': { 'req/s': bare.requestsPerSec, 'p99 ms': bare.latencyP99Ms, 'vs bare': 1 },
  'PGlite /api/homepage': {
    'req/s': pglite.homepage.requestsPerSec,
    'p99 ms': pglite.homepage.latencyP99Ms,
    'vs bare': ratio(pglite.homepage),
  },
  'PGlite /api/video/episode': {
    'req/s': pglite.episodeList.requestsPerSec,
    'p99 ms': pglite.episodeList.latencyP99Ms,
    'vs bare': ratio(pglite.episodeList),
  },
  'PostgreSQL /api/homepage': {
    'req/s': postgres.homepage.requestsPerSec,
    'p99 ms': postgres.homepage.latencyP99Ms,
    'vs bare': ratio(postgres.homepage),
  },
  'PostgreSQL /api/video/episode': {
    'req/s': postgres.episodeList.requestsPerSec,
    'p99 ms': postgres.episodeList.latencyP99Ms,
    'vs bare': ratio(postgres.episodeList),
  },
};
console.table(rows);
console.log(
  `written to ${writeResults('catalog-api', {
    benchmark: 'catalog-api',
    command: 'npm run bench -- catalog-api',
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, node: process.version },
    settings: { seconds, connections, headers },
    goal: 'homepage at half the bare route throughput or better',
    bare,
    pglite: { ...pglite, homepageRatio: ratio(pglite.homepage), episodeListRatio: ratio(pglite.episodeList) },
    postgres: { ...postgres, homepageRatio: ratio(postgres.homepage), episodeListRatio: ratio(postgres.episodeList) },
  })}`,
);
