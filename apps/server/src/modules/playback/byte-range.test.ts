import { describe, expect, it } from 'vitest';
import { etagMatches, ifRangeAllows, parseRange } from './byte-range';

describe('parseRange', () => {
  it.each([
    [undefined, { kind: 'full' }],
    ['bytes=0-99', { kind: 'partial', start: 0, end: 99 }],
    ['bytes=100-', { kind: 'partial', start: 100, end: 999 }],
    ['bytes=-100', { kind: 'partial', start: 900, end: 999 }],
    ['bytes=-5000', { kind: 'partial', start: 0, end: 999 }],
    ['bytes=990-5000', { kind: 'partial', start: 990, end: 999 }],
    ['BYTES=1-2', { kind: 'partial', start: 1, end: 2 }],
    ['bytes=1000-', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    ['bytes=5-1', { kind: 'full' }],
    ['bytes=0-1,5-6', { kind: 'full' }],
    ['lines=0-1', { kind: 'full' }],
    ['bytes=-', { kind: 'full' }],
    ['bytes=x-1', { kind: 'full' }],
  ])('reads %j of a 1000-byte file', (header, expected) => {
    expect(parseRange(header, 1000)).toEqual(expected);
  });

  it('finds nothing satisfiable in an empty file', () => {
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-1', 0)).toEqual({ kind: 'unsatisfiable' });
  });
});

describe('validators', () => {
  it('matches If-None-Match weakly, lists and *', () => {
    expect(etagMatches('"a"', '"a"')).toBe(true);
    expect(etagMatches('W/"a"', '"a"')).toBe(true);
    expect(etagMatches('"b", "a"', '"a"')).toBe(true);
    expect(etagMatches('*', '"a"')).toBe(true);
    expect(etagMatches('"b"', '"a"')).toBe(false);
    expect(etagMatches(undefined, '"a"')).toBe(false);
  });

  it('honours a range only for the current strong ETag in If-Range', () => {
    expect(ifRangeAllows(undefined, '"a"')).toBe(true);
    expect(ifRangeAllows('"a"', '"a"')).toBe(true);
    expect(ifRangeAllows('W/"a"', '"a"')).toBe(false);
    expect(ifRangeAllows('"b"', '"a"')).toBe(false);
    expect(ifRangeAllows('Tue, 01 Jan 2030 00:00:00 GMT', '"a"')).toBe(false);
  });
});
