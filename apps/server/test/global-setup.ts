import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openDatabase } from '../src/db/connection';
import { migrateToLatest } from '../src/db/migrate';
// @ts-expect-error -- a plain ES module shared with the repository's scripts
import { ensureTestPostgres } from '../../../scripts/lib/postgres.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresUrl: string;
    postgresTemplate: string;
    postgresDbPrefix: string;
  }
}

/**
 * Prepares one migrated template per run, so each test file starts from a fresh copy in a
 * fraction of the time a migration takes: a PGlite data dump, or a PostgreSQL template database.
 */
export default async function setup(project: TestProject) {
  const kind = project.config.env?.TEST_DB ?? 'pglite';
  if (kind === 'pglite') {
    const database = await openPglite('memory://');
    await migrateToLatest(database.db as never);
    const file = path.join(os.tmpdir(), `episodic-pglite-template-${process.pid}.tar.gz`);
    const dump = await database.dump!();
    await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
    await database.close();
    project.provide('pgliteTemplate', file);
    project.provide('postgresUrl', '');
    project.provide('postgresTemplate', '');
    project.provide('postgresDbPrefix', '');
    return async () => {
      await fs.rm(file, { force: true });
    };
  }

  const server = (await ensureTestPostgres()) as { url: string; stop(): void };
  const template = `episodic_tpl_${process.pid}`;
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${template}`);
  await admin.query(`CREATE DATABASE ${template}`);
  const url = new URL(server.url);
  url.pathname = `/${template}`;
  const database = await openDatabase({
    databaseUrl: url.toString(),
    dataDir: '',
    poolSize: 2,
    connectTimeoutMs: 5000,
  });
  await migrateToLatest(database.db as never);
  await database.close();
  project.provide('pgliteTemplate', '');
  project.provide('postgresUrl', server.url);
  project.provide('postgresTemplate', template);
  project.provide('postgresDbPrefix', `episodic_t_${process.pid}_`);
  return async () => {
    // Test files drop their own databases; sweep any a crashed file left behind.
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE 'episodic_t_${process.pid}_%'`,
    );
    for (const row of rows) await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await admin.end();
    server.stop();
  };
}
