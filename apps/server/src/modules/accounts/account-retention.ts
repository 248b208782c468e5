import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { purgeGuestBatch, purgeSessionBatch } from './accounts.repository';

const BATCH = 1000;
/** Revoked sessions are kept this long (they show in the viewer's data download), expired ones not at all. */
const REVOKED_KEPT_DAYS = 30;

export interface RetentionReport {
  guests: number;
  sessions: number;
}

/**
 * Deletes guests nobody uses: created and last seen more than `guestDays` ago, owning nothing (no
 * order, coins, membership, card, unlock, list or history). Expired sessions, and sessions revoked a
 * month ago, go too. Safe on every instance at once: each batch takes the rows it deletes with
 * SKIP LOCKED, so two instances never wait on (or delete) the same rows, and a guest being merged or
 * spending right now (its row locked) is left for the next pass.
 */
export async function purgeUnusedAccounts(db: Kysely<DB>, guestDays: number): Promise<RetentionReport> {
  const report: RetentionReport = { guests: 0, sessions: 0 };
  for (;;) {
    // The deleted guests are still counted as the visitors they were, by the day they arrived.
    const deleted = await purgeGuestBatch(db, guestDays, BATCH);
    report.guests += deleted;
    if (deleted < BATCH) break;
  }
  for (;;) {
    const deleted = await purgeSessionBatch(db, REVOKED_KEPT_DAYS, BATCH);
    report.sessions += deleted;
    if (deleted < BATCH) break;
  }
  return report;
}
