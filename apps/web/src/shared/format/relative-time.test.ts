import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

const NOW = Date.parse('2026-03-05T12:00:00Z');

describe('formatRelativeTime', () => {
  it('says how long ago, in the largest whole unit', () => {
    expect(formatRelativeTime('2026-03-05T11:59:30Z', 'en', NOW)).toBe('now');
    expect(formatRelativeTime('2026-03-05T11:55:00Z', 'en', NOW)).toBe('5 minutes ago');
    expect(formatRelativeTime('2026-03-05T09:00:00Z', 'en', NOW)).toBe('3 hours ago');
    expect(formatRelativeTime('2026-03-04T10:00:00Z', 'en', NOW)).toBe('yesterday');
    expect(formatRelativeTime('2026-02-20T12:00:00Z', 'en', NOW)).toBe('last week');
  });

  it('speaks the interface language', () => {
    expect(formatRelativeTime('2026-03-05T09:00:00Z', 'de', NOW)).toBe('vor 3 Stunden');
    expect(formatRelativeTime('2026-03-05T09:00:00Z', 'fr', NOW)).toBe('il y a 3 heures');
  });

  it('gives nothing for a bad date', () => {
    expect(formatRelativeTime('not a date', 'en', NOW)).toBe('');
  });
});
