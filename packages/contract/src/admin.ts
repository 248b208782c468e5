import { Type, type Static } from 'typebox';
import { Nullable, DateTime, AdminPageOf, AdminPageQuerySchema } from './admin-kit';
import { AUDIT_SORTS, SORT_DIRECTIONS } from './constants';
import { LiteralUnion } from './envelope';

/**
 * The operator console's API (`/api/admin/*`): payloads and answers. Every call needs an admin
 * session; every change is recorded in the audit log.
 */

export {
  ADMIN_LIMITS,
  ADMIN_SLUG_PATTERN,
  ADMIN_CONFIG_KEY_PATTERN,
  AdminPageQuerySchema,
  type AdminPage,
} from './admin-kit';
export * from './admin-content';
export * from './admin-commerce';
export * from './admin-system';
export * from './admin-team';
export * from './operator-roles';
export * from './admin-inbox';
export * from './admin-subtitles';

// ---------------------------------------------------------------- audit log

export const AdminAuditEntrySchema = Type.Object({
  id: Type.Integer(),
  at: DateTime,
  actor: Type.Object({ id: Nullable(Type.String()), email: Nullable(Type.String()) }),
  /** What was done, `<target>.<verb>`: `series.update`, `order.refund`, `user.disable`, … */
  action: Type.String(),
  targetType: Type.String(),
  targetId: Nullable(Type.String()),
  summary: Type.String(),
  before: Type.Unknown(),
  after: Type.Unknown(),
  reason: Nullable(Type.String()),
  /** The address the change was made from (null for entries made before addresses were shown). */
  ip: Nullable(Type.String()),
  /** The series of an episode entry's episode (null for other entries, or a removed episode). */
  seriesId: Nullable(Type.Integer()),
});
export type AdminAuditEntry = Static<typeof AdminAuditEntrySchema>;
export const AdminAuditPageSchema = AdminPageOf(AdminAuditEntrySchema);

export const AdminAuditQuerySchema = Type.Object({
  ...AdminPageQuerySchema.properties,
  action: Type.Optional(Type.String({ maxLength: 60 })),
  targetType: Type.Optional(Type.String({ maxLength: 40 })),
  targetId: Type.Optional(Type.String({ maxLength: 100 })),
  actor: Type.Optional(Type.String({ maxLength: 254 })),
  sort: Type.Optional(LiteralUnion(AUDIT_SORTS)),
  dir: Type.Optional(LiteralUnion(SORT_DIRECTIONS)),
});
export type AdminAuditQuery = Static<typeof AdminAuditQuerySchema>;
export const AdminAuditExportQuerySchema = Type.Omit(AdminAuditQuerySchema, ['page', 'pageSize']);
