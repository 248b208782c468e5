import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { loadEnv, type Env } from '../src/env';
import { openDatabase, openPglite, type Database } from '../src/db/connection';
import { buildApp, type AppOptions } from '../src/app';
import type { AppInstance } from '../src/http/types';

export const testDbKind = (process.env.TEST_DB ?? 'pglite') as 'pglite' | 'postgres';

/** A fresh, migrated database for one test file: a PGlite copy of the template, or a new PostgreSQL database. */
export async function createTestDatabase(): Promise<Database> {
  if (testDbKind === 'pglite') {
    const template = await fs.readFile(inject('pgliteTemplate'));
    return openPglite('memory://', new Blob([template]));
  }
  const name = `${inject('postgresDbPrefix')}${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: inject('postgresUrl') });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
  } finally {
    await admin.end();
  }
  const url = new URL(inject('postgresUrl'));
  url.pathname = `/${name}`;
  const database = await openDatabase({
    databaseUrl: url.toString(),
    dataDir: '',
    poolSize: 5,
    connectTimeoutMs: 3000,
  });
  return {
    ...database,
    close: async () => {
      await database.close();
      const drop = new pg.Client({ connectionString: inject('postgresUrl') });
      await drop.connect();
      await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => drop.end());
    },
  };
}

/**
 * A fresh PostgreSQL database that several app instances open on their own connections (multi-instance
 * tests). PostgreSQL only.
 */
export async function createSharedPostgres(): Promise<{ open(): Promise<Database>; drop(): Promise<void> }> {
  const name = `${inject('postgresDbPrefix')}${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: inject('postgresUrl') });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
  } finally {
    await admin.end();
  }
  const url = new URL(inject('postgresUrl'));
  url.pathname = `/${name}`;
  return {
    open: () => openDatabase({ databaseUrl: url.toString(), dataDir: '', poolSize: 5, connectTimeoutMs: 3000 }),
    drop: async () => {
      const drop = new pg.Client({ connectionString: inject('postgresUrl') });
      await drop.connect();
      await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => drop.end());
    },
  };
}

export interface TestApp {
  app: AppInstance;
  database: Database;
  env: Env;
  dataDir: string;
  close(): Promise<void>;
}

/** The real app on a fresh database, for `app.inject` tests. */
export async function createTestApp(
  envOverrides: Record<string, string> = {},
  configure?: (app: AppInstance) => void,
  logger: AppOptions['logger'] = false,
): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'episodic-test-'));
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'web'),
    ADMIN_DIST: path.join(dataDir, 'admin'),
    ...envOverrides,
  });
  const database = await createTestDatabase();
  const app = await buildApp({ env, database, logger });
  configure?.(app);
  await app.ready();
  return {
    app,
    database,
    env,
    dataDir,
    close: async () => {
      await app.close();
      await database.close();
      // A mail a test's own services send may still be landing in the outbox: retry, don't fail the file.
      await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    },
  };
}

/** Reads the envelope of an inject response. */
export function envelope<T = unknown>(res: {
  body: string;
}): { code: number; message: string; data: T; fields?: Record<string, string> } {
  return JSON.parse(res.body) as { code: number; message: string; data: T; fields?: Record<string, string> };
}
