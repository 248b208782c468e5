import type { AdminAuditEntry, AdminOrder, AdminUserSummary } from '@episodic/contract';
import { csvMoney, type CsvValue } from './csv';

/**
 * The columns of the console's CSV downloads: times in UTC (ISO 8601), money as a decimal beside its
 * currency, one row per record.
 */

export const ORDER_CSV_HEADER = [
  'Order id',
  'Opened (UTC)',
  'Paid (UTC)',
  'Buyer email',
  'Buyer id',
  'Guest',
  'Plan',
  'Kind',
  'Purpose',
  'Amount',
  'Currency',
  'Status',
  'Provider',
  'Provider reference',
  'Card',
  'Source',
  'Refund status',
  'Refunded amount',
  'Failure reason',
];

export const orderCsvLine = (o: AdminOrder): CsvValue[] => [
  o.id,
  o.createdAt,
  o.paidAt,
  o.user.email,
  o.user.id,
  o.user.isGuest ? 'yes' : 'no',
  o.planName,
  o.kind,
  o.purpose,
  csvMoney(o.amount),
  o.currency,
  o.status,
  o.provider,
  o.providerRef,
  o.card,
  o.attribution.source,
  o.refund?.status,
  o.refund ? csvMoney(o.refund.amount) : null,
  o.failureReason,
];

export const USER_CSV_HEADER = [
  'User id',
  'Email',
  'Role',
  'Guest',
  'Language',
  'Member',
  'Disabled (UTC)',
  'Coins',
  'Paid orders',
  'Joined (UTC)',
  'Last seen (UTC)',
];

export const userCsvLine = (u: AdminUserSummary): CsvValue[] => [
  u.id,
  u.email,
  u.role,
  u.isGuest ? 'yes' : 'no',
  u.language,
  u.member ? 'yes' : 'no',
  u.disabledAt,
  u.coins,
  u.paidOrders,
  u.createdAt,
  u.lastSeenAt,
];

export const AUDIT_CSV_HEADER = [
  'Entry',
  'When (UTC)',
  'Operator',
  'Operator address',
  'Action',
  'Target type',
  'Target id',
  'What happened',
  'Reason',
  'Before',
  'After',
];

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

export const auditCsvLine = (e: AdminAuditEntry): CsvValue[] => [
  e.id,
  e.at,
  e.actor.email,
  e.ip,
  e.action,
  e.targetType,
  e.targetId,
  e.summary,
  e.reason,
  json(e.before),
  json(e.after),
];
