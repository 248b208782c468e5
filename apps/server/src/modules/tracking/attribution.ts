import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import * as repo from './tracking.repository';
import type { AttributionRow } from './tracking.repository';

/** What one visit tells about where the user came from. */
export interface Touch {
  fbclid: string | null;
  ttclid: string | null;
  refererToken: string | null;
  landingUrl: string | null;
  /** The pixels' own browser ids (`_fbp`, `_ttp` cookies), kept for matching server events. */
  fbp: string | null;
  ttp: string | null;
  consent: 'granted' | 'denied' | null;
}

type Changes = Partial<Omit<AttributionRow, 'user_id'>>;

/**
 * The changes a visit makes to a user's attribution, or null for none. A new fbclid, ttclid or
 * referrer token is a new last touch (ids it does not carry stay as they were); the first touch never
 * changes. `fbclid_seen_at` restarts only when the fbclid itself changes.
 */
export function attributionChanges(row: AttributionRow, touch: Touch, now: Date): Changes | null {
  const changes: Changes = {};
  const newFbclid = touch.fbclid !== null && touch.fbclid !== row.last_fbclid;
  const newTtclid = touch.ttclid !== null && touch.ttclid !== row.last_ttclid;
  const newToken = touch.refererToken !== null && touch.refererToken !== row.last_referer_token;
  if (newFbclid || newTtclid || newToken) {
    Object.assign(changes, {
      last_fbclid: touch.fbclid ?? row.last_fbclid,
      last_ttclid: touch.ttclid ?? row.last_ttclid,
      last_referer_token: touch.refererToken ?? row.last_referer_token,
      last_landing_url: touch.landingUrl,
      last_at: now,
    });
    if (newFbclid) changes.fbclid_seen_at = now;
  }
  if (touch.fbp !== null && touch.fbp !== row.fbp) changes.fbp = touch.fbp;
  if (touch.ttp !== null && touch.ttp !== row.ttp) changes.ttp = touch.ttp;
  if (touch.consent !== null && touch.consent !== row.consent) {
    changes.consent = touch.consent;
    changes.consent_at = now;
  }
  return Object.keys(changes).length > 0 ? changes : null;
}

/** Records a visit: the user's first one as first (and last) touch, later ones as `attributionChanges` says. */
export async function touchAttribution(db: Kysely<DB>, userId: string, touch: Touch, now = new Date()): Promise<void> {
  const inserted = await repo.insertAttribution(db, {
    user_id: userId,
    first_fbclid: touch.fbclid,
    first_ttclid: touch.ttclid,
    first_referer_token: touch.refererToken,
    first_landing_url: touch.landingUrl,
    first_at: now,
    last_fbclid: touch.fbclid,
    last_ttclid: touch.ttclid,
    last_referer_token: touch.refererToken,
    last_landing_url: touch.landingUrl,
    last_at: now,
    fbclid_seen_at: touch.fbclid ? now : null,
    fbp: touch.fbp,
    ttp: touch.ttp,
    consent: touch.consent,
    consent_at: touch.consent ? now : null,
  });
  if (inserted) return;
  // Most visits change nothing: only those that do take the row lock.
  const current = await repo.findAttribution(db, userId);
  if (!current || !attributionChanges(current, touch, now)) return;
  await db.transaction().execute(async (trx) => {
    const row = await repo.lockAttribution(trx, userId);
    const changes = row ? attributionChanges(row, touch, now) : null;
    if (changes) await repo.updateAttribution(trx, userId, changes);
  });
}

export interface TouchSummary {
  fbclid: string | null;
  ttclid: string | null;
  refererToken: string | null;
  landingUrl: string | null;
  at: string;
}

/** First and last touch as they are copied onto an order. */
export function touchSummaries(row: AttributionRow): { firstTouch: TouchSummary; lastTouch: TouchSummary } {
  return {
    firstTouch: {
      fbclid: row.first_fbclid,
      ttclid: row.first_ttclid,
      refererToken: row.first_referer_token,
      landingUrl: row.first_landing_url,
      at: row.first_at.toISOString(),
    },
    lastTouch: {
      fbclid: row.last_fbclid,
      ttclid: row.last_ttclid,
      refererToken: row.last_referer_token,
      landingUrl: row.last_landing_url,
      at: row.last_at.toISOString(),
    },
  };
}

const later = (a: Date | null, b: Date | null) => (a && b ? a >= b : a !== null);

/**
 * A guest signs in to an account: the account keeps the earlier first touch and the later last touch
 * of the two, and the guest's events and queued conversions become the account's.
 */
export async function mergeAttribution(trx: Transaction<DB>, fromUserId: string, toUserId: string): Promise<void> {
  const guest = await repo.lockAttribution(trx, fromUserId);
  const account = await repo.lockAttribution(trx, toUserId);
  if (guest && !account) {
    await repo.moveAttribution(trx, fromUserId, toUserId);
  } else if (guest && account) {
    const changes: Changes = {};
    if (guest.first_at < account.first_at) {
      Object.assign(changes, {
        first_fbclid: guest.first_fbclid,
        first_ttclid: guest.first_ttclid,
        first_referer_token: guest.first_referer_token,
        first_landing_url: guest.first_landing_url,
        first_at: guest.first_at,
      });
    }
    if (guest.last_at > account.last_at) {
      Object.assign(changes, {
        last_fbclid: guest.last_fbclid,
        last_ttclid: guest.last_ttclid,
        last_referer_token: guest.last_referer_token,
        last_landing_url: guest.last_landing_url,
        last_at: guest.last_at,
        fbclid_seen_at: guest.fbclid_seen_at,
      });
    }
    if (guest.fbp && later(guest.updated_at, account.updated_at)) changes.fbp = guest.fbp;
    if (guest.ttp && later(guest.updated_at, account.updated_at)) changes.ttp = guest.ttp;
    if (guest.consent && later(guest.consent_at, account.consent_at)) {
      changes.consent = guest.consent;
      changes.consent_at = guest.consent_at;
    }
    if (Object.keys(changes).length > 0) await repo.updateAttribution(trx, toUserId, changes);
    await repo.deleteAttribution(trx, fromUserId);
  }
  await repo.moveEventsAndDeliveries(trx, fromUserId, toUserId);
}
