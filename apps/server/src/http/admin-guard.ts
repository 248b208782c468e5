import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { requireOperator } from './auth';
import { readRequestContext } from './request-context';

export const ADMIN_PREFIX = '/api/admin/';

export interface RegisteredRoute {
  method: string;
  url: string;
}

const registries = new WeakMap<object, RegisteredRoute[]>();

/**
 * Refuses anyone but an operator signed in to the console (its own cookie), before the body is read:
 * 401 without a console session, 403 for an account without the role.
 */
async function adminOnly(req: FastifyRequest): Promise<void> {
  // The request context is normally read after the body is parsed; the session tokens do not need it.
  req.ctx ??= readRequestContext(req);
  await requireOperator(req);
}

/** Route config of the one console route that must answer without a console session: signing in. */
export interface AdminRouteConfig {
  consoleSignIn?: boolean;
}

/**
 * Every route under /api/admin/, whichever module registers it and whenever, gets the admin check
 * as its first onRequest hook: a new console route cannot forget it. Call before any route exists.
 */
export function guardAdminRoutes(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  registries.set(app, routes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(ADMIN_PREFIX)) return;
    if ((route.config as AdminRouteConfig | undefined)?.consoleSignIn === true) return;
    for (const method of Array.isArray(route.method) ? route.method : [route.method])
      routes.push({ method, url: route.url });
    const existing =
      route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    route.onRequest = [adminOnly as onRequestHookHandler, ...(existing as onRequestHookHandler[])];
  });
}

/** The admin routes of an app, as registered (for the test that calls each one as every kind of caller). */
export function adminRoutesOf(app: FastifyInstance): readonly RegisteredRoute[] {
  return registries.get(app) ?? [];
}
