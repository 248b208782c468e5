// How long a first `npm start` takes to have the whole demo catalog playable: the built server on an
// empty data folder (PGlite, local media), from spawn to the first answer, the first playable
// episode, and "demo catalog: ready"; then a second start on the same folder, which must reuse it.
// Usage: npm run bench -- demo
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, repoRoot, writeResults } from './lib';
// @ts-expect-error -- a plain ES module shared with the repository's scripts
import { buildAll } from '../scripts/lib/build.mjs';

await (buildAll as (o: { quiet: boolean }) => Promise<void>)({ quiet: true });
const main = path.join(repoRoot, 'apps/server/dist/main.js');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'episodic-bench-demo-'));

interface Run {
  answeringS: number;
  firstPlayableS: number | null;
  readyS: number;
  episodes: number;
  cpuSeconds: number;
  loadAverage: { start: number; end: number };
}

/** Starts the server, follows its log, and resolves when the demo says it is ready. */
async function startOnce(): Promise<Run> {
  const port = await freePort();
  const url = `http://127.0.0.1:${String(port)}`;
  const started = Date.now();
  const load0 = os.loadavg()[0]!;
  const child = spawn(process.execPath, [main], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      DEMO_CATALOG: 'true',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let answeringS = 0;
  let firstPlayableS: number | null = null;
  const seconds = () => Number(((Date.now() - started) / 1000).toFixed(1));
  const done = new Promise<{ episodes: number }>((resolve, reject) => {
    let buffer = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      for (;;) {
        const nl = buffer.indexOf('\n');
        if (nl < 0) break;
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        const msg = (() => {
          try {
            return String((JSON.parse(line) as { msg?: string }).msg ?? '');
          } catch {
            return line;
          }
        })();
        if (msg.startsWith('demo catalog')) console.log(`  ${String(seconds()).padStart(6)} s  ${msg}`);
        const ready = /demo catalog: ready \((\d+) episodes/.exec(msg);
        if (ready) resolve({ episodes: Number(ready[1]) });
      }
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${String(code)}`)));
  });
  // The first answer and the first playable episode, polled while the demo is produced (until the
  // server is stopped, whichever comes first).
  let stopped = false;
  const poll = (async () => {
    while (!stopped) {
      try {
        const res = await fetch(`${url}/api/homepage`);
        if (res.ok) {
          answeringS ||= seconds();
          const home = (await res.json()) as { data?: { featured?: unknown[]; sections?: { items?: unknown[] }[] } };
          if (
            (home.data?.featured?.length ?? 0) +
              (home.data?.sections ?? []).reduce((n, s) => n + (s.items?.length ?? 0), 0) >
            0
          ) {
            firstPlayableS = seconds();
            return;
          }
        }
      } catch {
        /* starting */
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  const finished = await Promise.race([
    done,
    new Promise<{ episodes: number }>((_, reject) =>
      setTimeout(() => reject(new Error('the demo was not ready after 10 minutes')), 600_000),
    ),
  ]);
  const readyS = seconds();
  await Promise.race([poll, new Promise((r) => setTimeout(r, 5000))]);
  stopped = true;
  const usage = await cpuOf(child.pid!);
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  return {
    answeringS,
    firstPlayableS,
    readyS,
    episodes: finished.episodes,
    cpuSeconds: usage,
    loadAverage: { start: load0, end: os.loadavg()[0]! },
  };
}

/** CPU seconds (user + system) the process and its children (ffmpeg) used so far, from /proc. */
async function cpuOf(pid: number): Promise<number> {
  try {
    const stat = fs
      .readFileSync(`/proc/${String(pid)}/stat`, 'utf8')
      .split(') ')[1]!
      .split(' ');
    const ticks = Number(stat[11]) + Number(stat[12]) + Number(stat[13]) + Number(stat[14]);
    return Number((ticks / 100).toFixed(1));
  } catch {
    return 0;
  }
}

console.log('first start on an empty data folder:');
const first = await startOnce();
console.log('second start on the same folder:');
const port = await freePort();
const t0 = Date.now();
const again = spawn(process.execPath, [main], {
  cwd: repoRoot,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  },
  stdio: 'ignore',
});
let secondAnswerS = 0;
for (;;) {
  try {
    const res = await fetch(`http://127.0.0.1:${String(port)}/api/video/episode?seriesId=1`);
    const body = (await res.json()) as { data?: unknown[] };
    if (res.ok && (body.data?.length ?? 0) > 0) {
      secondAnswerS = Number(((Date.now() - t0) / 1000).toFixed(1));
      break;
    }
  } catch {
    /* starting */
  }
  await new Promise((r) => setTimeout(r, 100));
}
again.kill('SIGTERM');
await new Promise((r) => again.once('exit', r));
fs.rmSync(dataDir, { recursive: true, force: true });

console.table({
  'first start': {
    'answering s': first.answeringS,
    'first series playable s': first.firstPlayableS,
    'whole demo ready s': first.readyS,
    episodes: first.episodes,
    'CPU s': first.cpuSeconds,
  },
  'second start': {
    'answering s': secondAnswerS,
    'first series playable s': secondAnswerS,
    'whole demo ready s': secondAnswerS,
    episodes: first.episodes,
    'CPU s': 0,
  },
});
console.log(
  `written to ${writeResults('demo', {
    benchmark: 'demo',
    command: 'npm run bench -- demo',
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, node: process.version },
    goal: 'the whole demo ready in under 3 minutes; a second start reuses it',
    first,
    second: { answeringWithEpisodesS: secondAnswerS },
  })}`,
);
