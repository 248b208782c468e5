import type { Kysely, Transaction } from 'kysely';
import type { AdminAuditEntry, AdminPage } from '@episodic/contract';
import type { OperatorRole } from '@episodic/contract/constants';
import type { DB } from '../../db/schema';
import type { AuditSort, SortDirection } from '@episodic/contract/constants';
import { auditRows, insertAuditEntry, type AuditRow } from './audit.repository';
import { batches } from './csv';

type Executor = Kysely<DB> | Transaction<DB>;

/** The operator behind a console change. */
export interface Operator {
  userId: string;
  ip: string;
  /** The operator's console role (absent for someone joining through an invitation). */
  role?: OperatorRole;
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
  await insertAuditEntry(trx, {
    actorId: operator.userId,
    action: record.action,
    targetType: record.targetType,
    targetId: record.targetId === undefined || record.targetId === null ? null : String(record.targetId),
    summary: record.summary.slice(0, 500),
    before: json(record.before),
    after: json(record.after),
    reason: record.reason ?? null,
    ip: operator.ip.slice(0, 100),
  });
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
  sort?: AuditSort;
  dir?: SortDirection;
}

const entryDto = (r: AuditRow): AdminAuditEntry => ({
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
  ip: r.ip,
  seriesId: r.series_id,
});

const filterOf = (q: Omit<AuditQuery, 'page' | 'pageSize'>) => ({
  action: q.action?.trim(),
  actor: q.actor?.trim(),
  targetType: q.targetType,
  targetId: q.targetId,
  sort: q.sort,
  dir: q.dir,
});

/** The log, newest first unless asked otherwise, filtered. */
export async function listAudit(db: Kysely<DB>, q: AuditQuery): Promise<AdminPage<AdminAuditEntry>> {
  const rows = await auditRows(db, filterOf(q), (q.page - 1) * q.pageSize, q.pageSize + 1);
  return {
    items: rows.slice(0, q.pageSize).map(entryDto),
    page: q.page,
    pageSize: q.pageSize,
    hasMore: rows.length > q.pageSize,
    total: rows.length > 0 ? Number(rows[0]!.total) : 0,
  };
}

/** Every entry the filter finds, in the list's order, a batch at a time (for the CSV download). */
export function exportAudit(db: Kysely<DB>, q: Omit<AuditQuery, 'page' | 'pageSize'>): AsyncIterable<AdminAuditEntry> {
  const filter = filterOf(q);
  return batches(async (offset, limit) => (await auditRows(db, filter, offset, limit)).map(entryDto));
}
