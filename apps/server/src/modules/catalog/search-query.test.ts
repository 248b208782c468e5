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
