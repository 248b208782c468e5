import { StorageKey, readStored, writeStored } from '../storage';

type Rule = readonly [param: string, storageKey: string];

// At page load (specification §4). `xUserRefererToken` comes after `token`, so the explicit name wins
// when a link carries both.
const LOAD_RULES: readonly Rule[] = [
  ['token', StorageKey.refererToken],
  ['xUserRefererToken', StorageKey.refererToken],
  ['userToken', StorageKey.userToken],
  ['fbclid', StorageKey.fbclid],
  ['ttclid', StorageKey.ttclid],
];

// On every route change (specification §4). The original also stored ttclid under FBCLID here, which
// overwrote the Facebook click id with TikTok's; we store each id under its own key instead.
const ROUTE_RULES: readonly Rule[] = [
  ['token', StorageKey.refererToken],
  ['fbclid', StorageKey.fbclid],
  ['ttclid', StorageKey.ttclid],
];

function apply(rules: readonly Rule[], search: string | URLSearchParams): void {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  for (const [param, key] of rules) {
    const value = params.get(param)?.trim();
    if (value) writeStored(key, value);
  }
}

/** Saves the URL's referrer token, user token and click ids when the page loads. */
export function captureClickIdsOnLoad(search: string | URLSearchParams): void {
  apply(LOAD_RULES, search);
}

/**
 * `search` without the parameters of `rules` whose values are stored (a parameter kept where storage
 * refuses: the address is then the only place its value lives), or null when nothing is taken out.
 */
function withoutStored(rules: readonly Rule[], search: string): string | null {
  const params = new URLSearchParams(search);
  let changed = false;
  for (const [param, key] of rules) {
    if (params.has(param) && (readStored(key) || !params.get(param)?.trim())) {
      params.delete(param);
      changed = true;
    }
  }
  if (!changed) return null;
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** The click ids of the landing address, which analytics still gets on that page (see `trackedAddress`). */
let landing: { path: string; ids: URLSearchParams } | undefined;

/**
 * Takes the referrer token, the session token and the click ids out of the address once they are stored
 * (keeping its other parameters, hash and history state), and gives back the session token: an address is
 * shared, bookmarked and read by the advertising pixels, and a session token must go to none of them.
 */
export function removeStoredFromAddress(): string | null {
  const url = new URL(window.location.href);
  const token = url.searchParams.get('userToken');
  url.searchParams.delete('userToken');
  landing = { path: url.pathname, ids: new URLSearchParams() };
  for (const name of ['fbclid', 'ttclid']) {
    const value = url.searchParams.get(name);
    if (value) landing.ids.set(name, value);
  }
  const search = withoutStored(LOAD_RULES, url.search) ?? url.search;
  if (search !== window.location.search) {
    window.history.replaceState(window.history.state, '', `${url.pathname}${search}${url.hash}`);
  }
  return token;
}

/**
 * The address analytics reports as the event's page: on the landing page it still carries the click
 * ids the visit came with (the ad platforms and the server's attribution read them from there).
 */
export function trackedAddress(): string {
  const { href, pathname } = window.location;
  if (landing?.path !== pathname) {
    landing = undefined;
    return href;
  }
  const url = new URL(href);
  for (const [name, value] of landing.ids) url.searchParams.set(name, value);
  return url.href;
}

/** A navigation's search without the referrer token and click ids once they are stored, or null. */
export function searchWithoutStored(search: string): string | null {
  return withoutStored(ROUTE_RULES, search);
}

/** Saves the referrer token and click ids carried by a client-side navigation. */
export function captureClickIdsOnRouteChange(search: string | URLSearchParams): void {
  apply(ROUTE_RULES, search);
}

export interface ClickIds {
  fbclid: string;
  ttclid: string;
}

/** The stored click ids ('' when absent). */
export function readClickIds(): ClickIds {
  return { fbclid: readStored(StorageKey.fbclid), ttclid: readStored(StorageKey.ttclid) };
}
