import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openSubtitle, sealSubtitle } from './subtitle-seal';

const VTT = 'WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nThe heir was never on the boat\n';

describe('sealed subtitle files', () => {
  it('hold no dialogue, open with their key only, and refuse a damaged file', () => {
    const key = randomBytes(32);
    const sealed = sealSubtitle(VTT, key);
    expect(sealed.toString('latin1')).not.toContain('heir');
    expect(sealed.toString('latin1')).not.toContain('WEBVTT');
    // Every file has its own IV: the same text twice is stored differently.
    expect(sealSubtitle(VTT, key).equals(sealed)).toBe(false);
    expect(openSubtitle(sealed, key)?.toString()).toBe(VTT);
    expect(openSubtitle(sealed, randomBytes(32))).toBeNull();
    const damaged = Buffer.from(sealed);
    damaged[damaged.length - 1]! ^= 1;
    expect(openSubtitle(damaged, key)).toBeNull();
    expect(openSubtitle(sealed.subarray(0, 10), key)).toBeNull();
  });

  it('reads files stored before sealing as they are', () => {
    expect(openSubtitle(Buffer.from(VTT), randomBytes(32))?.toString()).toBe(VTT);
  });
});
