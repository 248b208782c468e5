import type { FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_SESSION_COOKIE, ADMIN_SESSION_PATH, SESSION_COOKIE, USER_TOKEN_HEADER } from '@episodic/contract';

export interface CookiePolicy {
  /** Secure cookies: always behind https, or when the request arrived over https. */
  secureByDefault: boolean;
  maxAgeSeconds: number;
}

/** Hands a new session token to the client: HttpOnly cookie, plus the header for cookieless clients. */
export function issueSessionToken(req: FastifyRequest, reply: FastifyReply, token: string, policy: CookiePolicy): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: policy.secureByDefault || req.protocol === 'https',
    path: '/',
    maxAge: policy.maxAgeSeconds,
  });
  reply.header(USER_TOKEN_HEADER, token);
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/**
 * Hands a new console session to the browser: its own HttpOnly cookie, sent only to the console
 * API (its path) and only from our own site (SameSite=Strict). Never a header: page scripts, the
 * viewer app's pixels included, cannot read it.
 */
export function issueOperatorCookie(
  req: FastifyRequest,
  reply: FastifyReply,
  token: string,
  policy: CookiePolicy,
): void {
  reply.setCookie(ADMIN_SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: policy.secureByDefault || req.protocol === 'https',
    path: ADMIN_SESSION_PATH,
    maxAge: policy.maxAgeSeconds,
  });
}

export function clearOperatorCookie(
  req: FastifyRequest,
  reply: FastifyReply,
  policy: Pick<CookiePolicy, 'secureByDefault'>,
): void {
  reply.clearCookie(ADMIN_SESSION_COOKIE, {
    path: ADMIN_SESSION_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: policy.secureByDefault || req.protocol === 'https',
  });
}
