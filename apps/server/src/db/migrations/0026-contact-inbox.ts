import { sql, type Kysely } from 'kysely';

/**
 * The console's inbox of contact messages: when an operator first read one and who marked it done,
 * and the replies sent from the console (kept with the message even when mail could not send them).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE contact_messages
    ADD COLUMN read_at timestamptz,
    ADD COLUMN handled_by uuid REFERENCES users (id) ON DELETE SET NULL`.execute(db);
  await sql`CREATE INDEX contact_messages_done_idx ON contact_messages (created_at DESC) WHERE handled_at IS NOT NULL`.execute(
    db,
  );
  await sql`
    CREATE TABLE contact_replies (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      message_id uuid NOT NULL REFERENCES contact_messages (id) ON DELETE CASCADE,
      author_id uuid REFERENCES users (id) ON DELETE SET NULL,
      body text NOT NULL CHECK (length(body) BETWEEN 1 AND 5000),
      created_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz,
      send_error text CHECK (length(send_error) <= 500)
    )`.execute(db);
  await sql`CREATE INDEX contact_replies_message_idx ON contact_replies (message_id, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE contact_replies`.execute(db);
  await sql`DROP INDEX contact_messages_done_idx`.execute(db);
  await sql`ALTER TABLE contact_messages DROP COLUMN read_at, DROP COLUMN handled_by`.execute(db);
}
