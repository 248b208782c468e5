import { sql, type Kysely, type RawBuilder } from 'kysely';

/**
 * The one lease/retry implementation for queued work kept in a table (media packaging, conversion
 * deliveries). A row is claimed under a lease: its `attempts` grows by one and `lease_until` is set;
 * a worker that dies leaves the lease to run out and the row is claimed again. Each queue keeps its
 * own table (the console shows media jobs, the delivery log is pruned on its own), each with the
 * columns `attempts int` and `lease_until timestamptz`; what waits (status, due time, host) is the
 * queue's own condition.
 *
 * The claim is one statement on both engines: `FOR UPDATE SKIP LOCKED` lets PostgreSQL's workers
 * pass over each other's rows, and PGlite (one connection, statements one after another) accepts it
 * and simply never finds a row locked.
 */
export interface LeasedQueueOptions<Row> {
  db: Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- any table with the lease columns
  table: string;
  /** The columns that identify a row. */
  key: readonly string[];
  /** Which rows wait for a worker, besides the lease (unqualified column names). */
  waiting: RawBuilder<unknown>;
  orderBy: RawBuilder<unknown>;
  /** Further assignments when a row is claimed (for example `status = 'running'`). */
  onClaim?: RawBuilder<unknown>;
  leaseMs: number;
  /** Rows claimed (and handled side by side) at a time; one by default. */
  batch?: number;
  /** Works on one claimed row; it records the outcome (done, failed, retry at) in the row itself. */
  handle: (row: Row) => Promise<void>;
  /** When aborted, no further rows are claimed. */
  signal?: AbortSignal;
}

/** `now()` plus a lease, for a claim or a renewal. */
export function leaseUntil(leaseMs: number): RawBuilder<Date> {
  return sql<Date>`now() + make_interval(secs => ${leaseMs / 1000})`;
}

/** The wait before the next try after `attempts` failed ones: `baseMs` doubling each time, up to `maxMs`. */
export function backoffMs(baseMs: number, attempts: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

export function createLeasedQueue<Row>(opts: LeasedQueueOptions<Row>) {
  const batch = opts.batch ?? 1;
  const table = sql.table(opts.table);
  const keys = sql.join(opts.key.map((k) => sql.ref(k)));
  const matches = sql.join(
    opts.key.map((k) => sql`t.${sql.ref(k)} = due.${sql.ref(k)}`),
    sql` AND `,
  );
  let running: Promise<number> | null = null;
  let again = false;

  /** Claims up to `limit` waiting rows whose lease (if any) has run out. */
  async function claim(limit = batch): Promise<Row[]> {
    const { rows } = await sql<Row>`
      UPDATE ${table} t SET lease_until = ${leaseUntil(opts.leaseMs)}, attempts = t.attempts + 1
        ${opts.onClaim ? sql`, ${opts.onClaim}` : sql``}
      FROM (
        SELECT ${keys} FROM ${table}
        WHERE (${opts.waiting}) AND (lease_until IS NULL OR lease_until < now())
        ORDER BY ${opts.orderBy}
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED
      ) due
      WHERE ${matches}
      RETURNING t.*`.execute(opts.db);
    return rows;
  }

  async function pass(): Promise<number> {
    let handled = 0;
    while (!opts.signal?.aborted) {
      const rows = await claim();
      if (rows.length === 0) break;
      await Promise.all(rows.map((row) => opts.handle(row)));
      handled += rows.length;
    }
    return handled;
  }

  /**
   * Works through every waiting row; a call during a drain makes that drain look again when it ends
   * (and shares its result). Returns the rows handled.
   */
  function drain(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        let handled = 0;
        do {
          again = false;
          handled += await pass();
        } while (again && !opts.signal?.aborted);
        return handled;
      } finally {
        running = null;
      }
    })();
    return running;
  }

  /** Resolves when no drain is running. */
  async function idle(): Promise<void> {
    while (running) await running.catch(() => undefined);
  }

  return { claim, drain, idle };
}

export type LeasedQueue<Row> = ReturnType<typeof createLeasedQueue<Row>>;
