import fs from 'node:fs/promises';
import path from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { DB } from './schema';
import { lockDataDir } from './data-dir-lock';
import { watchWrites, type WriteWatch } from './write-watch';

export interface Database {
  db: Kysely<DB>;
  kind: 'pglite' | 'postgres';
  /** Committed writes to the rows sessions are read from (the session cache's invalidation). */
  writes?: WriteWatch;
  /** Closes every connection (and the embedded engine). */
  close(): Promise<void>;
  /** PGlite only: a gzipped copy of the data folder (used for backups and test templates). */
  dump?: () => Promise<Blob>;
}

export interface DatabaseOptions {
  databaseUrl: string | null;
  dataDir: string;
  poolSize: number;
  connectTimeoutMs: number;
  onPoolError?: (err: Error) => void;
}

// int8 (counts, sums of money) as JS numbers: amounts stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

/** Opens PostgreSQL when a URL is given, otherwise the embedded PGlite under DATA_DIR/db. */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts);
  return openPglite(path.join(opts.dataDir, 'db'));
}

function openPostgres(connectionString: string, opts: DatabaseOptions): Database {
  const pool = new pg.Pool({
    connectionString,
    max: opts.poolSize,
    connectionTimeoutMillis: opts.connectTimeoutMs,
    idleTimeoutMillis: 30_000,
    statement_timeout: 30_000,
    application_name: 'episodic',
    // The app's queries are short; on estimates of millions of rows (the console's reports) the JIT
    // compiles for half a second to save milliseconds.
    options: '-c jit=off',
  });
  // An idle client losing its server emits here; without a listener the process would crash.
  pool.on('error', (err) => opts.onPoolError?.(err));
  // A client in use (a transaction waiting between two statements) emits on itself when its server
  // goes away (a restart, a failover): the statement in progress fails with it and the pool drops the
  // client on release, but the event needs a listener too or it takes the whole process down.
  pool.on('connect', (client) => {
    client.on('error', (err) => opts.onPoolError?.(err));
  });
  const { dialect, watch } = watchWrites(new PostgresDialect({ pool }));
  const db = new Kysely<DB>({ dialect });
  return { db, kind: 'postgres', writes: watch, close: () => db.destroy() };
}

/** Opens (creating if needed) a PGlite data folder, or an in-memory one for `memory://`. */
export async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { createPgConfig } = await import('@electric-sql/pglite/node-postgres');
  let unlock = () => {};
  if (!dataDir.startsWith('memory://')) {
    await fs.mkdir(dataDir, { recursive: true });
    unlock = lockDataDir(dataDir);
  }
  let pglite;
  try {
    pglite = await PGlite.create(dataDir, { extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });
  } catch (err) {
    unlock();
    throw err;
  }
  const pool = new pg.Pool(createPgConfig(pglite) as unknown as pg.PoolConfig);
  const { dialect, watch } = watchWrites(new PostgresDialect({ pool }));
  const db = new Kysely<DB>({ dialect });
  return {
    db,
    kind: 'pglite',
    writes: watch,
    dump: async () => {
      const dumped = await pglite.dumpDataDir('gzip');
      return dumped;
    },
    close: async () => {
      await db.destroy();
      await pglite.close();
      unlock();
    },
  };
}

/** True for errors that mean the database can't be reached right now (answered with 503). */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: unknown; message?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'EAI_AGAIN'].includes(code))
    return true;
  // SQLSTATE classes 08 (connection exception) and 57P (operator intervention: shutdown, crash recovery), 53300 (too many connections).
  if (/^08/.test(code) || /^57P0[1-3]$/.test(code) || code === '53300') return true;
  const message = typeof e.message === 'string' ? e.message : '';
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|the database system is (starting up|shutting down)/i.test(
    message,
  );
}

/** One round trip to the database. */
export async function pingDatabase(db: Kysely<DB>): Promise<void> {
  await sql`SELECT 1`.execute(db);
}
