import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { createTestDatabase } from '../../test/test-app';
import type { Database } from '../db/connection';
import { backoffMs, createLeasedQueue, type LeasedQueueOptions } from './queue';

interface TestJob {
  id: number;
  status: 'queued' | 'done' | 'failed';
  run_at: Date;
  attempts: number;
  lease_until: Date | null;
  error: string | null;
}

let database: Database;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a table of the test's own
let db: Kysely<any>;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await sql`
    CREATE TABLE test_jobs (
      id serial PRIMARY KEY,
      status text NOT NULL DEFAULT 'queued',
      run_at timestamptz NOT NULL DEFAULT now(),
      attempts int NOT NULL DEFAULT 0,
      lease_until timestamptz,
      error text
    )`.execute(db);
});
afterAll(() => database.close());
beforeEach(async () => {
  await sql`TRUNCATE test_jobs RESTART IDENTITY`.execute(db);
});

const MAX_ATTEMPTS = 3;
const BASE_MS = 60_000;

function queueOf(handle: (job: TestJob) => Promise<void>, extra: Partial<LeasedQueueOptions<TestJob>> = {}) {
  return createLeasedQueue<TestJob>({
    db,
    table: 'test_jobs',
    key: ['id'],
    waiting: sql`status = 'queued' AND run_at <= now()`,
    orderBy: sql`run_at, id`,
    leaseMs: 60_000,
    handle,
    ...extra,
  });
}

async function add(n: number): Promise<void> {
  await db
    .insertInto('test_jobs')
    .values(Array.from({ length: n }, () => ({ status: 'queued' })))
    .execute();
}

const jobs = () => db.selectFrom('test_jobs').selectAll().orderBy('id').execute() as Promise<TestJob[]>;
const done = (job: TestJob) =>
  db
    .updateTable('test_jobs')
    .set({ status: 'done', lease_until: null })
    .where('id', '=', job.id)
    .execute()
    .then(() => {});

describe('leased queue', () => {
  it('claims a waiting job once, counting the attempt, and holds it under its lease', async () => {
    await add(2);
    const queue = queueOf(done);
    const [first] = await queue.claim();
    expect(first).toMatchObject({ id: 1, attempts: 1 });
    expect(first!.lease_until!.getTime()).toBeGreaterThan(Date.now() + 50_000);
    // Leased: the next claim takes the other job, then finds nothing.
    expect((await queue.claim(5)).map((j) => j.id)).toEqual([2]);
    expect(await queue.claim()).toEqual([]);
  });

  it('claims a job again once the lease of a worker that stopped has run out', async () => {
    await add(1);
    const queue = queueOf(done);
    await queue.claim(); // a worker claims it and dies
    expect(await queue.drain()).toBe(0);
    await sql`UPDATE test_jobs SET lease_until = now() - interval '1 second'`.execute(db);
    expect(await queue.drain()).toBe(1);
    expect(await jobs()).toMatchObject([{ status: 'done', attempts: 2, lease_until: null }]);
  });

  it('retries a failing job with backoff, and gives it up after its last attempt', async () => {
    await add(1);
    const queue = queueOf(async (job) => {
      const last = job.attempts >= MAX_ATTEMPTS;
      await db
        .updateTable('test_jobs')
        .set({
          status: last ? 'failed' : 'queued',
          run_at: new Date(Date.now() + backoffMs(BASE_MS, job.attempts, 10 * BASE_MS)),
          lease_until: null,
          error: `try ${job.attempts} failed`,
        })
        .where('id', '=', job.id)
        .execute();
    });
    expect(await queue.drain()).toBe(1);
    const [retry] = await jobs();
    expect(retry).toMatchObject({ status: 'queued', attempts: 1, error: 'try 1 failed' });
    expect(retry!.run_at.getTime() - Date.now()).toBeGreaterThan(BASE_MS - 5000);
    // Not due yet: nothing to do until its time comes.
    expect(await queue.drain()).toBe(0);
    await sql`UPDATE test_jobs SET run_at = now()`.execute(db);
    expect(await queue.drain()).toBe(1);
    const [second] = await jobs();
    expect(second!.run_at.getTime() - Date.now()).toBeGreaterThan(2 * BASE_MS - 5000);
    await sql`UPDATE test_jobs SET run_at = now()`.execute(db);
    await queue.drain();
    expect(await jobs()).toMatchObject([{ status: 'failed', attempts: 3, error: 'try 3 failed' }]);
  });

  it('doubles the wait after each failed attempt, up to its ceiling', () => {
    expect([1, 2, 3, 4, 5, 6].map((attempts) => backoffMs(1000, attempts, 10_000))).toEqual([
      1000, 2000, 4000, 8000, 10_000, 10_000,
    ]);
    expect(backoffMs(1000, 0, 10_000)).toBe(1000);
  });

  it('hands each job to exactly one of two workers draining side by side', async () => {
    await add(40);
    const handledBy = new Map<number, string[]>();
    const worker = (name: string) =>
      queueOf(
        async (job) => {
          handledBy.set(job.id, [...(handledBy.get(job.id) ?? []), name]);
          await new Promise((r) => setImmediate(r));
          await done(job);
        },
        { batch: 3 },
      );
    const [a, b] = await Promise.all([worker('a').drain(), worker('b').drain()]);
    expect(a + b).toBe(40);
    expect([...handledBy.values()].every((names) => names.length === 1)).toBe(true);
    expect(handledBy.size).toBe(40);
    const rows = await jobs();
    expect(rows.every((r) => r.status === 'done' && r.attempts === 1)).toBe(true);
  });

  it('shares one drain between concurrent calls, looking again for jobs added meanwhile', async () => {
    await add(1);
    let added = false;
    const queue = queueOf(async (job) => {
      if (!added) {
        added = true;
        await add(1);
        void queue.drain();
      }
      await done(job);
    });
    const [first, second] = await Promise.all([queue.drain(), queue.drain()]);
    expect(first).toBe(2);
    expect(second).toBe(2);
    await queue.idle();
    expect((await jobs()).map((j) => j.status)).toEqual(['done', 'done']);
  });

  it('takes no further job once its signal is aborted', async () => {
    await add(3);
    const stop = new AbortController();
    const queue = queueOf(
      async (job) => {
        stop.abort();
        await done(job);
      },
      { signal: stop.signal },
    );
    expect(await queue.drain()).toBe(1);
    expect((await jobs()).map((j) => j.status)).toEqual(['done', 'queued', 'queued']);
  });
});
