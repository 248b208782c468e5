/** `/searchDetail/{keyword}`: every result for a keyword, as an address that can be shared or linked to. */
export function searchDetailPath(query: string): string {
  return `/searchDetail/${encodeURIComponent(query)}`;
}

/** The search screen showing the results of `query`. */
export function searchPath(query?: string): string {
  return query ? `/search?${new URLSearchParams({ q: query }).toString()}` : '/search';
}
