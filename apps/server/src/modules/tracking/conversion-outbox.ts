import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
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
const LEASE_SECONDS = 120;
const MAX_BACKOFF_MS = 6 * 60 * 60 * 1000;
export const DEFAULT_MAX_ATTEMPTS = 10;

/** When the next attempt is due after `attempts` failed ones. */
export function retryDelayMs(retrySeconds: number, attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, retrySeconds * 1000 * 2 ** Math.max(0, attempts - 1));
}

/**
 * Delivers queued conversions to the platforms: at least once per (platform, pixel, event id), and the
 * platforms deduplicate by event id, so each counts once. Failures are retried with backoff; errors
 * that another try cannot fix (a refused token, a malformed event) end the delivery as failed.
 * Safe with several instances: deliveries are claimed with a lease.
 */
export function createConversionOutbox(deps: OutboxDeps) {
  const maxAttempts = deps.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  let running: Promise<number> | null = null;
  let again = false;

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
      await repo.markRetry(deps.db, row, new Date(Date.now() + retryDelayMs(deps.retrySeconds, row.attempts)), outcome.error);
      deps.log('conversion delivery failed, will retry', { platform: row.platform, eventId: row.event_id, attempt: row.attempts, error: outcome.error });
      return;
    }
    await repo.markFailed(deps.db, row, outcome.error);
    deps.log('conversion delivery failed for good', { platform: row.platform, eventId: row.event_id, attempts: row.attempts, error: outcome.error });
  }

  async function pass(): Promise<number> {
    let attempted = 0;
    for (;;) {
      const due = await repo.claimDue(deps.db, BATCH, LEASE_SECONDS);
      if (due.length === 0) return attempted;
      await Promise.all(due.map((row) => deliver(row)));
      attempted += due.length;
    }
  }

  /** Delivers everything due now; a call during a pass makes that pass look again when it ends. Returns the attempts made. */
  function deliverDue(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        let attempted = await pass();
        while (again) {
          again = false;
          attempted += await pass();
        }
        return attempted;
      } finally {
        running = null;
      }
    })();
    return running;
  }

  /** Starts a pass soon without waiting for it (new conversions go out at once, not at the next tick). */
  function kick(): void {
    setImmediate(() => {
      deliverDue().catch((err: unknown) => deps.log('conversion delivery pass failed', { error: (err as Error).message }));
    });
  }

  /** Resolves when no pass is running (for a clean shutdown). */
  async function idle(): Promise<void> {
    while (running) await running.catch(() => undefined);
  }

  return { deliverDue, kick, idle };
}

export type ConversionOutbox = ReturnType<typeof createConversionOutbox>;
