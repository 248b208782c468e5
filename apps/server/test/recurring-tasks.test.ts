import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { AppInstance } from '../src/http/types';
import { createTestApp, type TestApp } from './test-app';

/**
 * Every recurring task the app registers with JOBS on, each with why it is safe when several
 * instances run it at once (docs/ARCHITECTURE.md, Jobs). A new task is added here with its reason.
 */
const SAFE_ON_EVERY_INSTANCE: Record<string, string> = {
  'play-counts': "flushes this process's buffer: counts are added, a play's claim row is unique",
  'play-retention': 'deletes rows past a date',
  'search-retention': 'deletes counted searches past the trending window',
  renewals: 'a due membership is claimed under a lease; its renewal order is unique per period',
  'payments-reconcile': 'settling locks the order and applies once',
  conversions: 'outbox deliveries are claimed with a lease',
  'conversions-sweep': "queues through the outbox's unique event id",
  'tracking-retention': 'deletes rows past a date',
  'account-retention': 'each batch takes its rows with SKIP LOCKED',
  'media-jobs': 'jobs are claimed from media_jobs with a lease',
  'expired-uploads': 'removing an expired upload twice is a no-op',
  'contact-replies': 'replies are claimed from contact_replies with a lease',
};

const failures: string[] = [];
const logger = { level: 'error', stream: { write: (line: string) => void failures.push(line) } };
let t: TestApp;
/** A second instance with JOBS on the same database. */
let other: AppInstance;
beforeAll(async () => {
  t = await createTestApp({ JOBS: 'true' }, undefined, logger);
  other = await buildApp({ env: t.env, database: t.database, logger });
  await other.ready();
});
afterAll(async () => {
  await other.close();
  await t.close();
});

describe('the recurring tasks', () => {
  it('are the ones known to be safe on several instances', () => {
    expect(t.app.jobs.names().sort()).toEqual(Object.keys(SAFE_ON_EVERY_INSTANCE).sort());
  });

  it('run on two instances at once without a failure', async () => {
    for (const name of t.app.jobs.names()) await Promise.all([t.app.jobs.run(name), other.jobs.run(name)]);
    expect(failures).toEqual([]);
  });
});
