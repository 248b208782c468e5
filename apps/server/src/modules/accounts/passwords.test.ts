import { hash } from '@node-rs/argon2';
import { describe, expect, it, vi } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';

// The tests make hashes at a low cost (test/setup.ts); production's own request is checked here.
describe('password hashing', () => {
  it('asks for Argon2id at OWASP cost (19 MiB, 2 passes, 1 lane)', async () => {
    vi.mocked(hash).mockClear();
    const stored = await hashPassword('correct horse battery');
    expect(vi.mocked(hash).mock.calls[0]?.[1]).toEqual({
      algorithm: 2,
      memoryCost: 19456,
      timeCost: 2,
      parallelism: 1,
    });
    expect(stored.startsWith('$argon2id$')).toBe(true);
  });

  it('verifies the right password only, and refuses every password without a stored hash', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(await verifyPassword(stored, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(stored, 'correct horse battery!')).toBe(false);
    expect(await verifyPassword(null, 'correct horse battery')).toBe(false);
    expect(await verifyPassword('not a hash', 'correct horse battery')).toBe(false);
  });
});
