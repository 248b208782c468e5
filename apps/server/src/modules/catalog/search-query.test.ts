import { describe, expect, it } from 'vitest';
import { normalizeQuery, toPrefixTsquery } from './search-query';

describe('search queries', () => {
  it('turns words into an AND query whose last word is a prefix', () => {
    expect(toPrefixTsquery('Billionaire  bri')).toBe('billionaire & bri:*');
    expect(toPrefixTsquery('Fräulein Müller')).toBe('fräulein & müller:*');
  });

  it('drops everything that could break a tsquery', () => {
    expect(toPrefixTsquery("love' | !(x) & :*")).toBe('love & x:*');
    expect(toPrefixTsquery('!!! ::: ')).toBeNull();
  });

  it('normalizes stored queries', () => {
    expect(normalizeQuery('  the   ceo  ')).toBe('the ceo');
    expect(normalizeQuery('x'.repeat(300))).toHaveLength(100);
  });
});

describe('synonyms in queries', () => {
  it('adds the viewer language’s synonyms of each word, the typed word staying a prefix', () => {
    expect(toPrefixTsquery('boss', 'en')).toBe('(boss:* | ceo | tycoon)');
    expect(toPrefixTsquery('mi jefe', 'es')).toBe('mi & (jefe:* | ceo | magnate)');
    expect(toPrefixTsquery('lobo', 'es')).toBe('(lobo:* | alfa | (hombre <-> lobo))');
    expect(toPrefixTsquery('boss', 'es')).toBe('boss:*');
    expect(toPrefixTsquery('constructor', 'en')).toBe('constructor:*');
  });
});
