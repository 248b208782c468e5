import type { FastifyRequest } from 'fastify';
import { loginRequired, forbidden } from './errors';

/** The signed-in (or guest) principal behind a request. */
export interface AuthUser {
  userId: string;
  sessionId: string;
  role: 'viewer' | 'admin';
  isGuest: boolean;
  /** Which carrier held the token that resolved. */
  via: 'cookie' | 'header';
}

/** Looks a raw session token up; null when unknown, expired, revoked or the user is disabled. */
export type SessionResolver = (token: string) => Promise<Omit<AuthUser, 'via'> | null>;

/** Resolves the request's session once (cookie first, then header), memoized per request. */
export function resolveAuth(req: FastifyRequest, resolver: SessionResolver): Promise<AuthUser | null> {
  req.authPromise ??= (async () => {
    const { cookieToken, headerToken } = req.ctx;
    if (cookieToken) {
      const found = await resolver(cookieToken);
      if (found) return { ...found, via: 'cookie' as const };
    }
    if (headerToken && headerToken !== cookieToken) {
      const found = await resolver(headerToken);
      if (found) return { ...found, via: 'header' as const };
    }
    return null;
  })();
  return req.authPromise;
}

/** Any session, guest included. */
export async function requireSession(req: FastifyRequest): Promise<AuthUser> {
  const auth = await req.auth();
  if (!auth) throw loginRequired();
  return auth;
}

/** A registered (non-guest) account. */
export async function requireAccount(req: FastifyRequest): Promise<AuthUser> {
  const auth = await req.auth();
  if (!auth || auth.isGuest) throw loginRequired();
  return auth;
}

/** An operator. */
export async function requireAdmin(req: FastifyRequest): Promise<AuthUser> {
  const auth = await requireAccount(req);
  if (auth.role !== 'admin') throw forbidden('This account has no operator access.');
  return auth;
}
