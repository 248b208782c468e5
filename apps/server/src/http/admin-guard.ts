import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { ADMIN_ROUTE_ROLES, ANYONE, OPERATOR_ROLE_NAMES, type OperatorRole } from '@episodic/contract/constants';
import { requireOperator } from './auth';
import { forbidden } from './errors';
import { readRequestContext } from './request-context';

export const ADMIN_PREFIX = '/api/admin/';

export interface RegisteredRoute {
  method: string;
  url: string;
  /** The roles the route table allows (`anyone`: no console session needed). */
  roles: readonly OperatorRole[] | typeof ANYONE;
}

const registries = new WeakMap<object, RegisteredRoute[]>();

/** The key of a route in ADMIN_ROUTE_ROLES. */
export const routeKey = (method: string, url: string) => `${method} ${url}`;

/**
 * Refuses anyone but an operator signed in to the console (its own cookie) whose role the route table
 * allows, before the body is read: 401 without a console session, 403 for an account without operator
 * access or an operator whose role may not use the route.
 */
function operatorOnly(roles: readonly OperatorRole[]): onRequestHookHandler {
  return async (req: FastifyRequest) => {
    // The request context is normally read after the body is parsed; the session tokens do not need it.
    req.ctx ??= readRequestContext(req);
    const operator = await requireOperator(req);
    if (!roles.includes(operator.operatorRole))
      throw forbidden(
        'no_operator_access',
        `You don't have access to this. Your role (${OPERATOR_ROLE_NAMES[operator.operatorRole]}) does not include it; an owner can change your role.`,
      );
  };
}

/** Route config of console routes that answer without a console session (signing in, invitations). */
export interface AdminRouteConfig {
  consoleSignIn?: boolean;
}

/**
 * Every route under /api/admin/, whichever module registers it and whenever, gets the role check of
 * its ADMIN_ROUTE_ROLES entry as its first onRequest hook: a new console route cannot forget it. A
 * route without an entry (or one whose entry disagrees with `consoleSignIn`) stops the start, with the
 * line to add. Call before any route exists.
 */
export function guardAdminRoutes(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  const problems: string[] = [];
  registries.set(app, routes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(ADMIN_PREFIX)) return;
    const open = (route.config as AdminRouteConfig | undefined)?.consoleSignIn === true;
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      const key = routeKey(method, route.url);
      // Fastify answers HEAD for every GET route: the same people may ask.
      const roles =
        ADMIN_ROUTE_ROLES[key] ?? (method === 'HEAD' ? ADMIN_ROUTE_ROLES[routeKey('GET', route.url)] : undefined);
      if (roles === undefined) {
        problems.push(
          `  '${key}': ${open ? 'ANYONE' : "['owner', …]"},   // no entry: add one to ADMIN_ROUTE_ROLES in packages/contract/src/operator-roles.ts`,
        );
        continue;
      }
      if ((roles === ANYONE) !== open) {
        problems.push(
          `  '${key}': ${open ? 'ANYONE' : "['owner', …]"},   // the entry says ${roles === ANYONE ? 'ANYONE' : 'operators'}, the route ${open ? 'needs no session' : 'needs a console session'}`,
        );
        continue;
      }
      routes.push({ method, url: route.url, roles });
      if (roles === ANYONE) continue;
      const existing =
        route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
      route.onRequest = [operatorOnly(roles), ...(existing as onRequestHookHandler[])];
    }
  });
  app.addHook('onReady', async () => {
    if (problems.length > 0)
      throw new Error(
        `Console routes without a correct entry in ADMIN_ROUTE_ROLES (packages/contract/src/operator-roles.ts). ` +
          `Add or fix, choosing the roles (see docs/SECURITY.md "Console roles"):\n${problems.join('\n')}`,
      );
  });
}

/** The admin routes of an app as registered, with their roles (for the tests that call each one as every caller). */
export function adminRoutesOf(app: FastifyInstance): readonly RegisteredRoute[] {
  return registries.get(app) ?? [];
}
