import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseAfter } from './migration-test-db';

// A database as it stood before verified identities, holding the accounts the change must judge.
const t = databaseAfter('0009-admin');

async function account(email: string, password: boolean, facebookId: string | null): Promise<string> {
  const { rows } = await sql<{
    id: string;
  }>`INSERT INTO users (email, is_guest, password_hash) VALUES (${email}, false, ${password ? 'argon2-hash' : null}) RETURNING id`.execute(
    t.db,
  );
  const id = rows[0]!.id;
  if (facebookId)
    await sql`INSERT INTO user_identities (provider, provider_user_id, user_id, email) VALUES ('facebook', ${facebookId}, ${id}, ${email})`.execute(
      t.db,
    );
  await sql`INSERT INTO sessions (user_id, token_hash, expires_at) VALUES (${id}, ${`hash-${email}`}, now() + interval '1 day')`.execute(
    t.db,
  );
  return id;
}

describe('migration 0010-identity', () => {
  it('trusts the email of Facebook-made accounts, and unlinks Facebook from accounts whose password someone set with an unproven address', async () => {
    const facebookMade = await account('fb-only@example.com', false, 'fb-1');
    const squatted = await account('victim@example.com', true, 'fb-2');
    const plain = await account('plain@example.com', true, null);
    await t.migrateToLatest();

    const users = await sql<{
      id: string;
      email_verified_at: Date | null;
    }>`SELECT id, email_verified_at FROM users`.execute(t.db);
    const verified = new Map(users.rows.map((u) => [u.id, u.email_verified_at !== null]));
    expect(verified.get(facebookMade)).toBe(true);
    expect(verified.get(squatted)).toBe(false);
    expect(verified.get(plain)).toBe(false);

    const identities = await sql<{ user_id: string }>`SELECT user_id FROM user_identities`.execute(t.db);
    expect(identities.rows.map((i) => i.user_id)).toEqual([facebookMade]);

    // Whoever was in the squatted account (the Facebook user, or the one who set its password) signs in again.
    const open = await sql<{ user_id: string }>`SELECT user_id FROM sessions WHERE revoked_at IS NULL`.execute(t.db);
    expect(open.rows.map((s) => s.user_id).sort()).toEqual([facebookMade, plain].sort());
  });
});
