import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createSharedPostgres } from './test-app';
import { loadEnv } from '../src/env';
import { buildApp } from '../src/app';
import type { Database } from '../src/db/connection';
import type { AppInstance } from '../src/http/types';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface Instances {
  apps: AppInstance[];
  databases: Database[];
  close(): Promise<void>;
}

/**
 * Server instances on one fresh PostgreSQL database and one Redis, as behind a load balancer, with
 * `env` on top of the shared settings. PostgreSQL only: the embedded database belongs to one process.
 */
export async function startInstances(env: Record<string, string> = {}, count = 2): Promise<Instances> {
  const shared = await createSharedPostgres();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'episodic-instances-'));
  const apps: AppInstance[] = [];
  const databases: Database[] = [];
  const close = async () => {
    for (const app of apps) await app.close();
    for (const database of databases) await database.close();
    await shared.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; i < count; i++) {
      const database = await shared.open();
      databases.push(database);
      const settings = loadEnv({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        REDIS_URL,
        PUBLIC_URL: 'http://episodic.test',
        WEB_DIST: path.join(dataDir, 'web'),
        ADMIN_DIST: path.join(dataDir, 'admin'),
        ...env,
      });
      const app = await buildApp({ env: settings, database, logger: false });
      await app.ready();
      apps.push(app);
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { apps, databases, close };
}
