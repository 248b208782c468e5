/**
 * The query keys of the viewer's library: every cached list of it starts with one of these. The library
 * feature owns the queries; the player marks them stale after a change.
 */
export const favoritesKey = ['library', 'favorites'] as const;
export const historyKey = ['library', 'history'] as const;
