/** Names of the request headers every client call carries (specification §7). */
export const ContextHeader = {
  refererToken: 'X-User-Referer-Token',
  userToken: 'x-User-Token',
  fbclid: 'FBCLID',
  ttclid: 'TTCLID',
} as const;

/** Local storage keys (specification §3). */
export const StorageKey = {
  refererToken: 'xUserRefererToken',
  userToken: 'userToken',
  fbclid: 'FBCLID',
  ttclid: 'TTCLID',
  userId: 'userid',
} as const;
