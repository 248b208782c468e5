import type { FastifyRequest } from 'fastify';
import { ADMIN_SESSION_COOKIE, SESSION_COOKIE } from '@episodic/contract';

/** What every request may carry about who sent it and where they came from. */
export interface RequestContext {
  /** Session token from the HttpOnly cookie. */
  cookieToken: string | null;
  /** Session token from the X-User-Token header: the fallback when cookies are disabled. */
  headerToken: string | null;
  /** The operator console's session token: its own cookie, never a header. */
  operatorToken: string | null;
  refererToken: string | null;
  fbclid: string | null;
  ttclid: string | null;
  userAgent: string | null;
  ip: string;
}

const MAX_ID_LENGTH = 512;
const SAFE_ID = /^[\w.\-~:=+/]+$/;

/** Keeps a click id or token only when it is plausibly one: bounded and URL-safe. */
function cleanId(value: unknown): string | null {
  const raw = Array.isArray(value) ? value[0] : value;
  if (typeof raw !== 'string') return null;
  const v = raw.trim();
  return v.length > 0 && v.length <= MAX_ID_LENGTH && SAFE_ID.test(v) ? v : null;
}

function param(req: FastifyRequest, name: string): unknown {
  const query = req.query as Record<string, unknown> | undefined;
  if (query && typeof query === 'object' && name in query) return query[name];
  const body = req.body as Record<string, unknown> | undefined;
  if (body && typeof body === 'object' && !Array.isArray(body) && name in body) return body[name];
  return undefined;
}

/** Reads the context once; a click id in the params wins over the stored one in the header. */
export function readRequestContext(req: FastifyRequest): RequestContext {
  const ua = req.headers['user-agent'];
  return {
    cookieToken: cleanId(req.cookies?.[SESSION_COOKIE]),
    headerToken: cleanId(req.headers['x-user-token']),
    operatorToken: cleanId(req.cookies?.[ADMIN_SESSION_COOKIE]),
    refererToken: cleanId(req.headers['x-user-referer-token']),
    fbclid: cleanId(param(req, 'fbclid')) ?? cleanId(req.headers['fbclid']),
    ttclid: cleanId(param(req, 'ttclid')) ?? cleanId(req.headers['ttclid']),
    userAgent: typeof ua === 'string' ? ua.slice(0, 512) : null,
    ip: req.ip,
  };
}
