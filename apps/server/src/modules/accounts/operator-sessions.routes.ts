import {
  AdminReauthInputSchema,
  AdminSessionSchema,
  AdminSignInInputSchema,
  EmptySchema,
  EnvelopeOf,
} from '@episodic/contract';
import type { AppInstance } from '../../http/types';
import { ok } from '../../http/envelope';
import { requireOperator } from '../../http/auth';
import type { AdminRouteConfig } from '../../http/admin-guard';
import { clearOperatorCookie, issueOperatorCookie } from '../../http/session-cookie';
import { OPERATOR_SESSION_HOURS, type OperatorSessions } from './operator-sessions';

const tags = ['admin'];
const Session = { 200: EnvelopeOf(AdminSessionSchema) };

/**
 * The console's own sign-in, apart from the viewer app's: the session travels only in the operator
 * cookie. Signing in is the one console route the admin guard lets through without a console session.
 */
export function registerOperatorSessionRoutes(
  app: AppInstance,
  sessions: OperatorSessions,
  opts: { secureByDefault: boolean },
): void {
  const policy = { secureByDefault: opts.secureByDefault, maxAgeSeconds: OPERATOR_SESSION_HOURS * 60 * 60 };
  const signIn: AdminRouteConfig = { consoleSignIn: true };

  app.post(
    '/api/admin/session',
    {
      config: signIn,
      schema: {
        tags,
        summary: 'Sign in to the operator console (an operator account; rate-limited like the viewer sign-in)',
        body: AdminSignInInputSchema,
        response: Session,
      },
    },
    async (req, reply) => {
      const { session, token } = await sessions.signIn(req.body, {
        ip: req.ip,
        userAgent: req.ctx.userAgent,
        current: await req.operator(),
      });
      issueOperatorCookie(req, reply, token, policy);
      return ok(session);
    },
  );

  app.get(
    '/api/admin/session',
    { schema: { tags, summary: "The operator console's gate: who is signed in to the console", response: Session } },
    async (req) => ok(sessions.current(await requireOperator(req))),
  );

  app.post(
    '/api/admin/session/password',
    {
      schema: {
        tags,
        summary: 'Enter the password again (refunds, grants and role changes ask for it after 15 minutes)',
        body: AdminReauthInputSchema,
        response: Session,
      },
    },
    async (req) => ok(await sessions.confirmPassword(await requireOperator(req), req.body.password, { ip: req.ip })),
  );

  app.delete(
    '/api/admin/session',
    {
      schema: {
        tags,
        summary: 'Sign out of the console (the viewer app stays signed in)',
        response: { 200: EnvelopeOf(EmptySchema) },
      },
    },
    async (req, reply) => {
      await sessions.signOut(await req.operator(), { ip: req.ip, userAgent: req.ctx.userAgent });
      clearOperatorCookie(req, reply, policy);
      return ok({});
    },
  );
}
