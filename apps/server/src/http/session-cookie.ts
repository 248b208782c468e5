import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE, USER_TOKEN_HEADER } from '@episodic/contract';

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
