import { sql, type Kysely, type Transaction } from 'kysely';
import type { AuditSort, SortDirection } from '@episodic/contract/constants';
import type { DB } from '../../db/schema';

type Executor = Kysely<DB> | Transaction<DB>;

export interface AuditEntry {
  actorId: string;
  action: string;
  targetType: string;
  targetId: string | null;
  summary: string;
  /** JSON text. */
  before: string | null;
  after: string | null;
  reason: string | null;
  ip: string;
}

/** One entry of the log, with the operator's email as it is now. */
export async function insertAuditEntry(db: Executor, e: AuditEntry): Promise<void> {
  await sql`
    INSERT INTO audit_log (actor_id, actor_email, action, target_type, target_id, summary, before, after, reason, ip)
    SELECT ${e.actorId}::uuid, u.email, ${e.action}, ${e.targetType}, ${e.targetId},
      ${e.summary}, ${e.before}::jsonb, ${e.after}::jsonb, ${e.reason}, ${e.ip}
    FROM users u WHERE u.id = ${e.actorId}::uuid`.execute(db);
}

export interface AuditFilter {
  action?: string;
  targetType?: string;
  targetId?: string;
  actor?: string;
  sort?: AuditSort;
  dir?: SortDirection;
}

export interface AuditRow {
  id: number;
  created_at: Date;
  actor_id: string | null;
  actor_email: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  summary: string;
  before: unknown;
  after: unknown;
  reason: string | null;
  ip: string | null;
  /** An episode entry's series (a link to the episode goes through its series' page). */
  series_id: number | null;
  total: number;
}

/** The column behind each sort the contract names; entry ids follow time, and break ties. */
const SORTS: Record<AuditSort, string> = { at: 'id', actor: 'lower(actor_email)', action: 'action' };

function orderBy(f: AuditFilter) {
  const dir = f.dir === 'asc' ? 'ASC' : 'DESC';
  const column = f.sort && Object.hasOwn(SORTS, f.sort) ? SORTS[f.sort] : SORTS.at;
  return sql.raw(column === 'id' ? `id ${dir}` : `${column} ${dir} NULLS LAST, id ${dir}`);
}

const like = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Entries of the log, newest first unless asked otherwise, filtered (plus one row, to tell whether more follow). */
export async function auditRows(db: Executor, f: AuditFilter, offset: number, limit: number): Promise<AuditRow[]> {
  const { action, actor } = f;
  const { rows } = await sql<AuditRow>`
    SELECT id, created_at, actor_id, actor_email, action, target_type, target_id, summary, before, after, reason, ip,
      (SELECT e.series_id FROM episodes e WHERE target_type = 'episode'
        AND e.id = CASE WHEN target_id ~ '^[0-9]{1,9}$' THEN target_id::int END) AS series_id,
      count(*) OVER () AS total
    FROM audit_log
    WHERE true
      ${action ? (action.includes('.') ? sql`AND action = ${action}` : sql`AND action LIKE ${`${action.replace(/[\\%_]/g, (c) => `\\${c}`)}.%`}`) : sql``}
      ${f.targetType ? sql`AND target_type = ${f.targetType}` : sql``}
      ${f.targetId ? sql`AND target_id = ${f.targetId}` : sql``}
      ${actor ? sql`AND lower(actor_email) LIKE ${like(actor)}` : sql``}
    ORDER BY ${orderBy(f)}
    OFFSET ${offset} LIMIT ${limit}`.execute(db);
  return rows;
}

/**
 * A console sign-in, failed sign-in or sign-out. The actor is the account the address belongs to
 * (none for an unknown address, whose typed address is still kept).
 */
export async function insertSessionEntry(
  db: Executor,
  e: { userId: string | null; email: string; action: string; summary: string; after: string; ip: string },
): Promise<void> {
  await sql`
    INSERT INTO audit_log (actor_id, actor_email, action, target_type, target_id, summary, after, ip)
    SELECT u.id, coalesce(u.email, ${e.email}), ${e.action}, 'operator', u.id::text, ${e.summary}, ${e.after}::jsonb, ${e.ip}
    FROM (SELECT 1) AS one
    LEFT JOIN users u ON u.id = coalesce(${e.userId}::uuid, (SELECT id FROM users WHERE email = ${e.email} LIMIT 1))`.execute(
    db,
  );
}
