import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EnvelopeCode } from '@episodic/contract';
import { sendErrorEnvelope } from './envelope';
import { isConsoleApi } from './console-origin';
import { routePath } from './route-path';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Body types a state-changing route takes besides JSON (a tus upload's bytes, a picture, a form
     * of a server-made page). Every other type is refused with 415 before the body is read.
     */
    bodyTypes?: readonly string[];
    /**
     * The request carries its own credential (a provider's signature, an unguessable address), not
     * the browser's cookies: it may come without an `Origin` even in a form's body type.
     */
    ownCredential?: boolean;
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Body types another site's form (or a no-cors fetch) can send without asking first (CORS "simple" types). */
const FORM_TYPES = new Set(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data']);

const mediaType = (req: FastifyRequest): string =>
  (req.headers['content-type'] ?? '').split(';', 1)[0]!.trim().toLowerCase();

function originOf(source: string): string {
  try {
    return new URL(source).origin;
  } catch {
    return 'null';
  }
}

/**
 * Cross-site request forgery: a browser attaches its cookies (the viewer's session, an operator's)
 * to a request another site makes. Every state-changing call is judged on the route the router
 * matched, whatever spelling of its address reached it:
 * - its body is JSON (which another site cannot send without a CORS preflight this server never
 *   grants), or a type the route names (`config.bodyTypes`); anything else is refused with 415;
 * - a request that says where it comes from (`Origin`, else `Referer`) must come from this site,
 *   `Origin: null` included, cookie or not;
 * - a request in a type another site's form could send, carrying cookies but saying nothing of its
 *   origin, is refused, unless the route carries its own credential (`config.ownCredential`).
 * Calls with the session in the `X-User-Token` header and no cookie are out of another site's reach.
 * With a console origin of its own (`consoleUrl`), the console's API counts that origin as its own,
 * not the viewer app's: the viewer origin's scripts cannot post to it either.
 */
export function registerCsrfGuard(app: FastifyInstance, opts: { publicUrl: string; consoleUrl?: string | null }): void {
  const viewerOrigin = new URL(opts.publicUrl).origin;
  const consoleOrigin = opts.consoleUrl ? new URL(opts.consoleUrl).origin : null;
  // A callback hook: the reads that make most of the traffic pass with no promise made.
  app.addHook('onRequest', (req, reply, done) => {
    // Unknown routes change nothing (the not-found answer is all they get).
    if (!UNSAFE.has(req.method) || req.is404) return done();
    // A refused request is answered here, and a callback hook that answers does not go on.
    if (!refused(req, reply)) done();
  });

  /** Answers a request the rules refuse; true when it did. */
  function refused(req: FastifyRequest, reply: FastifyReply): boolean {
    const config = req.routeOptions.config;
    const type = mediaType(req);
    if (type !== '' && type !== 'application/json' && !config.bodyTypes?.includes(type)) {
      sendErrorEnvelope(reply, 415, 415, 'unsupported_media_type', 'This content type is not supported.');
      return true;
    }
    const source = req.headers.origin ?? req.headers.referer;
    if (source !== undefined) {
      const own = consoleOrigin && isConsoleApi(routePath(req)) ? consoleOrigin : viewerOrigin;
      const origin = originOf(source);
      const host = req.headers.host;
      if (origin === own || (host && (origin === `http://${host}` || origin === `https://${host}`))) return false;
      refuse(reply);
      return true;
    }
    if (req.headers.cookie && FORM_TYPES.has(type) && !config.ownCredential) {
      refuse(reply);
      return true;
    }
    return false;
  }
}

function refuse(reply: Parameters<typeof sendErrorEnvelope>[0]) {
  return sendErrorEnvelope(
    reply,
    403,
    EnvelopeCode.forbidden,
    'cross_site_request',
    'This request came from another site and was refused.',
  );
}
