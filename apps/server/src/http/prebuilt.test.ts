import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { prebuildJson } from './prebuilt';

describe('prebuildJson', () => {
  // The brotli window follows the body's size: every size must still decode to the same bytes.
  it.each([0, 1, 65_000, 65_520, 65_521, 300_000])('round-trips a %i-character body in each encoding', (size) => {
    const body = JSON.stringify({
      text: Array.from({ length: size }, (_, i) => String.fromCharCode(32 + ((i * 7919) % 90))).join(''),
    });
    const built = prebuildJson(body);
    expect(built.body.toString()).toBe(body);
    expect(brotliDecompressSync(built.br.data).toString()).toBe(body);
    expect(gunzipSync(built.gzip.data).toString()).toBe(body);
    expect(new Set([built.etag, built.br.etag, built.gzip.etag]).size).toBe(3);
  });
});
