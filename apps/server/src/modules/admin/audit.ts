import { sql, type Kysely, type Transaction } from 'kysely';
import type { AdminAuditEntry, AdminPage } from '@episodic/contract';
import type { DB } from '../../db/schema';

type Executor = Kysely<DB> | Transaction<DB>;

/** The operator behind a console change. */
export interface Operator {
  userId: string;
  ip: string;
}

export interface AuditRecord {
  /** `<target>.<verb>`, e.g. `series.publish`. */
  action: string;
  targetType: string;
  targetId?: string | number | null;
  /** One readable line: what an operator reading the log needs first. */
  summary: string;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

/**
 * Records one operator change. Called inside the transaction that makes the change, so there is
 * never a change without its entry, nor an entry for a change that rolled back.
 */
export async function writeAudit(trx: Executor, operator: Operator, record: AuditRecord): Promise<void> {
  await sql`
    INSERT INTO audit_log (actor_id, actor_email, action, target_type, target_id, summary, before, after, reason, ip)
    SELECT ${operator.userId}::uuid, u.email, ${record.action}, ${record.targetType}, ${record.targetId === undefined || record.targetId === null ? null : String(record.targetId)},
      ${record.summary.slice(0, 500)}, ${json(record.before)}::jsonb, ${json(record.after)}::jsonb, ${record.reason ?? null}, ${operator.ip.slice(0, 100)}
    FROM users u WHERE u.id = ${operator.userId}::uuid`.execute(trx);
}

export interface AuditQuery {
  page: number;
  pageSize: number;
  /** An exact action (`series.publish`) or a target's actions (`series`). */
  action?: string;
  targetType?: string;
  targetId?: string;
  /** Part of the operator's email. */
  actor?: string;
}

interface AuditRow {
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
  total: number;
}

const like = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The log, newest first, filtered. */
export async function listAudit(db: Kysely<DB>, q: AuditQuery): Promise<AdminPage<AdminAuditEntry>> {
  const action = q.action?.trim();
  const actor = q.actor?.trim();
  const { rows } = await sql<AuditRow>`
    SELECT id, created_at, actor_id, actor_email, action, target_type, target_id, summary, before, after, reason, count(*) OVER () AS total
    FROM audit_log
    WHERE true
      ${action ? (action.includes('.') ? sql`AND action = ${action}` : sql`AND action LIKE ${`${action.replace(/[\\%_]/g, (c) => `\\${c}`)}.%`}`) : sql``}
      ${q.targetType ? sql`AND target_type = ${q.targetType}` : sql``}
      ${q.targetId ? sql`AND target_id = ${q.targetId}` : sql``}
      ${actor ? sql`AND lower(actor_email) LIKE ${like(actor)}` : sql``}
    ORDER BY id DESC
    OFFSET ${(q.page - 1) * q.pageSize} LIMIT ${q.pageSize + 1}`.execute(db);
  return {
    items: rows.slice(0, q.pageSize).map((r) => ({
      id: Number(r.id),
      at: r.created_at.toISOString(),
      actor: { id: r.actor_id, email: r.actor_email },
      action: r.action,
      targetType: r.target_type,
      targetId: r.target_id,
      summary: r.summary,
      before: r.before ?? null,
      after: r.after ?? null,
      reason: r.reason,
    })),
    page: q.page,
    pageSize: q.pageSize,
    hasMore: rows.length > q.pageSize,
    total: rows.length > 0 ? Number(rows[0]!.total) : 0,
  };
}
