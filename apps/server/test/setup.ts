import type * as Argon2 from '@node-rs/argon2';
import { vi } from 'vitest';

// Argon2id at the production cost (19 MiB, 2 passes) takes ~50 ms a hash on two loaded cores, and the
// route tests sign up and sign in hundreds of times. Here the hashes are made at the lowest cost;
// `verify` reads the cost from the hash, so every path of passwords.ts still runs. The options
// production asks for are still checked (passwords.test.ts reads them from this mock's calls).
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const argon2 = await importOriginal<typeof Argon2>();
  return {
    ...argon2,
    hash: vi.fn((password: string | Uint8Array, options?: Argon2.Options | null) =>
      argon2.hash(password, { ...options, memoryCost: 1024, timeCost: 1 }),
    ),
  };
});
