import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  await sql`
    CREATE TABLE users (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      email text,
      password_hash text,
      is_guest boolean NOT NULL DEFAULT true,
      role text NOT NULL DEFAULT 'viewer' CHECK (role IN ('viewer', 'admin')),
      language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'es', 'fy', 'dy', 'pt')),
      auto_unlock boolean NOT NULL DEFAULT false,
      disabled_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (email IS NULL OR (email = lower(email) AND length(email) <= 254)),
      CHECK (is_guest OR email IS NOT NULL)
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX users_email_key ON users (email) WHERE email IS NOT NULL`.execute(db);

  await sql`
    CREATE TABLE sessions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      user_agent text,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX sessions_user_id_idx ON sessions (user_id)`.execute(db);

  await sql`
    CREATE TABLE settings (
      config_key text PRIMARY KEY CHECK (length(config_key) BETWEEN 1 AND 100),
      config_value text NOT NULL DEFAULT '',
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    INSERT INTO settings (config_key) VALUES
      ('facebook_pixel_id'), ('google_analytics'), ('tiktok_pixel'), ('bigo_pixel')
    ON CONFLICT DO NOTHING`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE settings, sessions, users`.execute(db);
}
