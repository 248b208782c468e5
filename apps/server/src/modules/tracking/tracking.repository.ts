import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { ConversionOutboxTable, DB, TrackingAttributionTable, TrackingEventsTable } from '../../db/schema';

type Executor = Kysely<DB> | Transaction<DB>;
export type AttributionRow = Selectable<TrackingAttributionTable>;
export type OutboxRow = Selectable<ConversionOutboxTable>;

/** Records one event; the same event id twice is recorded once. Returns whether it was new. */
export async function insertEvent(db: Executor, row: Insertable<TrackingEventsTable>): Promise<boolean> {
  const inserted = await db
    .insertInto('tracking_events')
    .values(row)
    .onConflict((oc) => oc.column('event_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** The browser the user last reported from (for matching server events to the platforms' users). */
/** The account's email (null for a guest); undefined when the user no longer exists. */
export async function userEmail(db: Executor, userId: string): Promise<string | null | undefined> {
  const row = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  return row?.email;
}

export async function latestClient(
  db: Executor,
  userId: string,
): Promise<{ ip: string | null; user_agent: string | null } | undefined> {
  return db
    .selectFrom('tracking_events')
    .select(['ip', 'user_agent'])
    .where('user_id', '=', userId)
    .where('source', '=', 'report')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function findAttribution(db: Executor, userId: string): Promise<AttributionRow | undefined> {
  return db.selectFrom('tracking_attribution').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Inserts the first touch; false when the user already has one. */
export async function insertAttribution(db: Executor, row: Insertable<TrackingAttributionTable>): Promise<boolean> {
  const inserted = await db
    .insertInto('tracking_attribution')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export function lockAttribution(trx: Transaction<DB>, userId: string): Promise<AttributionRow | undefined> {
  return trx
    .selectFrom('tracking_attribution')
    .selectAll()
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

export async function updateAttribution(
  db: Executor,
  userId: string,
  changes: Partial<Omit<AttributionRow, 'user_id'>>,
): Promise<void> {
  await db
    .updateTable('tracking_attribution')
    .set({ ...changes, updated_at: new Date() })
    .where('user_id', '=', userId)
    .execute();
}

export async function deleteAttribution(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom('tracking_attribution').where('user_id', '=', userId).execute();
}

/** Queues deliveries; a (platform, destination, event id) already queued is left as it is. Returns how many are new. */
export async function enqueueDeliveries(db: Executor, rows: Insertable<ConversionOutboxTable>[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insertInto('conversion_outbox')
    .values(rows)
    .onConflict((oc) => oc.columns(['platform', 'destination', 'event_id']).doNothing())
    .returning('event_id')
    .execute();
  return inserted.length;
}

/**
 * The deliveries as a leased queue (jobs/queue.ts): pending rows whose time has come, oldest due
 * first; each claim leases the row (a crashed worker's claims come back) and counts one attempt.
 */
export const outboxTable = {
  table: 'conversion_outbox',
  key: ['platform', 'destination', 'event_id'],
  waiting: sql`status = 'pending' AND next_attempt_at <= now()`,
  orderBy: sql`next_attempt_at`,
} as const;

type Key = Pick<OutboxRow, 'platform' | 'destination' | 'event_id'>;

export async function markDelivered(db: Executor, key: Key): Promise<void> {
  await db
    .updateTable('conversion_outbox')
    .set({ status: 'delivered', delivered_at: new Date(), lease_until: null, last_error: null })
    .where('platform', '=', key.platform)
    .where('destination', '=', key.destination)
    .where('event_id', '=', key.event_id)
    .execute();
}

export async function markRetry(db: Executor, key: Key, nextAttemptAt: Date, error: string): Promise<void> {
  await db
    .updateTable('conversion_outbox')
    .set({ next_attempt_at: nextAttemptAt, lease_until: null, last_error: error.slice(0, 1000) })
    .where('platform', '=', key.platform)
    .where('destination', '=', key.destination)
    .where('event_id', '=', key.event_id)
    .execute();
}

export async function markFailed(db: Executor, key: Key, error: string): Promise<void> {
  await db
    .updateTable('conversion_outbox')
    .set({ status: 'failed', lease_until: null, last_error: error.slice(0, 1000) })
    .where('platform', '=', key.platform)
    .where('destination', '=', key.destination)
    .where('event_id', '=', key.event_id)
    .execute();
}

/** Deletes reported events past retention, and settled deliveries after 30 days. */
export async function prune(db: Executor, retentionDays: number): Promise<{ events: number; deliveries: number }> {
  const events = await db
    .deleteFrom('tracking_events')
    .where('created_at', '<', sql<Date>`now() - make_interval(days => ${retentionDays})`)
    .executeTakeFirst();
  const deliveries = await db
    .deleteFrom('conversion_outbox')
    .where('status', '<>', 'pending')
    .where('created_at', '<', sql<Date>`now() - interval '30 days'`)
    .executeTakeFirst();
  return { events: Number(events.numDeletedRows), deliveries: Number(deliveries.numDeletedRows) };
}

/** First purchases paid between `from` and `to` whose Purchase conversion was never queued. */
export function missedPurchases(db: Executor, purchasePrefix: string, from: Date, to: Date) {
  return db
    .selectFrom('orders as o')
    .innerJoin('plans as p', 'p.id', 'o.plan_id')
    .select(['o.id', 'o.user_id', 'o.amount', 'o.currency', 'o.purpose', 'p.kind'])
    .where('o.status', '=', 'paid')
    .where('o.purpose', '=', 'purchase')
    .where('o.paid_at', '>', from)
    .where('o.paid_at', '<', to)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('conversion_outbox as c')
            .select('c.event_id')
            .where('c.event_id', '=', sql<string>`${purchasePrefix} || '-' || o.id::text`),
        ),
      ),
    )
    .orderBy('o.paid_at')
    .limit(100)
    .execute();
}

/** Accounts whose browser reported CompleteRegistration between `from` and `to` but whose conversion was never queued. */
export function missedRegistrations(db: Executor, registrationPrefix: string, from: Date, to: Date) {
  return db
    .selectFrom('tracking_events as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .select(['e.user_id', 'e.ip', 'e.user_agent'])
    .where('e.event_name', '=', 'CompleteRegistration')
    .where('u.is_guest', '=', false)
    .where('e.created_at', '>', from)
    .where('e.created_at', '<', to)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('conversion_outbox as c')
            .select('c.event_id')
            .where('c.event_id', '=', sql<string>`${registrationPrefix} || '-' || e.user_id::text`),
        ),
      ),
    )
    .limit(100)
    .execute();
}

/** A user's latest 1,000 events, for their data download. */
export function eventsOf(db: Executor, userId: string) {
  return db
    .selectFrom('tracking_events')
    .select([
      'event_name',
      'event_id',
      'event_time',
      'event_source_url',
      'value_minor',
      'currency',
      'order_id',
      'search_string',
      'fbclid',
      'ttclid',
      'referer_token',
      'ip',
      'user_agent',
      'created_at',
    ])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(1000)
    .execute();
}

export async function moveAttribution(db: Executor, fromUserId: string, toUserId: string): Promise<void> {
  await db
    .updateTable('tracking_attribution')
    .set({ user_id: toUserId, updated_at: new Date() })
    .where('user_id', '=', fromUserId)
    .execute();
}

/** A user's events and queued conversions become another's. */
export async function moveEventsAndDeliveries(db: Executor, fromUserId: string, toUserId: string): Promise<void> {
  await db.updateTable('tracking_events').set({ user_id: toUserId }).where('user_id', '=', fromUserId).execute();
  await db.updateTable('conversion_outbox').set({ user_id: toUserId }).where('user_id', '=', fromUserId).execute();
}
