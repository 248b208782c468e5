import type { FastifyRequest } from 'fastify';

/**
 * The path a request is judged by: the pattern of the route the router matched (`/api/user/profile`
 * for `/%61pi/user/profile` too, since the router decodes), else, for an unknown route, the request's
 * path decoded and normalized. Never the raw `req.url`: a rule keyed on its spelling (`/api/…`) is
 * skipped by another spelling that reaches the same handler.
 */
export function routePath(req: FastifyRequest): string {
  return req.routeOptions.url ?? normalizedPath(req.url);
}

/** A raw request target as a path: query dropped, percent-decoding undone, `//`, `.` and `..` resolved, lower case. */
export function normalizedPath(url: string): string {
  const raw = url.split(/[?#]/, 1)[0] ?? '/';
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // Malformed encoding: judged as sent (the router refuses such addresses anyway).
  }
  const collapsed = `/${decoded
    .replace(/\\/g, '/')
    .replace(/\/{2,}/g, '/')
    .replace(/^\//, '')}`;
  try {
    return new URL(collapsed, 'http://path.invalid').pathname.toLowerCase();
  } catch {
    return collapsed.toLowerCase();
  }
}

/** Whether a path is under a prefix (`/api` itself or `/api/…`). */
export function isUnder(path: string, prefix: '/api' | '/admin' | '/media'): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}
