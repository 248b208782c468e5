import { LINK_TOKEN_PAGE } from '../links/link-token-page';
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

/** The rules for a page: on the reset link's page, `token` is the link's own secret (link-token-page.ts). */
function rulesFor(rules: readonly Rule[], pathname: string): readonly Rule[] {
  return LINK_TOKEN_PAGE.test(pathname) ? rules.filter(([param]) => param !== 'token') : rules;
}

function apply(rules: readonly Rule[], search: string | URLSearchParams): void {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  for (const [param, key] of rules) {
    const value = params.get(param)?.trim();
    if (value) writeStored(key, value);
  }
}

/** Saves the URL's referrer token, user token and click ids when the page loads. */
export function captureClickIdsOnLoad(search: string | URLSearchParams, pathname = '/'): void {
  apply(rulesFor(LOAD_RULES, pathname), search);
}

/**
 * Removes a session token from the address once it is stored, and gives it back: an address is shared,
 * bookmarked and read by the advertising pixels, and a session token must go to none of them.
 */
export function removeSessionTokenFromAddress(): string | null {
  const url = new URL(window.location.href);
  const token = url.searchParams.get('userToken');
  if (token !== null) {
    url.searchParams.delete('userToken');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }
  return token;
}

// Read once as the app loads and kept by then: `lang` (i18n.ts remembers it as a choice; Facebook's
// sign-in comes back with it).
const READ_AT_LOAD = ['lang'] as const;

/**
 * Saves the referrer token and click ids carried by a client-side navigation, and gives back its search
 * without them and the other ids, tokens and one-shot parameters, which are stored by now (null when
 * there are none): they leave the address once kept.
 */
export function captureClickIdsOnRouteChange(search: string, pathname = '/'): string | null {
  apply(rulesFor(ROUTE_RULES, pathname), search);
  const params = new URLSearchParams(search);
  const before = params.toString();
  for (const [param] of rulesFor(LOAD_RULES, pathname)) params.delete(param);
  for (const param of READ_AT_LOAD) params.delete(param);
  const after = params.toString();
  return after === before ? null : `?${after}`;
}

export interface ClickIds {
  fbclid: string;
  ttclid: string;
}

/** The stored click ids ('' when absent). */
export function readClickIds(): ClickIds {
  return { fbclid: readStored(StorageKey.fbclid), ttclid: readStored(StorageKey.ttclid) };
}
