import type { SearchHistoryEntry } from '@episodic/contract';
import { MAX_KEYWORD_LENGTH } from '@episodic/contract/constants';
import { readStored, removeStored, writeStored } from '../../shared/storage';

export type { SearchHistoryEntry };

/** Local storage key of a guest's recent searches (a guest has no server-side history). */
export const SEARCH_HISTORY_STORAGE_KEY = 'searchHistory';
export const MAX_SEARCH_HISTORY = 20;
/** The API's limit for a keyword. */
export const MAX_QUERY_LENGTH = MAX_KEYWORD_LENGTH;

/** A search as it is remembered and sent: trimmed, inner runs of spaces collapsed. */
export function normalizeQuery(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}

const sameQuery = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;

/** `entries` with `query` first (a repeated search moves up instead of appearing twice), at most 20. */
export function withSearch(
  entries: readonly SearchHistoryEntry[],
  query: string,
  at = new Date(),
): SearchHistoryEntry[] {
  return [{ query, searchedAt: at.toISOString() }, ...entries.filter((entry) => !sameQuery(entry.query, query))].slice(
    0,
    MAX_SEARCH_HISTORY,
  );
}

export function withoutSearch(entries: readonly SearchHistoryEntry[], query: string): SearchHistoryEntry[] {
  return entries.filter((entry) => !sameQuery(entry.query, query));
}

function isEntry(value: unknown): value is SearchHistoryEntry {
  const entry = value as Partial<SearchHistoryEntry> | null;
  return typeof entry?.query === 'string' && entry.query !== '' && typeof entry.searchedAt === 'string';
}

function parse(raw: string): SearchHistoryEntry[] {
  try {
    const parsed: unknown = JSON.parse(raw || '[]');
    return Array.isArray(parsed) ? parsed.filter(isEntry).slice(0, MAX_SEARCH_HISTORY) : [];
  } catch {
    return [];
  }
}

// The parsed list is reused while the stored text is unchanged (useSyncExternalStore needs a stable value).
let cached: { raw: string; entries: SearchHistoryEntry[] } | undefined;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function publish(entries: SearchHistoryEntry[]): void {
  if (entries.length) writeStored(SEARCH_HISTORY_STORAGE_KEY, JSON.stringify(entries));
  else removeStored(SEARCH_HISTORY_STORAGE_KEY);
  notify();
}

function onStorage(event: StorageEvent): void {
  // Another tab changed the list.
  if (event.key === SEARCH_HISTORY_STORAGE_KEY || event.key === null) notify();
}

/** A guest's recent searches in this browser, newest first (a `useSyncExternalStore` source). */
export const localSearchHistory = {
  snapshot(): SearchHistoryEntry[] {
    const raw = readStored(SEARCH_HISTORY_STORAGE_KEY);
    if (cached?.raw !== raw) cached = { raw, entries: parse(raw) };
    return cached.entries;
  },
  subscribe(listener: () => void): () => void {
    if (listeners.size === 0) window.addEventListener('storage', onStorage);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) window.removeEventListener('storage', onStorage);
    };
  },
  add(query: string): void {
    publish(withSearch(localSearchHistory.snapshot(), query));
  },
  remove(query: string): void {
    publish(withoutSearch(localSearchHistory.snapshot(), query));
  },
  clear(): void {
    publish([]);
  },
};
