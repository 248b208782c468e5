import {
  AdminInvitationAcceptInputSchema,
  AdminInvitationAcceptedSchema,
  AdminInvitationSchema,
  AdminInvitationTokenInputSchema,
  AdminInviteInputSchema,
  AdminTeamRoleInputSchema,
  AdminTeamSchema,
  EnvelopeOf,
  UuidParamsSchema,
} from '@episodic/contract';
import type { AppInstance } from '../../http/types';
import type { AdminRouteConfig } from '../../http/admin-guard';
import { ok } from '../../http/envelope';
import { operatorOf, recentOperatorOf } from './admin-deps';
import type { TeamService } from './team.service';

const tags = ['admin'];
const Team = { 200: EnvelopeOf(AdminTeamSchema) };
/** Opened by people who are not operators yet: the mailed token is the authority. */
const noSession: AdminRouteConfig = { consoleSignIn: true };

/** The console's team (owners only, by the route table): operators, roles and invitations. */
export function registerTeamRoutes(app: AppInstance, team: TeamService): void {
  app.get(
    '/api/admin/team',
    {
      schema: {
        tags,
        summary: 'Operators with their roles, last sign-in and status; open invitations',
        response: Team,
      },
    },
    async (req) => ok(await team.list(await operatorOf(req))),
  );

  app.post(
    '/api/admin/team/invitations',
    {
      schema: {
        tags,
        summary: 'Invite an address to the console with a role (a single-use link, valid 72 hours, is emailed)',
        body: AdminInviteInputSchema,
        response: Team,
      },
    },
    async (req) => ok(await team.invite(await recentOperatorOf(req), req.body)),
  );

  app.delete(
    '/api/admin/team/invitations/:id',
    { schema: { tags, summary: 'Withdraw an invitation', params: UuidParamsSchema, response: Team } },
    async (req) => ok(await team.withdraw(await operatorOf(req), req.params.id)),
  );

  app.put(
    '/api/admin/team/:id/role',
    {
      schema: {
        tags,
        summary: "Change an operator's role (never the last owner's, never your own)",
        params: UuidParamsSchema,
        body: AdminTeamRoleInputSchema,
        response: Team,
      },
    },
    async (req) => ok(await team.changeRole(await recentOperatorOf(req), req.params.id, req.body.role)),
  );

  app.post(
    '/api/admin/team/:id/disable',
    {
      schema: {
        tags,
        summary: 'Disable an operator: every session ends, sign-in is refused',
        params: UuidParamsSchema,
        response: Team,
      },
    },
    async (req) => ok(await team.disable(await recentOperatorOf(req), req.params.id)),
  );

  app.post(
    '/api/admin/team/:id/enable',
    { schema: { tags, summary: 'Enable a disabled operator again', params: UuidParamsSchema, response: Team } },
    async (req) => ok(await team.enable(await recentOperatorOf(req), req.params.id)),
  );

  app.delete(
    '/api/admin/team/:id',
    {
      schema: {
        tags,
        summary: 'Remove an operator from the team (the account stays, as a viewer)',
        params: UuidParamsSchema,
        response: Team,
      },
    },
    async (req) => ok(await team.remove(await recentOperatorOf(req), req.params.id)),
  );

  app.post(
    '/api/admin/invitations/check',
    {
      config: noSession,
      schema: {
        tags,
        summary: 'What an invitation link offers (rate-limited per address; the link stays unused)',
        body: AdminInvitationTokenInputSchema,
        response: { 200: EnvelopeOf(AdminInvitationSchema) },
      },
    },
    async (req) => ok(await team.checkInvitation(req.body.token, req.ip)),
  );

  app.post(
    '/api/admin/invitations/accept',
    {
      config: noSession,
      schema: {
        tags,
        summary: "Accept an invitation: set a password, or give the existing account's (single use)",
        body: AdminInvitationAcceptInputSchema,
        response: { 200: EnvelopeOf(AdminInvitationAcceptedSchema) },
      },
    },
    async (req) => ok(await team.acceptInvitation(req.body.token, req.body.password, req.ip)),
  );
}
