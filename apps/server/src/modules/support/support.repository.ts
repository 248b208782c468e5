import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export interface ContactMessage {
  userId: string | null;
  email: string;
  subject: string;
  message: string;
  language: string;
}

/** Keeps a contact message for operators; returns its id. */
export async function insertContactMessage(db: Kysely<DB>, m: ContactMessage): Promise<string> {
  const row = await db
    .insertInto('contact_messages')
    .values({ user_id: m.userId, email: m.email, subject: m.subject, message: m.message, language: m.language })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
