import { describe, expect, it } from 'vitest';
import { htmlLangFor, LANGUAGES } from '../i18n/languages';
import { countOf, formatCompactCount, formatCount } from './count';

// Every kind of count the app shows: small ones, each unit's edges (where rounding moves to the next
// unit), and a spread of random magnitudes up to a quadrillion.
function samples(): number[] {
  const out = new Set<number>();
  for (let n = 0; n <= 2100; n++) out.add(n);
  for (let exponent = 3; exponent <= 12; exponent++) {
    const p = 10 ** exponent;
    for (const n of [
      p - 1,
      p,
      p + 1,
      p - p / 2000,
      p - p / 2000 - 1,
      1.05 * p,
      1.15 * p,
      1.25 * p,
      9.95 * p,
      99.95 * p,
      999.95 * p,
      999.95 * p - 1,
    ])
      out.add(Math.floor(n));
  }
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let i = 0; i < 4000; i++) out.add(Math.floor(10 ** (random() * 15)));
  return [...out];
}

describe('count formatting', () => {
  const numbers = samples();

  it.each(LANGUAGES)('writes counts in full as Intl does (%s)', (language) => {
    const intl = new Intl.NumberFormat(htmlLangFor(language));
    const wrong = numbers.filter((n) => formatCount(n, language) !== intl.format(n));
    expect(wrong.slice(0, 5).map((n) => [n, formatCount(n, language), intl.format(n)])).toEqual([]);
  });

  it.each(LANGUAGES)('writes compact counts as Intl does (%s)', (language) => {
    const intl = new Intl.NumberFormat(htmlLangFor(language), { notation: 'compact', maximumFractionDigits: 1 });
    const wrong = numbers.filter((n) => formatCompactCount(n, language) !== intl.format(n));
    expect(wrong.slice(0, 5).map((n) => [n, formatCompactCount(n, language), intl.format(n)])).toEqual([]);
  });

  it('reads well at a glance', () => {
    expect(formatCompactCount(1234, 'en')).toBe('1.2K');
    expect(formatCompactCount(999_950, 'en')).toBe('1M');
    expect(formatCompactCount(1234, 'es')).toBe('1,2\u00a0mil');
    expect(formatCompactCount(1_200_000_000, 'es')).toBe('1200\u00a0M');
    expect(formatCompactCount(12_345, 'dy')).toBe('12.345');
    expect(formatCount(1234, 'es')).toBe('1234');
    expect(formatCount(1_234_567, 'fy')).toBe('1\u202f234\u202f567');
  });

  it('treats what is not a whole count of zero or more as zero, and drops decimals', () => {
    for (const bad of [-5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(formatCount(bad, 'en')).toBe('0');
      expect(formatCompactCount(bad, 'en')).toBe('0');
    }
    expect(formatCount(1234.9, 'en')).toBe('1,234');
    expect(formatCompactCount(999.9, 'en')).toBe('999');
  });

  it('gives a message the count for its plural form and the amount written in the language', () => {
    expect(countOf(1500, 'en')).toEqual({ count: 1500, amount: '1,500' });
    expect(countOf(1500, 'dy')).toEqual({ count: 1500, amount: '1.500' });
    expect(countOf(1500, 'fy')).toEqual({ count: 1500, amount: '1\u202f500' });
    expect(countOf(1, 'pt')).toEqual({ count: 1, amount: '1' });
  });
});
