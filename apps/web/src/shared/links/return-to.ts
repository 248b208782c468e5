/** Pages a signed-in person should not be sent back to. */
const AUTH_PAGES = ['/login', '/register', '/retrievePassword'];

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE = /[\u0000-\u001F\u007F-\u009F\u2028\u2029\\]/;

const decoded = (value: string): string | null => {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
};

/**
 * Where to go after signing in: a path of this site only (never another origin, never back to an
 * account form), `/my` otherwise. The URL parser decides, as the browser will: it drops tabs and line
 * breaks (`/%09/evil.example` would be `//evil.example`) and reads `\` as `/`, so control characters
 * and backslashes, raw or percent-encoded, are refused outright (the server's rule, http/redirect-target).
 */
export function safeReturnTo(value: string | null | undefined, fallback = '/my'): string {
  if (!value || !value.startsWith('/') || value.length > 500) return fallback;
  const plain = decoded(value);
  if (plain === null || UNSAFE.test(value) || UNSAFE.test(plain)) return fallback;
  const url = new URL(value, window.location.origin);
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (
    url.origin !== window.location.origin ||
    path.startsWith('//') ||
    (decoded(url.pathname) ?? '//').startsWith('//')
  )
    return fallback;
  return AUTH_PAGES.includes(url.pathname) ? fallback : path;
}

/** `/login?returnTo=…` style link to an account page that keeps where the person was going. */
export function withReturnTo(path: string, returnTo: string | null | undefined): string {
  const target = safeReturnTo(returnTo, '');
  return target && target !== '/my' ? `${path}?returnTo=${encodeURIComponent(target)}` : path;
}
