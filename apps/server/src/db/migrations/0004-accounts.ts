import { sql, type Kysely } from 'kysely';

/** Password resets, sign-in providers (Facebook) and their short-lived authorization states. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN display_name text CHECK (length(display_name) <= 120)`.execute(db);
  await sql`
    CREATE TABLE password_resets (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX password_resets_user_idx ON password_resets (user_id)`.execute(db);
  await sql`
    CREATE TABLE user_identities (
      provider text NOT NULL CHECK (provider IN ('facebook')),
      provider_user_id text NOT NULL CHECK (length(provider_user_id) BETWEEN 1 AND 200),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      email text,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (provider, provider_user_id)
    )`.execute(db);
  await sql`CREATE INDEX user_identities_user_idx ON user_identities (user_id)`.execute(db);
  await sql`
    CREATE TABLE oauth_states (
      state_hash text PRIMARY KEY,
      code_verifier text NOT NULL,
      return_to text NOT NULL DEFAULT '/my',
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE oauth_states, user_identities, password_resets`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN display_name`.execute(db);
}
