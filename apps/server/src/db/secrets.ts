import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from './schema';

/**
 * A secret made once and kept in the database, so every instance signs and checks with the same
 * one without anyone having to configure it.
 */
export async function sharedSecret(db: Kysely<DB>, name: string): Promise<string> {
  const key = `secret:${name}`;
  await db
    .insertInto('system_state')
    .values({ key, value: JSON.stringify(randomBytes(32).toString('base64url')) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('system_state').select('value').where('key', '=', key).executeTakeFirstOrThrow();
  return row.value as string;
}

/** The shared secret, read on first use (and again after a failed read). */
export function lazySharedSecret(db: Kysely<DB>, name: string): () => Promise<string> {
  let value: Promise<string> | undefined;
  return () => {
    value ??= sharedSecret(db, name).catch((err: unknown) => {
      value = undefined;
      throw err;
    });
    return value;
  };
}
