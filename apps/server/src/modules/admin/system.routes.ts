import {
  AdminAuditExportQuerySchema,
  AdminAuditPageSchema,
  AdminAuditQuerySchema,
  AdminConfigKeyParamsSchema,
  AdminConfigValueInputSchema,
  AdminDashboardQuerySchema,
  AdminDashboardSchema,
  AdminSettingsSchema,
  EnvelopeOf,
} from '@episodic/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { AppInstance } from '../../http/types';
import { ok } from '../../http/envelope';
import { operatorOf, paging } from './admin-deps';
import { exportAudit, listAudit } from './audit';
import { sendCsv } from './csv';
import { AUDIT_CSV_HEADER, auditCsvLine } from './exports';
import type { AdminSettingsService } from './settings.service';
import type { DashboardService } from './dashboard.service';

const tags = ['admin'];

export function registerSystemRoutes(
  app: AppInstance,
  db: Kysely<DB>,
  settings: AdminSettingsService,
  dashboard: DashboardService,
): void {
  app.get(
    '/api/admin/dashboard',
    {
      schema: {
        tags,
        summary: 'Plays, sign-ups, sales, memberships and conversions by source for a period (UTC days)',
        querystring: AdminDashboardQuerySchema,
        response: { 200: EnvelopeOf(AdminDashboardSchema) },
      },
    },
    async (req) => ok(await dashboard.dashboard(req.query)),
  );

  app.get(
    '/api/admin/audit',
    {
      schema: {
        tags,
        summary: 'The audit log: who changed what, before and after, newest first',
        querystring: AdminAuditQuerySchema,
        response: { 200: EnvelopeOf(AdminAuditPageSchema) },
      },
    },
    async (req) => {
      const { action, targetType, targetId, actor, sort, dir } = req.query;
      return ok(await listAudit(db, { ...paging(req.query, 50), action, targetType, targetId, actor, sort, dir }));
    },
  );

  app.get(
    '/api/admin/audit/export',
    {
      schema: {
        tags,
        summary: 'The audit entries a filter finds, every page, as a CSV download (UTC times)',
        querystring: AdminAuditExportQuerySchema,
      },
    },
    async (req, reply) => {
      const { action, targetType, targetId, actor, sort, dir } = req.query;
      const rows = exportAudit(db, { action, targetType, targetId, actor, sort, dir });
      return sendCsv(reply, 'audit-log', AUDIT_CSV_HEADER, rows, auditCsvLine);
    },
  );

  app.get(
    '/api/admin/settings',
    {
      schema: {
        tags,
        summary: 'The configuration list, mail status and payment providers',
        response: { 200: EnvelopeOf(AdminSettingsSchema) },
      },
    },
    async () => ok(await settings.overview()),
  );

  app.put(
    '/api/admin/settings/config/:key',
    {
      schema: {
        tags,
        summary: 'Set a configuration value (a new key is added)',
        params: AdminConfigKeyParamsSchema,
        body: AdminConfigValueInputSchema,
        response: { 200: EnvelopeOf(AdminSettingsSchema) },
      },
    },
    async (req) => ok(await settings.setConfig(await operatorOf(req), req.params.key, req.body.value)),
  );

  app.delete(
    '/api/admin/settings/config/:key',
    {
      schema: {
        tags,
        summary: 'Remove a configuration key the product does not read',
        params: AdminConfigKeyParamsSchema,
        response: { 200: EnvelopeOf(AdminSettingsSchema) },
      },
    },
    async (req) => ok(await settings.deleteConfig(await operatorOf(req), req.params.key)),
  );
}
