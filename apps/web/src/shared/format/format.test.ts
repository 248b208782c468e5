import { describe, expect, it } from 'vitest';
import { formatDate } from './date';
import { padNumber } from './number';
import { formatPrice, toMajorUnits } from './price';

describe('formatDate', () => {
  const reference = new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'long', year: 'numeric' });

  it('formats as US English day, long month and year', () => {
    expect(formatDate(new Date(2026, 2, 5))).toBe('March 5, 2026');
    expect(formatDate('2026-03-05')).toBe('March 5, 2026');
  });

  it('matches Intl for timestamps and ISO strings', () => {
    const iso = '2025-12-31T12:00:00Z';
    expect(formatDate(iso)).toBe(reference.format(new Date(iso)));
    expect(formatDate(0)).toBe(reference.format(new Date(0)));
  });

  it('writes the date the interface language’s way', () => {
    const day = '2026-12-26';
    expect(formatDate(day, 'en')).toBe('December 26, 2026');
    expect(formatDate(day, 'es')).toBe('26 de diciembre de 2026');
    expect(formatDate(day, 'fy')).toBe('26 décembre 2026');
    expect(formatDate(day, 'dy')).toBe('26. Dezember 2026');
    expect(formatDate(day, 'pt')).toBe('26 de dezembro de 2026');
  });

  it.each([null, undefined, '', '   ', 'not a date', Number.NaN, new Date('garbage')])(
    'returns "Invalid Date" for %s',
    (input) => {
      expect(formatDate(input)).toBe('Invalid Date');
    },
  );
});

describe('padNumber', () => {
  it('pads to two digits', () => {
    expect(padNumber('5')).toBe('05');
    expect(padNumber(5)).toBe('05');
    expect(padNumber(0)).toBe('00');
    expect(padNumber(12)).toBe('12');
    expect(padNumber(123)).toBe('123');
  });

  it.each([undefined, null, ''])('returns "00" for %s', (input) => {
    expect(padNumber(input)).toBe('00');
  });
});

describe('prices', () => {
  it('divides minor units by 100 with two decimals', () => {
    expect(toMajorUnits(499)).toBe('4.99');
    expect(toMajorUnits(1999)).toBe('19.99');
    expect(toMajorUnits(0)).toBe('0.00');
    expect(toMajorUnits(5)).toBe('0.05');
  });

  it('formats with the currency', () => {
    expect(formatPrice(499)).toBe('$4.99');
    expect(formatPrice(1999)).toBe('$19.99');
    expect(formatPrice(0)).toBe('$0.00');
    expect(formatPrice(100000)).toBe('$1,000.00');
    expect(formatPrice(499, 'EUR')).toBe('€4.99');
  });

  it('writes the price the interface language’s way, always with two decimals', () => {
    const nbsp = '\u00a0';
    const narrow = '\u202f';
    expect(formatPrice(499, 'USD', 'en')).toBe('$4.99');
    expect(formatPrice(499, 'USD', 'dy')).toBe(`4,99${nbsp}$`);
    expect(formatPrice(499, 'USD', 'fy')).toBe(`4,99${nbsp}$US`);
    expect(formatPrice(499, 'USD', 'es')).toBe(`4,99${nbsp}US$`);
    expect(formatPrice(499, 'USD', 'pt')).toBe(`US$${nbsp}4,99`);
    expect(formatPrice(123450, 'USD', 'dy')).toBe(`1.234,50${nbsp}$`);
    expect(formatPrice(123450, 'USD', 'fy')).toBe(`1${narrow}234,50${nbsp}$US`);
    expect(formatPrice(500, 'EUR', 'dy')).toBe(`5,00${nbsp}€`);
    expect(formatPrice(499, 'NOT-A-CODE', 'dy')).toBe('4.99 NOT-A-CODE');
  });

  it('still shows an amount for an unknown currency code', () => {
    expect(formatPrice(499, 'NOT-A-CODE')).toBe('4.99 NOT-A-CODE');
  });
});
