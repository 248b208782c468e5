import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';

type Executor = Kysely<DB> | Transaction<DB>;

export interface InboxRow {
  id: string;
  email: string;
  subject: string;
  excerpt: string;
  language: string;
  created_at: Date;
  read_at: Date | null;
  handled_at: Date | null;
  replies: number;
  total: number;
}

/** One page (plus one row) of open or done messages, newest first. */
export async function inboxRows(db: Executor, done: boolean, offset: number, limit: number): Promise<InboxRow[]> {
  const { rows } = await sql<InboxRow>`
    SELECT m.id, m.email, m.subject, left(m.message, 200) AS excerpt, m.language, m.created_at, m.read_at,
      m.handled_at, (SELECT count(*)::int FROM contact_replies r WHERE r.message_id = m.id) AS replies,
      count(*) OVER ()::int AS total
    FROM contact_messages m
    WHERE ${done ? sql`m.handled_at IS NOT NULL` : sql`m.handled_at IS NULL`}
    ORDER BY m.created_at DESC, m.id
    OFFSET ${offset} LIMIT ${limit}`.execute(db);
  return rows;
}

export async function inboxCounts(db: Executor): Promise<{ open: number; unread: number }> {
  const { rows } = await sql<{ open: number; unread: number }>`
    SELECT count(*)::int AS open, (count(*) FILTER (WHERE read_at IS NULL))::int AS unread
    FROM contact_messages WHERE handled_at IS NULL`.execute(db);
  return rows[0] ?? { open: 0, unread: 0 };
}

export interface MessageRow {
  id: string;
  email: string;
  subject: string;
  message: string;
  language: string;
  created_at: Date;
  read_at: Date | null;
  handled_at: Date | null;
  handled_by: string | null;
  handled_by_email: string | null;
  user_id: string | null;
  user_email: string | null;
  user_is_guest: boolean | null;
}

export async function findMessage(db: Executor, id: string, lock = false): Promise<MessageRow | undefined> {
  const { rows } = await sql<MessageRow>`
    SELECT m.id, m.email, m.subject, m.message, m.language, m.created_at, m.read_at, m.handled_at,
      m.handled_by, h.email AS handled_by_email, m.user_id, u.email AS user_email, u.is_guest AS user_is_guest
    FROM contact_messages m
    LEFT JOIN users h ON h.id = m.handled_by
    LEFT JOIN users u ON u.id = m.user_id
    WHERE m.id = ${id}::uuid
    ${lock ? sql`FOR UPDATE OF m` : sql``}`.execute(db);
  return rows[0];
}

export interface ReplyRow {
  id: string;
  body: string;
  created_at: Date;
  author_id: string | null;
  author_email: string | null;
  sent_at: Date | null;
  send_error: string | null;
  /** Set while the reply waits in the queue to be mailed. */
  next_attempt_at: Date | null;
}

export async function repliesOf(db: Executor, messageId: string): Promise<ReplyRow[]> {
  const { rows } = await sql<ReplyRow>`
    SELECT r.id, r.body, r.created_at, r.author_id, a.email AS author_email, r.sent_at, r.send_error,
      r.next_attempt_at
    FROM contact_replies r LEFT JOIN users a ON a.id = r.author_id
    WHERE r.message_id = ${messageId}::uuid
    ORDER BY r.created_at, r.id`.execute(db);
  return rows;
}

/** Notes the first time an operator opened the message. */
export async function markRead(db: Executor, id: string): Promise<void> {
  await db
    .updateTable('contact_messages')
    .set({ read_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('read_at', 'is', null)
    .execute();
}

/** Done (with who) or open again; true when the state changed. */
export async function setHandled(db: Executor, id: string, by: string | null): Promise<boolean> {
  const res = await db
    .updateTable('contact_messages')
    .set(
      by
        ? { handled_at: sql<Date>`now()`, handled_by: by, read_at: sql<Date>`coalesce(read_at, now())` }
        : { handled_at: null, handled_by: null },
    )
    .where('id', '=', id)
    .where('handled_at', by ? 'is' : 'is not', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/**
 * A new reply: `queued`, it waits in the reply queue to be mailed (from now); otherwise it is kept
 * with `notSent`, why it will not be mailed.
 */
export async function insertReply(
  db: Executor,
  r: { messageId: string; authorId: string; body: string } & ({ queued: true } | { queued: false; notSent: string }),
): Promise<string> {
  const row = await db
    .insertInto('contact_replies')
    .values({
      message_id: r.messageId,
      author_id: r.authorId,
      body: r.body,
      next_attempt_at: r.queued ? sql<Date>`now()` : null,
      send_error: r.queued ? null : r.notSent.slice(0, 500),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Replies waiting to be mailed, as a leased queue (jobs/queue.ts): due ones, oldest first; each claim
 * leases the row (a crashed worker's claims come back) and counts one attempt.
 */
export const replyQueueTable = {
  table: 'contact_replies',
  key: ['id'],
  waiting: sql`next_attempt_at <= now()`,
  orderBy: sql`next_attempt_at`,
} as const;

export interface QueuedReplyRow {
  id: string;
  message_id: string;
  body: string;
  attempts: number;
}

/** The mail server took the reply: it leaves the queue. */
export async function markReplySent(db: Executor, id: string): Promise<void> {
  await db
    .updateTable('contact_replies')
    .set({ sent_at: sql<Date>`now()`, send_error: null, next_attempt_at: null, lease_until: null })
    .where('id', '=', id)
    .execute();
}

/** Not sent this time: tried again at `at` (null: given up), saying why. */
export async function markReplyNotSent(db: Executor, id: string, at: Date | null, error: string): Promise<void> {
  await db
    .updateTable('contact_replies')
    .set({ next_attempt_at: at, lease_until: null, send_error: error.slice(0, 500) })
    .where('id', '=', id)
    .execute();
}
