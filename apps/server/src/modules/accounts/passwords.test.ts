import { describe, expect, it, vi } from 'vitest';

// The tests make hashes at a low cost (test/setup.ts); production's own request is checked here. The
// modules are loaded afresh, so this file's passwords.ts calls the very mock it reads (a worker's
// earlier files may have loaded both already).
async function load() {
  vi.resetModules();
  const argon2 = await import('@node-rs/argon2');
  const passwords = await import('./passwords');
  return { hash: vi.mocked(argon2.hash), ...passwords };
}

describe('password hashing', () => {
  it('asks for Argon2id at OWASP cost (19 MiB, 2 passes, 1 lane)', async () => {
    const { hash, hashPassword } = await load();
    hash.mockClear();
    const stored = await hashPassword('correct horse battery');
    expect(hash.mock.calls[0]?.[1]).toEqual({ algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 });
    expect(stored.startsWith('$argon2id$')).toBe(true);
  });

  it('verifies the right password only, and refuses every password without a stored hash', async () => {
    const { hashPassword, verifyPassword } = await load();
    const stored = await hashPassword('correct horse battery');
    expect(await verifyPassword(stored, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(stored, 'correct horse battery!')).toBe(false);
    expect(await verifyPassword(null, 'correct horse battery')).toBe(false);
    expect(await verifyPassword('not a hash', 'correct horse battery')).toBe(false);
  });
});
