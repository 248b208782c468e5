import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/connection';
import { LocalStorage, type StorageDriver } from '../../../media/index';
import { createTestDatabase } from '../../../../test/test-app';
import { seedDemoCatalog } from './seed-demo';

let database: Database;
let workDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'episodic-seed-'));
});

afterAll(async () => {
  await database.close();
  await fs.rm(workDir, { recursive: true, force: true });
});

describe('the demo catalog seeder', () => {
  // A server shutting down aborts the seeder and waits for it: the artwork under way must stop
  // with it, or a busy machine overruns the shutdown deadline.
  it('stops drawing artwork as soon as it is told to stop', async () => {
    const stop = new AbortController();
    const local = new LocalStorage(path.join(workDir, 'media'));
    const stored: string[] = [];
    const storage = new Proxy(local, {
      get(target, key, receiver) {
        if (key !== 'putFile') return Reflect.get(target, key, receiver) as unknown;
        const putFile: StorageDriver['putFile'] = async (key, file) => {
          stored.push(key);
          stop.abort();
          return target.putFile(key, file);
        };
        return putFile;
      },
    });
    const logged: string[] = [];
    const outcome = await seedDemoCatalog({
      db: database.db,
      storage,
      onChange: () => undefined,
      log: (message) => logged.push(message),
      signal: stop.signal,
      concurrency: 2,
    });
    expect(outcome).toBe('seeded');
    // The series being drawn when the stop came finish their two pictures at most; the other twelve never start.
    expect(stored.length).toBeLessThanOrEqual(4);
    expect(stored.every((key) => key.startsWith('covers/'))).toBe(true);
    // And no episode video was started.
    expect(logged.filter((m) => m.includes('producing'))).toEqual([]);
  });
});
