import { sql, type Kysely, type Transaction } from 'kysely';
import type { AdminUserQuery, Language, UserRole } from '@episodic/contract';
import type { SortDirection, UserSort } from '@episodic/contract/constants';
import type { DB } from '../../db/schema';

type Executor = Kysely<DB> | Transaction<DB>;

export type UserFilter = NonNullable<AdminUserQuery['filter']>;

export interface SummaryRow {
  id: string;
  email: string | null;
  /** The CHECK constraints of users.role and users.language hold these to the contract's values. */
  role: UserRole;
  is_guest: boolean;
  language: Language;
  created_at: Date;
  disabled_at: Date | null;
  last_seen_at: Date | null;
  coins: number | null;
  member: boolean;
  paid_orders: number;
  total: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const like = (value: string) => `%${value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const summaryColumns = sql`
  u.id, u.email, u.role, u.is_guest, u.language, u.created_at, u.disabled_at,
  (SELECT max(s.last_seen_at) FROM sessions s WHERE s.user_id = u.id) AS last_seen_at,
  (SELECT b.balance FROM coin_balances b WHERE b.user_id = u.id) AS coins,
  EXISTS (SELECT 1 FROM memberships m WHERE m.user_id = u.id AND m.status = 'active' AND m.current_period_end > now()) AS member,
  (SELECT count(*) FROM orders o WHERE o.user_id = u.id AND o.status = 'paid') AS paid_orders`;

/** The column behind each sort the contract names (output columns of summaryColumns, or users'). */
const SORTS: Record<UserSort, string> = {
  createdAt: 'u.created_at',
  email: 'lower(u.email)',
  lastSeenAt: 'last_seen_at',
  coins: 'coins',
  paidOrders: 'paid_orders',
};

export interface UserOrder {
  sort?: UserSort;
  dir?: SortDirection;
}

/**
 * One page (plus one row, to tell whether more follow) of accounts matching a text and a filter,
 * newest first unless asked otherwise; the id breaks ties so pages neither repeat nor skip a row.
 */
export async function searchUserRows(
  db: Executor,
  text: string | undefined,
  filter: UserFilter,
  offset: number,
  limit: number,
  order: UserOrder = {},
): Promise<SummaryRow[]> {
  const conditions = [sql`true`];
  // ILIKE, which the trigram index on users.email serves (lower(email) LIKE would read every row).
  if (text) conditions.push(UUID.test(text) ? sql`u.id = ${text}::uuid` : sql`u.email ILIKE ${like(text)}`);
  if (filter === 'registered') conditions.push(sql`NOT u.is_guest`);
  if (filter === 'guests') conditions.push(sql`u.is_guest`);
  if (filter === 'admins') conditions.push(sql`u.role = 'admin'`);
  if (filter === 'disabled') conditions.push(sql`u.disabled_at IS NOT NULL`);
  if (filter === 'members')
    conditions.push(
      sql`EXISTS (SELECT 1 FROM memberships m WHERE m.user_id = u.id AND m.status = 'active' AND m.current_period_end > now())`,
    );
  const { rows } = await sql<SummaryRow>`
    SELECT ${summaryColumns}, count(*) OVER () AS total
    FROM users u WHERE ${sql.join(conditions, sql` AND `)}
    ORDER BY ${orderBy(order)}
    OFFSET ${offset} LIMIT ${limit}`.execute(db);
  return rows;
}

function orderBy(order: UserOrder) {
  const dir = order.dir === 'asc' ? 'ASC' : 'DESC';
  const column = order.sort && Object.hasOwn(SORTS, order.sort) ? SORTS[order.sort] : SORTS.createdAt;
  return sql.raw(`${column} ${dir} NULLS LAST, u.id ${dir}`);
}

export async function findUserSummary(db: Executor, id: string): Promise<SummaryRow | undefined> {
  const { rows } =
    await sql<SummaryRow>`SELECT ${summaryColumns}, 1 AS total FROM users u WHERE u.id = ${id}::uuid`.execute(db);
  return rows[0];
}

export function findMembership(db: Executor, userId: string) {
  return db.selectFrom('memberships').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export function latestLedgerEntries(db: Executor, userId: string) {
  return db
    .selectFrom('coin_ledger')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
}

export async function latestUnlocks(db: Executor, userId: string) {
  const { rows } = await sql<{
    episode_id: number;
    series_id: number;
    title: string;
    number: number;
    source: string;
    created_at: Date;
  }>`
    SELECT un.episode_id, e.series_id, e.number, un.source, un.created_at, COALESCE(t.title, '(untitled)') AS title
    FROM unlocks un JOIN episodes e ON e.id = un.episode_id
    LEFT JOIN series_translations t ON t.series_id = e.series_id AND t.language = 'en'
    WHERE un.user_id = ${userId}::uuid ORDER BY un.created_at DESC, un.episode_id LIMIT 100`.execute(db);
  return rows;
}

export async function latestHistory(db: Executor, userId: string) {
  const { rows } = await sql<{
    series_id: number;
    title: string;
    episode_id: number;
    number: number;
    position_ms: number;
    finished: boolean;
    updated_at: Date;
  }>`
    SELECT h.series_id, h.episode_id, e.number, h.position_ms, h.finished, h.updated_at, COALESCE(t.title, '(untitled)') AS title
    FROM watch_history h JOIN episodes e ON e.id = h.episode_id
    LEFT JOIN series_translations t ON t.series_id = h.series_id AND t.language = 'en'
    WHERE h.user_id = ${userId}::uuid ORDER BY h.updated_at DESC LIMIT 50`.execute(db);
  return rows;
}

/** Live sessions and favorites of one account. */
export async function countSessionsAndFavorites(
  db: Executor,
  userId: string,
): Promise<{ sessions: number; favorites: number } | undefined> {
  const { rows } = await sql<{ sessions: number; favorites: number }>`
    SELECT (SELECT count(*) FROM sessions s WHERE s.user_id = ${userId}::uuid AND s.revoked_at IS NULL AND s.expires_at > now()) AS sessions,
      (SELECT count(*) FROM favorites f WHERE f.user_id = ${userId}::uuid) AS favorites`.execute(db);
  return rows[0];
}

/** The attribution recorded on an account's orders, oldest first. */
export function orderTouches(db: Executor, userId: string) {
  return db
    .selectFrom('orders')
    .select(['id', 'attribution', 'created_at'])
    .where('user_id', '=', userId)
    .where('attribution', 'is not', null)
    .orderBy('created_at')
    .limit(50)
    .execute();
}

export function lockUser(trx: Transaction<DB>, id: string) {
  return trx
    .selectFrom('users')
    .select(['id', 'email', 'role', 'is_guest', 'disabled_at'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function setUserDisabledAt(db: Executor, id: string, disabledAt: Date | null, now: Date): Promise<void> {
  await db.updateTable('users').set({ disabled_at: disabledAt, updated_at: now }).where('id', '=', id).execute();
}

/** Ends every live session of an account; returns how many. */
export async function revokeSessionsOf(db: Executor, userId: string, now: Date): Promise<number> {
  const ended = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  return ended.length;
}

export function membershipPlans(db: Executor) {
  return db.selectFrom('plans').select(['id', 'active']).where('kind', '=', 'membership').orderBy('position').execute();
}

export function findUserEmail(db: Executor, id: string) {
  return db.selectFrom('users').select(['id', 'email']).where('id', '=', id).executeTakeFirst();
}

export interface GrantRow {
  id: string;
  userId: string;
  kind: 'coins' | 'membership';
  coins: number | null;
  days: number | null;
  planId: string | null;
  reason: string;
  actorId: string;
}

/** Records a grant once per request id: false when that id was recorded before. */
export async function insertGrant(db: Executor, g: GrantRow): Promise<boolean> {
  const inserted = await db
    .insertInto('grants')
    .values({
      id: g.id,
      user_id: g.userId,
      kind: g.kind,
      coins: g.coins,
      days: g.days,
      plan_id: g.planId,
      reason: g.reason,
      actor_id: g.actorId,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return !!inserted;
}

export function findGrant(db: Executor, id: string) {
  return db
    .selectFrom('grants')
    .select(['user_id', 'kind', 'coins', 'days', 'plan_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}
