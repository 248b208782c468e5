import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The console-origin checks at start (console-origin.test.ts has the rules). The entry point runs
// on a data folder of its own, whatever the project's database, so this file runs once (DATABASE_FREE
// in vitest.config.ts).

/** Runs the real entry point (src/main.ts) until it exits or prints `until`; its output and exit code. */
async function runMain(env: Record<string, string>, until?: RegExp): Promise<{ code: number | null; output: string }> {
  const root = path.resolve(import.meta.dirname, '../../..');
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'episodic-main-'));
  // Node itself with tsx's loader (not the tsx command, whose child a kill would not reach).
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/root',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      DEMO_CATALOG: 'false',
      JOBS: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const collect = (d: Buffer) => {
    output += d.toString();
    if (until?.test(output)) child.kill('SIGTERM');
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  // A server that should have refused but listens instead is stopped, its exit code then not 1. The
  // bound is generous: loading the sources through tsx takes a long while on a busy machine.
  const stop = setTimeout(() => child.kill('SIGKILL'), 100_000);
  const code = await exited;
  clearTimeout(stop);
  await fs.rm(dataDir, { recursive: true, force: true });
  return { code, output };
}

describe('starting the server (main.ts)', () => {
  it('refuses a public https site whose console shares the viewer origin, and warns on a local one', async () => {
    const https = { PUBLIC_URL: 'https://episodic.example', ALLOW_TEST_PAYMENTS_ON_HTTPS: 'true' };
    const refused = await runMain(https);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/Refusing to start: PUBLIC_URL is https .* CONSOLE_SAME_ORIGIN=true/);
    const bad = await runMain({ ...https, CONSOLE_URL: 'https://episodic.example' });
    expect(bad.code).toBe(1);
    expect(bad.output).toContain('Invalid environment variable CONSOLE_URL');
    const local = await runMain({}, /CONSOLE_URL/);
    expect(local.output.match(/shares its origin with the viewer app/g)).toHaveLength(1);
    expect(local.output).not.toContain('Refusing');
  }, 320_000);
});
