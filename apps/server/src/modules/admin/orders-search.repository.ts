import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { OrderSort, SortDirection } from '@episodic/contract/constants';
import type { DB, OrderStatus } from '../../db/schema';

type Executor = Kysely<DB> | Transaction<DB>;

export interface OrderFilter {
  q?: string;
  status?: OrderStatus;
  planId?: string;
  userId?: string;
  from?: string;
  to?: string;
  sort?: OrderSort;
  dir?: SortDirection;
}

/** The ids of a page of orders, in the list's order, and how many the filter finds. */
export interface OrderIdsPage {
  ids: string[];
  total: number;
  /** There may be more than `total`: counting every match of a common fragment would read them all (see walk). */
  totalIsLowerBound: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
const like = (value: string) => `%${escapeLike(value.toLowerCase())}%`;

/**
 * A search the planner expects to find more than INDEX_CAP orders is answered from the newest
 * WALK_WINDOW orders (of those the other filters keep) when they hold the page; its total then shows
 * "at least" AT_LEAST (or the page's end).
 */
const INDEX_CAP = 2000;
const WALK_WINDOW = 10_000;
const AT_LEAST = 100;

/** The column behind each sort the contract names (nothing else reaches ORDER BY). */
const SORTS: Record<OrderSort, string> = {
  // created_at is NOT NULL: without NULLS LAST, orders_created_idx (created_at DESC) gives this order.
  createdAt: 'o.created_at',
  amount: 'o.amount NULLS LAST',
  status: 'o.status NULLS LAST',
  buyer: 'lower(u.email) NULLS LAST',
  plan: 'lower(COALESCE(pt.name, o.plan_id)) NULLS LAST',
};

/** Newest first unless asked otherwise; the id breaks ties so pages neither repeat nor skip a row. */
export function orderBy(f: Pick<OrderFilter, 'sort' | 'dir'>): RawBuilder<unknown> {
  const dir = f.dir === 'asc' ? 'ASC' : 'DESC';
  const key = f.sort && Object.hasOwn(SORTS, f.sort) ? SORTS[f.sort] : SORTS.createdAt;
  const [column, nulls = ''] = key.split(/ (?=NULLS)/);
  return sql.raw(`${column} ${dir}${nulls ? ` ${nulls}` : ''}, o.id ${dir}`);
}

/** The filters other than the search text, on `orders o`. */
export function filters(f: OrderFilter): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`true`];
  if (f.status) parts.push(sql`o.status = ${f.status}`);
  if (f.planId) parts.push(sql`o.plan_id = ${f.planId}`);
  if (f.userId) parts.push(sql`o.user_id = ${f.userId}::uuid`);
  if (f.from) parts.push(sql`o.created_at >= ${f.from}::date`);
  if (f.to) parts.push(sql`o.created_at < ${f.to}::date + 1`);
  return sql.join(parts, sql` AND `);
}

/** Orders, their buyer and plan: the rows every sort and the count are taken over. */
const LIST_SOURCES = sql`orders o
    JOIN users u ON u.id = o.user_id
    JOIN plans p ON p.id = o.plan_id
    LEFT JOIN plan_translations pt ON pt.plan_id = p.id AND pt.language = 'en'`;

/**
 * The ids of orders a search text finds, one branch per index, joined by UNION (an OR across the
 * join to users would read every order): its whole id or buyer's id (a UUID) or part of its id
 * (orders_id_trgm_idx), the provider's reference (orders_provider_ref_idx), the whole email a guest
 * gave for the receipt (orders_buyer_email_idx), part of the buyer's email.
 * A fragment with an `@` and text before it is looked up by the end of the local part
 * (users_email_local_rev_idx, migration 0032) and checked whole; any other through the email's
 * trigram index.
 */
function searchIds(q: string, union: 'UNION' | 'UNION ALL'): RawBuilder<unknown> {
  const lower = q.toLowerCase();
  const branches = UUID.test(q)
    ? [sql`SELECT id FROM orders WHERE id = ${q}::uuid`, sql`SELECT id FROM orders WHERE user_id = ${q}::uuid`]
    : // An id's text is hex digits and hyphens: other text (a reference, an address) skips its index,
      // whose scan for a 36-character reference took 5 ms.
      /^[0-9a-f-]+$/.test(lower)
      ? [sql`SELECT id FROM orders WHERE id::text LIKE ${like(q)}`]
      : [];
  branches.push(sql`SELECT id FROM orders WHERE provider_ref = ${q}`);
  // The address a guest typed for the receipt (kept lower-case on the order; orders_buyer_email_idx).
  if (lower.includes('@')) branches.push(sql`SELECT id FROM orders WHERE buyer_email = ${lower}`);
  const local = lower.slice(0, Math.max(lower.indexOf('@'), 0));
  // strpos(email, lower(q)) is what ILIKE decides on addresses stored lower-case (a CHECK), and no
  // index serves it: the planner keeps to the local-part index here.
  const emails = local
    ? sql`strpos(su.email, lower(${lower})) > 0 AND (
        reverse(split_part(su.email, '@', 1)) COLLATE "C" LIKE ${`${escapeLike([...local].reverse().join(''))}%`}
        OR su.email LIKE '%@%@%')`
    : sql`su.email ILIKE ${like(q)}`;
  branches.push(sql`SELECT so.id FROM orders so JOIN users su ON su.id = so.user_id WHERE ${emails}`);
  return sql.join(branches, sql.raw(` ${union} `));
}

/**
 * A common fragment (`example`, a domain) read newest first, stopping at the page (or at AT_LEAST
 * matches): the indexes would give every match to sort and count. `undefined` when the newest orders
 * do not hold the page: the indexes answer.
 */
async function walk(
  db: Executor,
  q: string,
  f: OrderFilter,
  offset: number,
  limit: number,
): Promise<OrderIdsPage | undefined> {
  const need = offset + limit;
  const want = Math.max(need, AT_LEAST);
  const window = Math.max(WALK_WINDOW, 5 * need);
  const dir = f.dir === 'asc' ? 'ASC' : 'DESC';
  const order = sql.raw(`o.created_at ${dir}, o.id ${dir}`);
  // Streamed: the newest orders one by one, each buyer's address read beside it (LATERAL with LIMIT
  // keeps the planner from hashing a million users), until `want` match. Orders always have their
  // buyer and plan (foreign keys), so no row the list would show is missed.
  const { rows } = await sql<{ id: string }>`
    SELECT o.id
    FROM (SELECT o.id, o.user_id, o.provider_ref, o.buyer_email, o.created_at FROM orders o
      WHERE ${filters(f)} ORDER BY ${order} LIMIT ${window}) o
    CROSS JOIN LATERAL (SELECT u.email FROM users u WHERE u.id = o.user_id LIMIT 1) u
    WHERE u.email ILIKE ${like(q)} OR o.id::text LIKE ${like(q)} OR o.provider_ref = ${q}
      OR o.buyer_email = ${q.toLowerCase()}
    ORDER BY ${order} LIMIT ${want}`.execute(db);
  const ids = rows.map((r) => r.id);
  const page = ids.slice(offset, need);
  if (ids.length === want) return { ids: page, total: want, totalIsLowerBound: true };
  // Fewer than wanted: the whole window was read. When it held every order the filters keep, what it
  // found is all there is; else it is a lower bound, good enough once the page is full.
  const seen = await windowSize(db, f, window);
  if (seen < window) return { ids: page, total: ids.length, totalIsLowerBound: false };
  if (ids.length >= need) return { ids: page, total: ids.length, totalIsLowerBound: true };
  return undefined;
}

async function windowSize(db: Executor, f: OrderFilter, window: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM (SELECT 1 FROM orders o WHERE ${filters(f)} LIMIT ${window}) w`.execute(db);
  return rows[0]!.n;
}

/** The page of orders a filter finds (ids in the list's order) and how many there are. */
export async function findOrderIds(db: Executor, f: OrderFilter, offset: number, limit: number): Promise<OrderIdsPage> {
  const q = f.q?.trim();
  if (q && (f.sort ?? 'createdAt') === 'createdAt' && (await estimatedMatches(db, q)) > INDEX_CAP) {
    const walked = await walk(db, q, f, offset, limit);
    if (walked) return walked;
  }
  // Every match, collected first (MATERIALIZED): joined in place, a common fragment's thousands of
  // ids were once matched against every order in a nested loop.
  const { rows } = await sql<{ id: string; total: number }>`
    ${q ? sql`WITH found AS MATERIALIZED (${searchIds(q, 'UNION')})` : sql``}
    SELECT o.id, count(*) OVER ()::int AS total
    FROM ${LIST_SOURCES}
    WHERE ${filters(f)} ${q ? sql`AND o.id IN (SELECT id FROM found)` : sql``}
    ORDER BY ${orderBy(f)}
    OFFSET ${offset} LIMIT ${limit}`.execute(db);
  return { ids: rows.map((r) => r.id), total: rows[0]?.total ?? 0, totalIsLowerBound: false };
}

/**
 * How many orders the planner expects the search's indexes to find, from its statistics (the email
 * column's histogram: 332,000 estimated for `example` against 333,333 found, 34 for a rare fragment).
 * Planning costs a fraction of a millisecond; finding out by searching costs what we avoid (the
 * trigram index alone takes 90 ms to list the 333,333 accounts of `example`).
 */
async function estimatedMatches(db: Executor, q: string): Promise<number> {
  const { rows } = await sql<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>`
    EXPLAIN (FORMAT JSON) ${searchIds(q, 'UNION ALL')}`.execute(db);
  const plan = rows[0]?.['QUERY PLAN'];
  // PGlite and pg both parse the JSON column; a string would be an older driver.
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [{ Plan: { 'Plan Rows': number } }];
  return parsed[0].Plan['Plan Rows'];
}
