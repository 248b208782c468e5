/**
 * Where a redirect may send the browser: a path of this site, whatever a caller (a `returnTo`
 * parameter, a stored address, a provider's answer) put into it. Every server redirect whose target
 * a caller can influence goes through `sameOriginPath`.
 *
 * Browsers do not read a `Location` the way a string check does: the URL parser drops tabs and line
 * breaks anywhere (`/\t/evil.example` becomes `//evil.example`, another host) and takes `\` for `/`.
 * So the value is parsed with the WHATWG URL parser, against the public origin, and only what stays
 * on that origin is kept; anything a parser could read two ways is refused outright.
 */

/** C0 and C1 control characters, DEL, and the Unicode line and paragraph separators. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;
/** A placeholder origin for callers that accept relative paths only. */
const NO_ORIGIN = 'https://same-origin.invalid';
const MAX_LENGTH = 2000;

function decoded(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/**
 * A same-origin path (`/…`, with its query and fragment) that is safe to send as `Location`, or
 * `fallback` when the value is not one: another origin, control characters (raw or percent-encoded),
 * backslashes, a `//`-prefixed result, malformed encoding, or anything that is not a string.
 */
export function sameOriginPath(value: unknown, opts: { publicUrl?: string; fallback?: string } = {}): string {
  const fallback = opts.fallback ?? '/';
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return fallback;
  const plain = decoded(value);
  if (plain === null || CONTROL.test(value) || CONTROL.test(plain) || value.includes('\\') || plain.includes('\\'))
    return fallback;
  let base: URL;
  try {
    base = new URL(opts.publicUrl ?? NO_ORIGIN);
  } catch {
    base = new URL(NO_ORIGIN);
  }
  let url: URL;
  try {
    url = new URL(value, base.origin);
  } catch {
    return fallback;
  }
  if (url.origin !== base.origin) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // `/%2F/evil.example` is a path here, but a later `decodeURIComponent` somewhere would make it a host.
  if (
    !path.startsWith('/') ||
    path.startsWith('//') ||
    (decoded(url.pathname) ?? '//').startsWith('//') ||
    CONTROL.test(path)
  )
    return fallback;
  return path;
}
