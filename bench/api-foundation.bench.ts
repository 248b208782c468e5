// Throughput and latency of GET /api/config and GET /api/user against a bare Fastify route, on
// PGlite and on PostgreSQL, all measured in the same run. Usage: npm run bench [-- --seconds 10]
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { measure, repoRoot, startProcess, writeResults, type Figures } from './lib';
// @ts-expect-error -- a plain ES module shared with the repository's scripts
import { ensureTestPostgres } from '../scripts/lib/postgres.mjs';
// @ts-expect-error -- a plain ES module shared with the repository's scripts
import { buildAll } from '../scripts/lib/build.mjs';

const secondsArg = process.argv.indexOf('--seconds');
const seconds = secondsArg > 0 ? Number(process.argv[secondsArg + 1]) : 10;
const connections = 20;
const main = path.join(repoRoot, 'apps/server/dist/main.js');

await (buildAll as (o: { quiet: boolean }) => Promise<void>)({ quiet: true });

async function userToken(url: string): Promise<string> {
  const res = await fetch(`${url}/api/user`);
  return res.headers.get('x-user-token') ?? '';
}

async function measureServer(label: string, env: Record<string, string>) {
  // Without the demo catalog: its packaging (ffmpeg on every core) would run during the measurement.
  const server = await startProcess(main, { ...env, DEMO_CATALOG: 'false' });
  try {
    const token = await userToken(server.url);
    // Warm up caches and JIT before measuring.
    await measure(`${server.url}/api/config`, { seconds: 2, connections });
    const config = await measure(`${server.url}/api/config`, { seconds, connections });
    const user = await measure(`${server.url}/api/user`, { seconds, connections, headers: { 'x-user-token': token } });
    console.log(`${label}: /api/config ${config.requestsPerSec} req/s, /api/user ${user.requestsPerSec} req/s`);
    return { config, user };
  } finally {
    await server.stop();
  }
}

const bareServer = await startProcess(path.join(import.meta.dirname, 'bare-fastify.mjs'), {});
await measure(`${bareServer.url}/bare`, { seconds: 2, connections });
const bare = await measure(`${bareServer.url}/bare`, { seconds, connections });
await bareServer.stop();
console.log(`bare Fastify route: ${bare.requestsPerSec} req/s`);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'episodic-bench-'));
const pglite = await measureServer('PGlite', { DATA_DIR: dataDir });

const pgServer = (await ensureTestPostgres()) as { url: string; stop(): void };
const admin = new pg.Client({ connectionString: pgServer.url });
await admin.connect();
await admin.query('DROP DATABASE IF EXISTS episodic_bench WITH (FORCE)');
await admin.query('CREATE DATABASE episodic_bench');
const benchUrl = new URL(pgServer.url);
benchUrl.pathname = '/episodic_bench';
const postgres = await measureServer('PostgreSQL', { DATA_DIR: dataDir, DATABASE_URL: benchUrl.toString() });
await admin.query('DROP DATABASE IF EXISTS episodic_bench WITH (FORCE)');
await admin.end();
pgServer.stop();
fs.rmSync(dataDir, { recursive: true, force: true });

const ratio = (f: Figures) => Number((f.requestsPerSec / bare.requestsPerSec).toFixed(2));
const results = {
  benchmark: 'api-foundation',
  command: 'npm run bench -- api-foundation',
  date: new Date().toISOString(),
  machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model ?? 'unknown', node: process.version },
  settings: { seconds, connections },
  bare,
  pglite: { ...pglite, configRatio: ratio(pglite.config), userRatio: ratio(pglite.user) },
  postgres: { ...postgres, configRatio: ratio(postgres.config), userRatio: ratio(postgres.user) },
};
console.table({
  'bare route': { 'req/s': bare.requestsPerSec, p99: bare.latencyP99Ms, ratio: 1 },
  'PGlite /api/config': {
    'req/s': pglite.config.requestsPerSec,
    p99: pglite.config.latencyP99Ms,
    ratio: ratio(pglite.config),
  },
  'PGlite /api/user': { 'req/s': pglite.user.requestsPerSec, p99: pglite.user.latencyP99Ms, ratio: ratio(pglite.user) },
  'PostgreSQL /api/config': {
    'req/s': postgres.config.requestsPerSec,
    p99: postgres.config.latencyP99Ms,
    ratio: ratio(postgres.config),
  },
  'PostgreSQL /api/user': {
    'req/s': postgres.user.requestsPerSec,
    p99: postgres.user.latencyP99Ms,
    ratio: ratio(postgres.user),
  },
});
console.log(`written to ${writeResults('api-foundation', results)}`);
