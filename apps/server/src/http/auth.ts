import type { FastifyRequest } from 'fastify';
import { ADMIN_REAUTH_MINUTES, EnvelopeCode, REAUTH_REQUIRED } from '@episodic/contract';
import type { OperatorRole } from '@episodic/contract/constants';
import { AppError, loginRequired, forbidden } from './errors';

/** The signed-in (or guest) principal behind a request. */
export interface AuthUser {
  userId: string;
  sessionId: string;
  role: 'viewer' | 'admin';
  isGuest: boolean;
  /** Which carrier held the token that resolved. */
  via: 'cookie' | 'header';
}

/**
 * Looks a raw session token up; null when unknown, expired, revoked or the user is disabled. The
 * principal it answers names the carrier it was told (no copy per request to add it).
 */
export type SessionResolver = (token: string, via: AuthUser['via']) => Promise<AuthUser | null>;

/** Resolves the request's session once (cookie first, then header), memoized per request. */
export function resolveAuth(req: FastifyRequest, resolver: SessionResolver): Promise<AuthUser | null> {
  return (req.authPromise ??= lookUpSession(req.ctx.cookieToken, req.ctx.headerToken, resolver));
}

async function lookUpSession(
  cookieToken: string | null,
  headerToken: string | null,
  resolver: SessionResolver,
): Promise<AuthUser | null> {
  if (cookieToken) {
    const found = await resolver(cookieToken, 'cookie');
    if (found) return found;
  }
  return headerToken && headerToken !== cookieToken ? resolver(headerToken, 'header') : null;
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

/** The operator behind a console session (the operator cookie only). */
export interface OperatorAuth {
  userId: string;
  sessionId: string;
  email: string;
  /** The account's role now: a session outlives a removed role only to be refused. */
  role: 'viewer' | 'admin';
  /** The console role now (null once operator access is removed): what the route table allows. */
  operatorRole: OperatorRole | null;
  /** When the operator last entered the password. */
  passwordAt: Date;
  expiresAt: Date;
}

/** Looks a raw operator token up; null when unknown, expired, revoked, not an operator session or the user is disabled. */
export type OperatorResolver = (token: string) => Promise<OperatorAuth | null>;

/** Resolves the request's operator session once, from the operator cookie alone (never a header). */
export function resolveOperator(req: FastifyRequest, resolver: OperatorResolver): Promise<OperatorAuth | null> {
  req.operatorPromise ??= (async () => {
    const token = req.ctx.operatorToken;
    return token ? resolver(token) : null;
  })();
  return req.operatorPromise;
}

/**
 * An operator, by the console's own session. The viewer session is read only to choose the refusal:
 * a registered non-operator account is told it has no access (403); anyone else, an operator's
 * viewer session included, is asked to sign in to the console (401).
 */
export async function requireOperator(req: FastifyRequest): Promise<OperatorAuth & { operatorRole: OperatorRole }> {
  const operator = await req.operator();
  if (operator?.role === 'admin' && operator.operatorRole) return { ...operator, operatorRole: operator.operatorRole };
  if (operator) throw forbidden('no_operator_access', 'This account has no operator access.');
  const viewer = await req.auth();
  if (viewer && !viewer.isGuest && viewer.role !== 'admin')
    throw forbidden('no_operator_access', 'This account has no operator access.');
  throw loginRequired('console_login_required', 'Please sign in to the console to continue.');
}

/** The answer that makes the console ask for the password again, then repeat the action. */
export const reauthRequired = () =>
  new AppError(EnvelopeCode.loginRequired, 'Please enter your password again to continue.', REAUTH_REQUIRED);

/** An operator who entered the password within the last ADMIN_REAUTH_MINUTES (refunds, grants, role changes). */
export async function requireRecentPassword(
  req: FastifyRequest,
  now = Date.now(),
): Promise<OperatorAuth & { operatorRole: OperatorRole }> {
  const operator = await requireOperator(req);
  if (now - operator.passwordAt.getTime() > ADMIN_REAUTH_MINUTES * 60_000) throw reauthRequired();
  return operator;
}
