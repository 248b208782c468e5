import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { backoffMs, createLeasedQueue } from '../../jobs/queue';
import type { ConversionPayload, DeliveryOutcome } from './conversion-payload';
import { sendToMeta, type MetaConfig } from './meta-capi';
import { sendToTiktok, type TiktokConfig } from './tiktok-events';
import * as repo from './tracking.repository';

export interface OutboxDeps {
  db: Kysely<DB>;
  meta: MetaConfig | null;
  tiktok: TiktokConfig | null;
  /** Delay before the first retry; it doubles with each further attempt, up to six hours. */
  retrySeconds: number;
  log: (msg: string, data?: Record<string, unknown>) => void;
  maxAttempts?: number;
}

const BATCH = 20;
// Longer than a delivery can take (10 s timeout), so a live worker never loses its claim.
const LEASE_MS = 120_000;
const MAX_BACKOFF_MS = 6 * 60 * 60 * 1000;
export const DEFAULT_MAX_ATTEMPTS = 10;

/** When the next attempt is due after `attempts` failed ones. */
export function retryDelayMs(retrySeconds: number, attempts: number): number {
  return backoffMs(retrySeconds * 1000, attempts, MAX_BACKOFF_MS);
}

/**
 * Delivers queued conversions to the platforms: at least once per (platform, pixel, event id), and the
 * platforms deduplicate by event id, so each counts once. Failures are retried with backoff; errors
 * that another try cannot fix (a refused token, a malformed event) end the delivery as failed.
 * Safe with several instances: deliveries are claimed with a lease.
 */
export function createConversionOutbox(deps: OutboxDeps) {
  const maxAttempts = deps.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;

  function send(row: repo.OutboxRow, payload: ConversionPayload): Promise<DeliveryOutcome> {
    if (row.platform === 'meta' && deps.meta) return sendToMeta(row.destination, payload, deps.meta);
    if (row.platform === 'tiktok' && deps.tiktok) return sendToTiktok(row.destination, payload, deps.tiktok);
    return Promise.resolve({ ok: false, retry: false, error: `${row.platform} is no longer configured` });
  }

  async function deliver(row: repo.OutboxRow): Promise<void> {
    const outcome = await send(row, row.payload as ConversionPayload);
    if (outcome.ok) {
      await repo.markDelivered(deps.db, row);
      return;
    }
    if (outcome.retry && row.attempts < maxAttempts) {
      await repo.markRetry(
        deps.db,
        row,
        new Date(Date.now() + retryDelayMs(deps.retrySeconds, row.attempts)),
        outcome.error,
      );
      deps.log('conversion delivery failed, will retry', {
        platform: row.platform,
        eventId: row.event_id,
        attempt: row.attempts,
        error: outcome.error,
      });
      return;
    }
    await repo.markFailed(deps.db, row, outcome.error);
    deps.log('conversion delivery failed for good', {
      platform: row.platform,
      eventId: row.event_id,
      attempts: row.attempts,
      error: outcome.error,
    });
  }

  const queue = createLeasedQueue<repo.OutboxRow>({
    db: deps.db,
    ...repo.outboxTable,
    leaseMs: LEASE_MS,
    batch: BATCH,
    handle: deliver,
  });

  /** Delivers everything due now; a call during a pass makes that pass look again when it ends. Returns the attempts made. */
  const deliverDue = (): Promise<number> => queue.drain();

  return { deliverDue, idle: queue.idle };
}

export type ConversionOutbox = ReturnType<typeof createConversionOutbox>;
