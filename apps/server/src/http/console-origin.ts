import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isUnder, routePath } from './route-path';

/**
 * Which host a request is for: the operator console's own (CONSOLE_URL) or the viewer app's. One
 * origin cannot be split against its own scripts, so with CONSOLE_URL set the console lives on a
 * second hostname only: a script of the viewer origin (an ad pixel) then has no console to call,
 * and the operator cookie, host-only, is never sent to the viewer host.
 */
export interface ConsoleOrigin {
  /** The console's origin; null when it shares the viewer app's (PUBLIC_URL). */
  origin: string | null;
  /** Whether this request may reach the console (its own host, or any host while it has none). */
  servesConsole(req: FastifyRequest): boolean;
  /** Whether this request may reach the viewer app (any host but the console's). */
  servesViewer(req: FastifyRequest): boolean;
}

export function consoleOriginOf(consoleUrl: string | null): ConsoleOrigin {
  if (!consoleUrl) return { origin: null, servesConsole: () => true, servesViewer: () => true };
  const hostname = new URL(consoleUrl).hostname.toLowerCase();
  // Fastify's hostname: the Host header without its port (X-Forwarded-Host behind TRUST_PROXY).
  const onConsoleHost = (req: FastifyRequest) => req.hostname.toLowerCase() === hostname;
  return {
    origin: new URL(consoleUrl).origin,
    servesConsole: onConsoleHost,
    servesViewer: (req) => !onConsoleHost(req),
  };
}

/** The console's API, judged on the route the router matched (or the normalized path of an unknown one). */
export const isConsoleApi = (path: string): boolean => path === '/api/admin' || path.startsWith('/api/admin/');

/** What the console's pages need besides their own app and API: public media files (covers, thumbnails) and health checks. */
const consoleHostNeeds = (path: string): boolean =>
  isUnder(path, '/admin') || isConsoleApi(path) || isUnder(path, '/media') || path === '/healthz' || path === '/readyz';

/**
 * With a console origin of its own, each host answers only its own app: on the viewer host the
 * console's pages and API (its sign-in included) are the ordinary not-found; on the console host
 * everything but the console and what its pages load is, and `/` leads to the console. Runs before
 * every other check, so neither host even tells whether the other's routes exist.
 */
export function registerConsoleOrigin(app: FastifyInstance, consoleOrigin: ConsoleOrigin): void {
  if (!consoleOrigin.origin) return;
  app.addHook('onRequest', async (req, reply) => {
    const path = routePath(req);
    const forConsole = isUnder(path, '/admin') || isConsoleApi(path);
    if (consoleOrigin.servesConsole(req)) {
      if (consoleHostNeeds(path)) return;
      if (path === '/' && (req.method === 'GET' || req.method === 'HEAD')) return reply.redirect('/admin/', 302);
      // An unknown address goes to the not-found answer anyway, which knows the host.
      if (req.is404) return;
      return reply.callNotFound();
    }
    if (forConsole && !req.is404) return reply.callNotFound();
  });
}
