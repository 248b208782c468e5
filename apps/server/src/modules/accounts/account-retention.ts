import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

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
    const { rows } = await sql<{ n: number }>`
      WITH deleted AS (DELETE FROM users WHERE id IN (
        SELECT u.id FROM users u
        WHERE u.is_guest AND u.created_at < now() - make_interval(days => ${guestDays})
          AND NOT EXISTS (SELECT 1 FROM sessions s WHERE s.user_id = u.id AND s.last_seen_at >= now() - make_interval(days => ${guestDays}))
          AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.user_id = u.id)
          AND NOT EXISTS (SELECT 1 FROM coin_ledger l WHERE l.user_id = u.id)
          AND NOT EXISTS (SELECT 1 FROM memberships m WHERE m.user_id = u.id)
          AND NOT EXISTS (SELECT 1 FROM payment_methods p WHERE p.user_id = u.id)
          AND NOT EXISTS (SELECT 1 FROM unlocks x WHERE x.user_id = u.id)
          AND NOT EXISTS (SELECT 1 FROM favorites f WHERE f.user_id = u.id)
          AND NOT EXISTS (SELECT 1 FROM watch_history h WHERE h.user_id = u.id)
        ORDER BY u.created_at
        LIMIT ${BATCH}
        FOR UPDATE SKIP LOCKED)
      RETURNING created_at)
      INSERT INTO purged_guests (day, n)
      SELECT (created_at AT TIME ZONE 'UTC')::date, count(*) FROM deleted GROUP BY 1
      ON CONFLICT (day) DO UPDATE SET n = purged_guests.n + excluded.n
      RETURNING (SELECT count(*) FROM deleted)::int AS n`.execute(db);
    const deleted = rows[0]?.n ?? 0;
    report.guests += deleted;
    if (deleted < BATCH) break;
  }
  for (;;) {
    const { rows } = await sql<{ id: string }>`
      DELETE FROM sessions WHERE id IN (
        SELECT id FROM sessions
        WHERE expires_at < now() OR revoked_at < now() - make_interval(days => ${REVOKED_KEPT_DAYS})
        LIMIT ${BATCH}
        FOR UPDATE SKIP LOCKED)
      RETURNING id`.execute(db);
    report.sessions += rows.length;
    if (rows.length < BATCH) break;
  }
  return report;
}
