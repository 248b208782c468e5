/** What a `Range` header asks of a representation of `size` bytes. */
export type RangeRequest =
  { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

const SINGLE = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/i;

/**
 * Reads a `Range` header (RFC 9110 §14). One range of bytes is honoured; a header that is
 * malformed, uses another unit or asks for several ranges is ignored (the whole file is sent, as
 * the RFC allows). A syntactically valid range that starts past the end is unsatisfiable.
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (!header) return { kind: 'full' };
  const match = SINGLE.exec(header);
  if (!match) return { kind: 'full' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'full' };
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return { kind: 'full' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}

function opaque(tag: string): string {
  return tag.trim().replace(/^W\//, '');
}

/** If-None-Match against a current ETag (weak comparison, `*` matches anything). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const current = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === current);
}

/** If-Range: a range applies only when the validator is the current strong ETag. */
export function ifRangeAllows(ifRange: string | undefined, etag: string): boolean {
  if (!ifRange) return true;
  const value = ifRange.trim();
  return !value.startsWith('W/') && value === etag;
}
