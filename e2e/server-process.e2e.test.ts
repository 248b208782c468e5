import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { runNode, serverMain, startServer } from './server-process';

test.describe('the server process', () => {
  test('stops at start with one clear line naming a bad variable', async () => {
    const run = runNode(serverMain, [], { PORT: 'eighty' });
    expect(await run.exited).toBe(1);
    expect(run.output().trim()).toBe(
      'Invalid environment variable PORT: expected a whole number from 0 to 65535, got "eighty"',
    );
  });

  test('shuts down gracefully on SIGTERM and releases the database', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'episodic-e2e-'));
    try {
      const first = await startServer({}, dataDir);
      const res = await fetch(`${first.url}/api/user`);
      expect(res.headers.get('x-user-token')).toBeTruthy();
      expect(await first.stop('SIGTERM'), first.output()).toBe(0);
      // The embedded database admits one process: a second start on the same folder proves it was closed cleanly.
      const second = await startServer({}, dataDir);
      const config = await (await fetch(`${second.url}/api/config`)).json();
      expect(config.code).toBe(200);
      expect(await second.stop('SIGTERM'), second.output()).toBe(0);
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
