import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import autocannon from 'autocannon';

export const repoRoot = path.resolve(import.meta.dirname, '..');
export const resultsDir = path.join(import.meta.dirname, 'results');

export async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

export interface Service {
  url: string;
  /** The server's process id (its CPU time is read from /proc). */
  pid: number;
  stop(): Promise<void>;
}

/** A process's CPU time so far in µs, user and kernel (Linux /proc; null elsewhere). */
export function cpuMicros(pid: number): { user: number; system: number } | null {
  try {
    // Fields after the command name: state is the first, utime the 12th and stime the 13th (clock ticks).
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    const tick = 1e6 / 100; // USER_HZ is 100 on Linux.
    return { user: Number(fields[11]) * tick, system: Number(fields[12]) * tick };
  } catch {
    return null;
  }
}

/** Runs a node script in its own process and waits until `readyPath` answers 200. */
export async function startProcess(
  script: string,
  env: Record<string, string>,
  readyPath = '/readyz',
): Promise<Service> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [script], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited early`);
    try {
      if ((await fetch(url + readyPath)).ok) break;
    } catch {
      /* starting */
    }
    if (Date.now() > deadline) throw new Error(`${script} not ready`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.on('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export interface Figures {
  requestsPerSec: number;
  /** Requests answered in the run. */
  requests: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  errors: number;
  non2xx: number;
}

/** Loads one URL with autocannon and returns its throughput and latency figures. */
export async function measure(
  url: string,
  opts: { seconds: number; connections: number; headers?: Record<string, string> },
): Promise<Figures> {
  const result = await autocannon({
    url,
    duration: opts.seconds,
    connections: opts.connections,
    headers: opts.headers ?? {},
  });
  return figuresOf(result);
}

/** The figures of one autocannon run. */
export function figuresOf(result: autocannon.Result): Figures {
  return {
    requestsPerSec: Math.round(result.requests.average),
    requests: result.requests.total,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export function writeResults(name: string, data: unknown): string {
  fs.mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${name}.json`);
  fs.writeFileSync(file, JSON.stringify(data, null, 2) + '\n');
  return file;
}
