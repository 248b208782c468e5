import {
  ChangePasswordInputSchema,
  DeleteAccountInputSchema,
  EmptySchema,
  EnvelopeOf,
  ForgotPasswordInputSchema,
  LinkTokenInputSchema,
  LoginInputSchema,
  LogoutInputSchema,
  ProfileInputSchema,
  RegisterInputSchema,
  ResetLinkStateSchema,
  ResetPasswordInputSchema,
  USER_TOKEN_HEADER,
  UserSchema,
  type User,
} from '@episodic/contract';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../http/types';
import { ok } from '../../http/envelope';
import { requireAccount, requireSession } from '../../http/auth';
import { requestLanguage } from '../../http/language';
import { clearSessionCookie, issueSessionToken, type CookiePolicy } from '../../http/session-cookie';
import type { AccountsService, Caller } from './accounts.service';
import { PENDING_LINK_COOKIE, PENDING_LINK_PATH } from './facebook.routes';

const UserEnvelope = { 200: EnvelopeOf(UserSchema) };
const EmptyEnvelope = { 200: EnvelopeOf(EmptySchema) };

async function caller(req: FastifyRequest): Promise<Caller> {
  return { auth: await req.auth(), ip: req.ip, userAgent: req.ctx.userAgent };
}

export function registerAccountsRoutes(app: AppInstance, accounts: AccountsService, cookies: CookiePolicy): void {
  const serializedUsers = new WeakMap<User, string>();
  app.get(
    '/api/user',
    {
      schema: {
        tags: ['accounts'],
        summary: 'The current user; a new visitor gets a guest account and its token in the x-user-token header',
        response: UserEnvelope,
      },
    },
    async (req, reply) => {
      const auth = await req.auth();
      const { user, token } = await accounts.currentOrGuest(auth, req.ctx.userAgent, req.ip);
      if (token) issueSessionToken(req, reply, token, cookies);
      // A client holding a stale stored token (say, from before a redirect sign-in) gets the live one back.
      else if (auth?.via === 'cookie' && req.ctx.headerToken && req.ctx.headerToken !== req.ctx.cookieToken)
        reply.header(USER_TOKEN_HEADER, req.ctx.cookieToken);
      // Every page asks this: a user kept in the session cache is answered with its envelope as
      // serialized the first time (the cache hands out the same object until a write replaces it).
      let body = serializedUsers.get(user);
      if (body === undefined) {
        body = reply.serialize(ok(user)) as string;
        serializedUsers.set(user, body);
      }
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );

  app.post(
    '/api/user/register',
    {
      schema: {
        tags: ['accounts'],
        summary: "Create an account (a guest's data stays with it)",
        body: RegisterInputSchema,
        response: UserEnvelope,
      },
    },
    async (req, reply) => {
      const { email = '', password = '', confirmPassword = '', agree = false } = req.body;
      const { user, token } = await accounts.register(
        { email, password, confirmPassword, agree },
        await caller(req),
        requestLanguage(req),
      );
      issueSessionToken(req, reply, token, cookies);
      return ok(user);
    },
  );

  app.post(
    '/api/user/login',
    {
      schema: {
        tags: ['accounts'],
        summary: "Sign in with email and password (a guest's data moves to the account)",
        body: LoginInputSchema,
        response: UserEnvelope,
      },
    },
    async (req, reply) => {
      const { user, token } = await accounts.login(req.body, await caller(req));
      issueSessionToken(req, reply, token, cookies);
      // A Facebook sign-in of this browser that waited for this account's password is linked now.
      const pending = req.cookies[PENDING_LINK_COOKIE];
      if (pending) {
        reply.clearCookie(PENDING_LINK_COOKIE, { path: PENDING_LINK_PATH });
        // Linking may have verified the email: the answer shows the account as it is now.
        if (await accounts.completePendingLink(pending, user.id)) return ok(await accounts.getUser(user.id));
      }
      return ok(user);
    },
  );

  app.post(
    '/api/user/logout',
    {
      schema: {
        tags: ['accounts'],
        summary: "End this device's session, or every session (everywhere: true)",
        body: LogoutInputSchema,
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
    {
      schema: {
        tags: ['accounts'],
        summary: 'Email a single-use reset link (the same answer whether or not the email has an account)',
        body: ForgotPasswordInputSchema,
        response: EmptyEnvelope,
      },
    },
    async (req) => {
      await accounts.forgotPassword(req.body.email ?? '', requestLanguage(req), req.ip);
      return ok({});
    },
  );

  app.post(
    '/api/user/password/reset/check',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Whether an emailed reset link still works, without using it',
        body: LinkTokenInputSchema,
        response: { 200: EnvelopeOf(ResetLinkStateSchema) },
      },
    },
    async (req) => ok({ usable: await accounts.checkResetLink(req.body.token, req.ip) }),
  );

  app.post(
    '/api/user/password/reset',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Set a new password from an emailed link',
        body: ResetPasswordInputSchema,
        response: UserEnvelope,
      },
    },
    async (req, reply) => {
      const { token, password = '', confirmPassword = '' } = req.body;
      const result = await accounts.resetPassword({ token, password, confirmPassword }, await caller(req));
      issueSessionToken(req, reply, result.token, cookies);
      return ok(result.user);
    },
  );

  app.post(
    '/api/user/email/verify',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Complete an emailed verification link (once); signs nobody in',
        body: LinkTokenInputSchema,
        response: EmptyEnvelope,
      },
    },
    async (req) => {
      await accounts.verifyEmail(req.body.token);
      return ok({});
    },
  );

  app.post(
    '/api/user/email/verification',
    {
      schema: {
        tags: ['accounts'],
        summary: "Email a new verification link for the account's address",
        body: EmptySchema,
        response: EmptyEnvelope,
      },
    },
    async (req) => {
      await accounts.resendVerification(await requireAccount(req), req.ip);
      return ok({});
    },
  );

  app.post(
    '/api/user/session/exchange',
    {
      schema: {
        tags: ['accounts'],
        summary:
          "Trade a session token that arrived in a link for the visitor's own session; the link's token is revoked",
        body: LinkTokenInputSchema,
        response: UserEnvelope,
      },
    },
    async (req, reply) => {
      const auth = await req.auth();
      const ownToken = auth?.via === 'cookie' ? req.ctx.cookieToken : req.ctx.headerToken;
      // The stored link token rides in the header too: a session it opened is not the visitor's own. The
      // HttpOnly cookie, which no link can set, is.
      const own = auth && !(auth.via === 'header' && ownToken === req.body.token) ? auth : null;
      const { user, token } = await accounts.exchangeLinkToken(req.body.token, own, req.ctx.userAgent, req.ip);
      if (token) issueSessionToken(req, reply, token, cookies);
      // The client stored the link's token: it gets its own back in its place.
      else if (ownToken) reply.header(USER_TOKEN_HEADER, ownToken);
      return ok(user);
    },
  );

  app.post(
    '/api/user/password',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Change the password (other devices are signed out)',
        body: ChangePasswordInputSchema,
        response: EmptyEnvelope,
      },
    },
    async (req) => {
      const { currentPassword, password = '', confirmPassword = '' } = req.body;
      await accounts.changePassword(await requireAccount(req), { currentPassword, password, confirmPassword });
      return ok({});
    },
  );

  app.post(
    '/api/user/profile',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Update language and the auto-unlock preference',
        body: ProfileInputSchema,
        response: UserEnvelope,
      },
    },
    async (req) => ok(await accounts.updateProfile(await requireSession(req), req.body)),
  );

  app.get(
    '/api/user/export',
    { schema: { tags: ['accounts'], summary: 'Download everything kept about the viewer, as JSON' } },
    async (req, reply) => {
      const data = await accounts.exportData(await requireSession(req));
      return reply
        .header(
          'content-disposition',
          `attachment; filename="episodic-data-${new Date().toISOString().slice(0, 10)}.json"`,
        )
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(data, null, 2));
    },
  );

  app.post(
    '/api/user/delete',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Delete the account and everything it owns',
        body: DeleteAccountInputSchema,
        response: EmptyEnvelope,
      },
    },
    async (req, reply) => {
      await accounts.deleteAccount(await requireAccount(req), req.body.password);
      clearSessionCookie(reply);
      return ok({});
    },
  );
}
