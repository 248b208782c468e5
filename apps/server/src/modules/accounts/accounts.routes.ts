import { Type } from 'typebox';
import { EmptySchema, EnvelopeOf, LanguageSchema, USER_TOKEN_HEADER, UserSchema } from '@episodic/contract';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../http/types';
import { ok } from '../../http/envelope';
import { requireAccount, requireAdmin, requireSession } from '../../http/auth';
import { requestLanguage } from '../../http/language';
import { clearSessionCookie, issueSessionToken, type CookiePolicy } from '../../http/session-cookie';
import type { AccountsService, Caller } from './accounts.service';
import { PASSWORD_MAX } from './password-rules';

// Fields are optional in the schemas so the service can answer with the form's own prompts.
const Email = Type.Optional(Type.String({ maxLength: 254 }));
const Password = Type.Optional(Type.String({ maxLength: PASSWORD_MAX }));

const LoginBody = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX }),
});
const RegisterBody = Type.Object({ email: Email, password: Password, confirmPassword: Password, agree: Type.Optional(Type.Boolean()) });
const ResetBody = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }), password: Password, confirmPassword: Password });
const ChangePasswordBody = Type.Object({ currentPassword: Type.String({ minLength: 1, maxLength: PASSWORD_MAX }), password: Password, confirmPassword: Password });
const ProfileBody = Type.Object({ language: Type.Optional(LanguageSchema), autoUnlock: Type.Optional(Type.Boolean()) });
const AdminSession = Type.Object({ id: Type.String(), email: Type.String(), role: Type.Literal('admin') });
const UserEnvelope = { 200: EnvelopeOf(UserSchema) };
const EmptyEnvelope = { 200: EnvelopeOf(EmptySchema) };

async function caller(req: FastifyRequest): Promise<Caller> {
  return { auth: await req.auth(), ip: req.ip, userAgent: req.ctx.userAgent };
}

export function registerAccountsRoutes(app: AppInstance, accounts: AccountsService, cookies: CookiePolicy): void {
  app.get(
    '/api/user',
    { schema: { tags: ['accounts'], summary: 'The current user; a new visitor gets a guest account and its token in the x-user-token header', response: UserEnvelope } },
    async (req, reply) => {
      const auth = await req.auth();
      const { user, token } = await accounts.currentOrGuest(auth, req.ctx.userAgent, req.ip);
      if (token) issueSessionToken(req, reply, token, cookies);
      // A client holding a stale stored token (say, from before a redirect sign-in) gets the live one back.
      else if (auth?.via === 'cookie' && req.ctx.headerToken && req.ctx.headerToken !== req.ctx.cookieToken) reply.header(USER_TOKEN_HEADER, req.ctx.cookieToken);
      return ok(user);
    },
  );

  app.post(
    '/api/user/register',
    { schema: { tags: ['accounts'], summary: "Create an account (a guest's data stays with it)", body: RegisterBody, response: UserEnvelope } },
    async (req, reply) => {
      const { email = '', password = '', confirmPassword = '', agree = false } = req.body;
      const { user, token } = await accounts.register({ email, password, confirmPassword, agree }, await caller(req));
      issueSessionToken(req, reply, token, cookies);
      return ok(user);
    },
  );

  app.post(
    '/api/user/login',
    { schema: { tags: ['accounts'], summary: "Sign in with email and password (a guest's data moves to the account)", body: LoginBody, response: UserEnvelope } },
    async (req, reply) => {
      const { user, token } = await accounts.login(req.body, await caller(req));
      issueSessionToken(req, reply, token, cookies);
      return ok(user);
    },
  );

  app.post(
    '/api/user/logout',
    {
      schema: {
        tags: ['accounts'],
        summary: "End this device's session, or every session (everywhere: true)",
        body: Type.Object({ everywhere: Type.Optional(Type.Boolean()) }),
        response: EmptyEnvelope,
      },
    },
    async (req, reply) => {
      await accounts.logout(await req.auth(), req.body.everywhere ?? false);
      clearSessionCookie(reply);
      return ok({});
    },
  );

  app.post(
    '/api/user/password/forgot',
    { schema: { tags: ['accounts'], summary: 'Email a single-use reset link (the same answer whether or not the email has an account)', body: Type.Object({ email: Email }), response: EmptyEnvelope } },
    async (req) => {
      await accounts.forgotPassword(req.body.email ?? '', requestLanguage(req), req.ip);
      return ok({});
    },
  );

  app.post(
    '/api/user/password/reset',
    { schema: { tags: ['accounts'], summary: 'Set a new password from an emailed link', body: ResetBody, response: UserEnvelope } },
    async (req, reply) => {
      const { token, password = '', confirmPassword = '' } = req.body;
      const result = await accounts.resetPassword({ token, password, confirmPassword }, await caller(req));
      issueSessionToken(req, reply, result.token, cookies);
      return ok(result.user);
    },
  );

  app.post(
    '/api/user/password',
    { schema: { tags: ['accounts'], summary: 'Change the password (other devices are signed out)', body: ChangePasswordBody, response: EmptyEnvelope } },
    async (req) => {
      const { currentPassword, password = '', confirmPassword = '' } = req.body;
      await accounts.changePassword(await requireAccount(req), { currentPassword, password, confirmPassword });
      return ok({});
    },
  );

  app.post(
    '/api/user/profile',
    { schema: { tags: ['accounts'], summary: 'Update language and the auto-unlock preference', body: ProfileBody, response: UserEnvelope } },
    async (req) => ok(await accounts.updateProfile(await requireSession(req), req.body)),
  );

  app.get(
    '/api/user/export',
    { schema: { tags: ['accounts'], summary: 'Download everything kept about the viewer, as JSON' } },
    async (req, reply) => {
      const data = await accounts.exportData(await requireSession(req));
      return reply
        .header('content-disposition', `attachment; filename="episodic-data-${new Date().toISOString().slice(0, 10)}.json"`)
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(data, null, 2));
    },
  );

  app.post(
    '/api/user/delete',
    { schema: { tags: ['accounts'], summary: 'Delete the account and everything it owns', body: Type.Object({ password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX }) }), response: EmptyEnvelope } },
    async (req, reply) => {
      await accounts.deleteAccount(await requireAccount(req), req.body.password);
      clearSessionCookie(reply);
      return ok({});
    },
  );

  app.get(
    '/api/admin/session',
    { schema: { tags: ['admin'], summary: "The operator console's gate: who is signed in, if an admin", response: { 200: EnvelopeOf(AdminSession) } } },
    async (req) => ok(await accounts.adminSession(await requireAdmin(req))),
  );
}
