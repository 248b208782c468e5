import type { Language } from '../i18n/languages';

// Whole counts (plays, views) in the interface language, written out here rather than with
// Intl.NumberFormat: a page's first NumberFormat loads the number data, a long task (about 50 ms on a
// mid-range phone) that landed in the player's first render. The output is Intl's exactly (CLDR, integer
// counts, at most one decimal when compact); count.test.ts checks it against Intl in every language.

interface CountStyle {
  group: string;
  decimal: string;
  /** Digits before a plain number gets its first group separator (Spanish writes 1234 but 12.345). */
  plainGroupingFrom: number;
  /**
   * Compact units from the smallest: the power of ten a unit starts at, the power it divides by and what
   * follows the number (Spanish counts 10,000 millions as "10 mil M").
   */
  units: readonly (readonly [from: number, exponent: number, suffix: string])[];
}

const NBSP = '\u00a0';
const STYLES: Record<Language, CountStyle> = {
  en: {
    group: ',',
    decimal: '.',
    plainGroupingFrom: 4,
    units: [
      [3, 3, 'K'],
      [6, 6, 'M'],
      [9, 9, 'B'],
      [12, 12, 'T'],
    ],
  },
  es: {
    group: '.',
    decimal: ',',
    plainGroupingFrom: 5,
    units: [
      [3, 3, `${NBSP}mil`],
      [6, 6, `${NBSP}M`],
      [10, 9, `${NBSP}mil${NBSP}M`],
      [12, 12, `${NBSP}B`],
    ],
  },
  fy: {
    group: '\u202f',
    decimal: ',',
    plainGroupingFrom: 4,
    units: [
      [3, 3, `${NBSP}k`],
      [6, 6, `${NBSP}M`],
      [9, 9, `${NBSP}Md`],
      [12, 12, `${NBSP}Bn`],
    ],
  },
  dy: {
    group: '.',
    decimal: ',',
    plainGroupingFrom: 4,
    units: [
      [6, 6, `${NBSP}Mio.`],
      [9, 9, `${NBSP}Mrd.`],
      [12, 12, `${NBSP}Bio.`],
    ],
  },
  pt: {
    group: '.',
    decimal: ',',
    plainGroupingFrom: 4,
    units: [
      [3, 3, `${NBSP}mil`],
      [6, 6, `${NBSP}mi`],
      [9, 9, `${NBSP}bi`],
      [12, 12, `${NBSP}tri`],
    ],
  },
};
/** Compact numbers group from five digits in every one of these languages ("1000T", "12,300T"). */
const COMPACT_GROUPING_FROM = 5;

function wholeCount(count: number): number {
  return Number.isFinite(count) && count > 0 ? Math.min(Math.floor(count), Number.MAX_SAFE_INTEGER) : 0;
}

function grouped(n: number, separator: string, groupingFrom: number): string {
  const digits = String(n);
  if (digits.length < groupingFrom) return digits;
  return digits.replace(/\B(?=(\d{3})+$)/g, separator);
}

/** A count written in full: 1234567 -> "1,234,567" (en), "1.234.567" (de), "1 234 567" (fr). */
export function formatCount(count: number, language: Language): string {
  const style = STYLES[language];
  return grouped(wholeCount(count), style.group, style.plainGroupingFrom);
}

/** A count in a few characters: 1234 -> "1.2K" (en), "1,2 mil" (es), "1234" (de); 2500000 -> "2.5M". */
export function formatCompactCount(count: number, language: Language): string {
  const style = STYLES[language];
  const n = wholeCount(count);
  let index = style.units.findLastIndex(([from]) => n >= 10 ** from);
  let unit = style.units[index];
  if (!unit) return grouped(n, style.group, COMPACT_GROUPING_FROM);
  let tenths = tenthsOf(n, unit[1]);
  // 999,950 is "1M", not "1000K": rounding up to where the next unit starts moves to that unit.
  let next = style.units[index + 1];
  while (next && tenths >= 10 ** (next[0] - unit[1] + 1)) {
    unit = next;
    tenths = tenthsOf(n, unit[1]);
    index += 1;
    next = style.units[index + 1];
  }
  const whole = grouped(Math.floor(tenths / 10), style.group, COMPACT_GROUPING_FROM);
  return (tenths % 10 ? `${whole}${style.decimal}${String(tenths % 10)}` : whole) + unit[2];
}

/** `n` in tenths of 10^exponent, rounded half away from zero, in integers (no floating-point error). */
function tenthsOf(n: number, exponent: number): number {
  const step = 10 ** (exponent - 1);
  return Math.floor(n / step) + (n % step >= step / 2 ? 1 : 0);
}

/**
 * The values of a message about a count: `count` picks the plural form, `amount` is the count written
 * in the language ("{{amount}} coins": 1,500 in English, 1.500 in German).
 */
export function countOf(count: number, language: Language): { count: number; amount: string } {
  return { count, amount: formatCount(count, language) };
}
