import type { FastifyInstance } from 'fastify';
import { ADMIN_SESSION_COOKIE, EnvelopeCode, SESSION_COOKIE } from '@episodic/contract';
import { sendErrorEnvelope } from './envelope';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Cross-site request forgery: a browser sends the session cookie along with a request another site
 * makes. The cookie is SameSite=Lax and the API takes JSON only, which already stops forms; on top,
 * a state-changing request that rides on the cookie must come from our own origin when the browser
 * says where it comes from (`Origin`, else `Referer`). Calls that carry the session in the
 * `X-User-Token` header (which no other site can read) and calls without a cookie are not affected.
 */
export function registerCsrfGuard(app: FastifyInstance, opts: { publicUrl: string }): void {
  const own = new URL(opts.publicUrl).origin;
  app.addHook('onRequest', async (req, reply) => {
    if (!UNSAFE.has(req.method) || !req.url.startsWith('/api/')) return;
    const cookie = req.headers.cookie;
    if (!cookie || !(cookie.includes(`${SESSION_COOKIE}=`) || cookie.includes(`${ADMIN_SESSION_COOKIE}=`))) return;
    const source = req.headers.origin ?? req.headers.referer;
    if (!source) return;
    let origin: string;
    try {
      origin = new URL(source).origin;
    } catch {
      origin = 'null';
    }
    const host = req.headers.host;
    if (origin === own || (host && (origin === `http://${host}` || origin === `https://${host}`))) return;
    return sendErrorEnvelope(reply, 403, EnvelopeCode.forbidden, 'This request came from another site and was refused.');
  });
}
