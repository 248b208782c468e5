import { sql, type Kysely } from 'kysely';

/** Messages viewers send from the contact page, kept for operators. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE contact_messages (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid REFERENCES users (id) ON DELETE SET NULL,
      email text NOT NULL CHECK (length(email) <= 254),
      subject text NOT NULL CHECK (length(subject) BETWEEN 1 AND 200),
      message text NOT NULL CHECK (length(message) BETWEEN 1 AND 5000),
      language text NOT NULL DEFAULT 'en',
      created_at timestamptz NOT NULL DEFAULT now(),
      handled_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX contact_messages_open_idx ON contact_messages (created_at DESC) WHERE handled_at IS NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE contact_messages`.execute(db);
}
