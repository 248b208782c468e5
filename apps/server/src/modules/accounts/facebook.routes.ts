import {
  EnvelopeOf,
  isLanguage,
  type Language,
  FacebookCallbackQuerySchema,
  FacebookStartQuerySchema,
  SignInProvidersSchema,
} from '@episodic/contract';
import type { AppInstance } from '../../http/types';
import { ok } from '../../http/envelope';
import { issueSessionToken, type CookiePolicy } from '../../http/session-cookie';
import { FacebookSignInError, PENDING_LINK_MINUTES, safeReturnTo, type FacebookSignIn } from './facebook-sign-in';

const STATE_COOKIE = 'episodic_oauth';
/** The language a viewer chose before leaving for Facebook, which their account takes on the way back. */
const LANGUAGE_COOKIE = 'episodic_oauth_lang';

/** `path` with `lang` set: the app that loads there starts in that language. */
function withLanguage(path: string, language: Language): string {
  const url = new URL(path, 'http://app.invalid');
  url.searchParams.set('lang', language);
  return `${url.pathname}${url.search}${url.hash}`;
}
/** Binds a Facebook sign-in that waits for an account's password to this browser (read by sign-in). */
export const PENDING_LINK_COOKIE = 'episodic_link';
export const PENDING_LINK_PATH = '/api/user';

/** Facebook sign-in: the redirect out, the callback back, and whether it is offered at all. */
export function registerFacebookRoutes(
  app: AppInstance,
  facebook: FacebookSignIn | null,
  cookies: CookiePolicy,
  saveLanguage: (userId: string, language: Language) => Promise<void>,
): void {
  app.get(
    '/api/user/providers',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Sign-in providers offered besides email',
        response: { 200: EnvelopeOf(SignInProvidersSchema) },
      },
    },
    async () => ok({ facebook: facebook !== null }),
  );

  app.get(
    '/api/user/oauth/facebook',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Redirects to the Facebook sign-in dialog',
        querystring: FacebookStartQuerySchema,
      },
    },
    async (req, reply) => {
      if (!facebook) return reply.redirect('/login?error=facebook_unavailable');
      const { url, state } = await facebook.start(req.query.returnTo);
      const options = {
        httpOnly: true,
        sameSite: 'lax',
        secure: cookies.secureByDefault || req.protocol === 'https',
        path: '/api/user/oauth',
        maxAge: 600,
      } as const;
      reply.setCookie(STATE_COOKIE, state, options);
      if (req.query.lang) reply.setCookie(LANGUAGE_COOKIE, req.query.lang, options);
      else reply.clearCookie(LANGUAGE_COOKIE, { path: '/api/user/oauth' });
      return reply.header('cache-control', 'no-store').redirect(url);
    },
  );

  app.get(
    '/api/user/oauth/facebook/callback',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Where Facebook sends the browser back; signs in and redirects into the app',
        querystring: FacebookCallbackQuerySchema,
      },
    },
    async (req, reply) => {
      const chosen = req.cookies[LANGUAGE_COOKIE];
      reply
        .header('cache-control', 'no-store')
        .clearCookie(STATE_COOKIE, { path: '/api/user/oauth' })
        .clearCookie(LANGUAGE_COOKIE, { path: '/api/user/oauth' });
      if (!facebook) return reply.redirect('/login?error=facebook_unavailable');
      try {
        const result = await facebook.finish(req.query, req.cookies[STATE_COOKIE], {
          auth: await req.auth(),
          ip: req.ip,
          userAgent: req.ctx.userAgent,
        });
        // Checked again on the way out: a stored target predates any change of the rule.
        const returnTo = safeReturnTo(result.returnTo);
        if (result.error)
          return reply.redirect(
            `/login?error=facebook_${result.error.reason}&returnTo=${encodeURIComponent(returnTo)}`,
          );
        if (result.pendingLink) {
          // An account holds this email but the address is not proven on both sides: its password decides.
          reply.setCookie(PENDING_LINK_COOKIE, result.pendingLink, {
            httpOnly: true,
            sameSite: 'lax',
            secure: cookies.secureByDefault || req.protocol === 'https',
            path: PENDING_LINK_PATH,
            maxAge: PENDING_LINK_MINUTES * 60,
          });
          return reply.redirect(`/login?error=facebook_link&returnTo=${encodeURIComponent(returnTo)}`);
        }
        const { user, token } = result.session!;
        issueSessionToken(req, reply, token, cookies);
        // The app loads anew in the account's language, or keeps the one chosen before, which the account takes.
        let language = user.language;
        if (isLanguage(chosen) && chosen !== language) {
          await saveLanguage(user.id, chosen);
          language = chosen;
        }
        return reply.redirect(withLanguage(returnTo, language));
      } catch (err) {
        const reason = err instanceof FacebookSignInError ? err.reason : 'failed';
        req.log.warn({ reason, detail: (err as Error).message }, 'facebook sign-in did not complete');
        return reply.redirect(`/login?error=facebook_${reason}`);
      }
    },
  );
}
