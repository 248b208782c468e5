/** Pages a signed-in person should not be sent back to. */
const AUTH_PAGES = ['/login', '/register', '/retrievePassword'];

/**
 * Where to go after signing in: a path of this site only (never another origin, never back to an
 * account form), `/my` otherwise.
 */
export function safeReturnTo(value: string | null | undefined, fallback = '/my'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\') || value.length > 500) return fallback;
  const path = value.split(/[?#]/)[0] ?? value;
  if (AUTH_PAGES.includes(path)) return fallback;
  return value;
}

/** `/login?returnTo=…` style link to an account page that keeps where the person was going. */
export function withReturnTo(path: string, returnTo: string | null | undefined): string {
  const target = safeReturnTo(returnTo, '');
  return target && target !== '/my' ? `${path}?returnTo=${encodeURIComponent(target)}` : path;
}
