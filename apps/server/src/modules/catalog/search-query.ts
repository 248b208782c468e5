import type { Language } from '@episodic/contract';
import { synonymsOf } from './search-synonyms';

const MAX_WORDS = 8;
const WORD = /[\p{L}\p{N}]+/gu;

/** The words of a search, letters and digits only, so they are safe inside a tsquery. */
export function searchWords(keyword: string): string[] {
  return (keyword.toLowerCase().match(WORD) ?? []).slice(0, MAX_WORDS);
}

/** One synonym as a tsquery term: its words in a row (`hombre <-> lobo`), letters and digits only. */
function phrase(synonym: string): string {
  const words = synonym.toLowerCase().match(WORD) ?? [];
  return words.length > 1 ? `(${words.join(' <-> ')})` : (words[0] ?? '');
}

/**
 * All words must match; the last may be unfinished (a prefix), as when typing. With a language, a word
 * also matches its synonyms in that language (`boss` → `boss:* | ceo | tycoon`).
 */
export function toPrefixTsquery(keyword: string, lang?: Language): string | null {
  const words = searchWords(keyword);
  if (words.length === 0) return null;
  return words
    .map((w, i) => {
      const term = i === words.length - 1 ? `${w}:*` : w;
      const synonyms = lang ? synonymsOf(w, lang).map(phrase).filter(Boolean) : [];
      return synonyms.length ? `(${[term, ...synonyms].join(' | ')})` : term;
    })
    .join(' & ');
}

/** The form a query is stored and compared in: trimmed, single spaces, at most 100 characters. */
export function normalizeQuery(keyword: string): string {
  return keyword.trim().replace(/\s+/g, ' ').slice(0, 100);
}
