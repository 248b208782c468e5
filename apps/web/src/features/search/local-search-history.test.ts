import { describe, expect, it } from 'vitest';
import {
  MAX_SEARCH_HISTORY,
  SEARCH_HISTORY_STORAGE_KEY,
  localSearchHistory,
  normalizeQuery,
  withSearch,
} from './local-search-history';

describe('a guest’s search history', () => {
  it('keeps the newest first, moves a repeated search up and forgets past 20', () => {
    localSearchHistory.clear();
    localSearchHistory.add('ceo');
    localSearchHistory.add('werewolf');
    localSearchHistory.add('CEO');
    expect(localSearchHistory.snapshot().map((e) => e.query)).toEqual(['CEO', 'werewolf']);
    for (let i = 0; i < 25; i++) localSearchHistory.add(`q${String(i)}`);
    const queries = localSearchHistory.snapshot().map((e) => e.query);
    expect(queries).toHaveLength(MAX_SEARCH_HISTORY);
    expect(queries[0]).toBe('q24');
  });

  it('removes one, clears all, and persists in local storage', () => {
    localSearchHistory.clear();
    localSearchHistory.add('palace');
    localSearchHistory.add('revenge');
    expect(JSON.parse(localStorage.getItem(SEARCH_HISTORY_STORAGE_KEY) ?? '[]')).toHaveLength(2);
    localSearchHistory.remove('PALACE');
    expect(localSearchHistory.snapshot().map((e) => e.query)).toEqual(['revenge']);
    localSearchHistory.clear();
    expect(localSearchHistory.snapshot()).toEqual([]);
    expect(localStorage.getItem(SEARCH_HISTORY_STORAGE_KEY)).toBeNull();
  });

  it('normalises what it remembers', () => {
    expect(normalizeQuery('  jade   palace ')).toBe('jade palace');
    expect(withSearch([], 'x', new Date('2026-01-02T03:04:05Z'))).toEqual([
      { query: 'x', searchedAt: '2026-01-02T03:04:05.000Z' },
    ]);
  });
});
