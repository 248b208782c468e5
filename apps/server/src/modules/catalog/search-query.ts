const MAX_WORDS = 8;

/** The words of a search, letters and digits only, so they are safe inside a tsquery. */
export function searchWords(keyword: string): string[] {
  return (keyword.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS);
}

/** All words must match; the last may be unfinished (a prefix), as when typing. */
export function toPrefixTsquery(keyword: string): string | null {
  const words = searchWords(keyword);
  if (words.length === 0) return null;
  return words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(' & ');
}

/** The form a query is stored and compared in: trimmed, single spaces, at most 100 characters. */
export function normalizeQuery(keyword: string): string {
  return keyword.trim().replace(/\s+/g, ' ').slice(0, 100);
}
