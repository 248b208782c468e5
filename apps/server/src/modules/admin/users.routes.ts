import {
  AdminDisableInputSchema,
  AdminEnableInputSchema,
  AdminGrantInputSchema,
  AdminUserExportQuerySchema,
  AdminRoleInputSchema,
  AdminRevokeUnlockInputSchema,
  AdminStopRenewalInputSchema,
  AdminUnlockParamsSchema,
  AdminUserPageSchema,
  AdminUserQuerySchema,
  AdminUserSchema,
  EnvelopeOf,
  UuidParamsSchema,
} from '@episodic/contract';
import type { AppInstance } from '../../http/types';
import { ok } from '../../http/envelope';
import { operatorOf, paging, recentOperatorOf } from './admin-deps';
import type { UsersService } from './users.service';
import type { UserAccessService } from './user-access.service';
import { sendCsv } from './csv';
import { USER_CSV_HEADER, userCsvLine } from './exports';

const tags = ['admin'];
const User = { 200: EnvelopeOf(AdminUserSchema) };

export function registerUsersRoutes(app: AppInstance, users: UsersService, access: UserAccessService): void {
  app.get(
    '/api/admin/users',
    {
      schema: {
        tags,
        summary: 'Find accounts by email or id',
        querystring: AdminUserQuerySchema,
        response: { 200: EnvelopeOf(AdminUserPageSchema) },
      },
    },
    async (req) => {
      const { q, filter, sort, dir } = req.query;
      return ok(await users.searchUsers({ ...paging(req.query), q, filter, sort, dir }));
    },
  );

  app.get(
    '/api/admin/users/export',
    {
      schema: {
        tags,
        summary: 'The accounts a search finds, every page, as a CSV download (UTC times)',
        querystring: AdminUserExportQuerySchema,
      },
    },
    async (req, reply) => {
      const { q, filter, sort, dir } = req.query;
      return sendCsv(reply, 'users', USER_CSV_HEADER, users.exportUsers({ q, filter, sort, dir }), userCsvLine);
    },
  );

  app.get(
    '/api/admin/users/:id',
    {
      schema: {
        tags,
        summary: 'One account: money, orders, unlocks, history and attribution',
        params: UuidParamsSchema,
        response: User,
      },
    },
    async (req) => ok(await users.getUser(req.params.id)),
  );

  app.post(
    '/api/admin/users/:id/disable',
    {
      schema: {
        tags,
        summary: 'Disable an account: every session ends, sign-in is refused',
        params: UuidParamsSchema,
        body: AdminDisableInputSchema,
        response: User,
      },
    },
    async (req) => ok(await users.disableUser(await operatorOf(req), req.params.id, req.body.reason)),
  );

  app.post(
    '/api/admin/users/:id/enable',
    {
      schema: {
        tags,
        summary: 'Let a disabled account sign in again',
        params: UuidParamsSchema,
        body: AdminEnableInputSchema,
        response: User,
      },
    },
    async (req) => ok(await users.enableUser(await operatorOf(req), req.params.id, req.body.reason ?? '')),
  );

  app.post(
    '/api/admin/users/:id/grants',
    {
      schema: {
        tags,
        summary: 'Give coins or membership days, with a reason (idempotent per requestId)',
        params: UuidParamsSchema,
        body: AdminGrantInputSchema,
        response: User,
      },
    },
    async (req) => ok(await users.grant(await recentOperatorOf(req), req.params.id, req.body)),
  );

  app.post(
    '/api/admin/users/:id/role',
    {
      schema: {
        tags,
        summary: 'Give or remove operator access (removing it ends their console sessions)',
        params: UuidParamsSchema,
        body: AdminRoleInputSchema,
        response: User,
      },
    },
    async (req) =>
      ok(
        await users.setRole(
          await recentOperatorOf(req),
          req.params.id,
          req.body.role,
          req.body.reason,
          req.body.operatorRole,
        ),
      ),
  );

  app.post(
    '/api/admin/users/:id/unlocks/:episodeId/revoke',
    {
      schema: {
        tags,
        summary: 'Take one unlock away (no coins come back); idempotent',
        params: AdminUnlockParamsSchema,
        body: AdminRevokeUnlockInputSchema,
        response: User,
      },
    },
    async (req) =>
      ok(await access.revokeUnlock(await recentOperatorOf(req), req.params.id, req.params.episodeId, req.body.reason)),
  );

  app.post(
    '/api/admin/users/:id/membership/stop-renewal',
    {
      schema: {
        tags,
        summary: "Stop a membership's auto-renewal; it stays until the end of the paid period; idempotent",
        params: UuidParamsSchema,
        body: AdminStopRenewalInputSchema,
        response: User,
      },
    },
    async (req) => ok(await access.stopAutoRenewal(await recentOperatorOf(req), req.params.id, req.body.reason)),
  );
}
