import { sql, type Kysely } from 'kysely';

/**
 * Verified identities: when an account's email was proven (an emailed link, a completed password
 * reset, or Facebook reporting it), the single-use verification links, and the short-lived state of a
 * Facebook sign-in waiting for the matching account's password before it may be linked.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN email_verified_at timestamptz`.execute(db);
  // Accounts made by Facebook sign-in alone (no password) took their email from Facebook. Accounts with
  // a password stay unverified: whoever registered them never proved the address.
  await sql`
    UPDATE users u SET email_verified_at = u.created_at
    WHERE u.password_hash IS NULL AND u.email IS NOT NULL
      AND EXISTS (SELECT 1 FROM user_identities i WHERE i.user_id = u.id AND i.email = u.email)`.execute(db);
  // A Facebook identity on an account with a password may have been linked by an unproven email:
  // someone registered the Facebook user's address, and that person's sign-in landed in the account.
  // The two cannot be told apart afterwards, so the link goes and every session of the account ends:
  // the next Facebook sign-in asks for the account's password, which its owner knows or resets by
  // email (proving the address and ending the other party's access).
  await sql`
    UPDATE sessions s SET revoked_at = now()
    WHERE s.revoked_at IS NULL
      AND s.user_id IN (SELECT i.user_id FROM user_identities i JOIN users u ON u.id = i.user_id WHERE u.password_hash IS NOT NULL)`.execute(
    db,
  );
  await sql`
    DELETE FROM user_identities i USING users u
    WHERE i.user_id = u.id AND u.password_hash IS NOT NULL`.execute(db);
  await sql`
    CREATE TABLE email_verifications (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      email text NOT NULL,
      token_hash text NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX email_verifications_user_idx ON email_verifications (user_id)`.execute(db);
  await sql`
    CREATE TABLE pending_links (
      token_hash text PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      provider text NOT NULL CHECK (provider IN ('facebook')),
      provider_user_id text NOT NULL CHECK (length(provider_user_id) BETWEEN 1 AND 200),
      email text NOT NULL,
      -- Whether Facebook reported the email as verified (then linking also verifies the account's email).
      email_verified boolean NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX pending_links_user_idx ON pending_links (user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE pending_links, email_verifications`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN email_verified_at`.execute(db);
}
