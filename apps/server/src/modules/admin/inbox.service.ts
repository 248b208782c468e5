import type { AdminInboxCounts, AdminInboxItem, AdminInboxMessage, AdminPage } from '@episodic/contract';
import { notFound } from '../../http/errors';
import { writeAudit, type Operator } from './audit';
import { FieldCheck } from './input-rules';
import { findMessage, inboxCounts, inboxRows, insertReply, markRead, repliesOf, setHandled } from './inbox.repository';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export interface InboxDeps {
  db: Kysely<DB>;
  /** 'outbox' when MAIL_URL is not set: replies are then kept but not sent. */
  mailTransport: 'smtp' | 'outbox';
  /** Asks the reply queue to send now (where the jobs run; elsewhere its next pass sends it). */
  deliverSoon?: () => void;
}

export const NOT_CONFIGURED =
  'Not sent: this server has no mail set up (MAIL_URL). The reply is kept here; write to the sender from your own mailbox.';

/** Contact messages from viewers: read, answer by email, mark done. */
export function createInboxService(deps: InboxDeps) {
  const { db } = deps;

  async function list(q: {
    page: number;
    pageSize: number;
    status?: 'open' | 'done';
  }): Promise<AdminPage<AdminInboxItem>> {
    const rows = await inboxRows(db, q.status === 'done', (q.page - 1) * q.pageSize, q.pageSize + 1);
    return {
      items: rows.slice(0, q.pageSize).map((r) => ({
        id: r.id,
        email: r.email,
        subject: r.subject,
        excerpt: r.excerpt.replace(/\s+/g, ' ').trim().slice(0, 140),
        language: r.language,
        createdAt: r.created_at.toISOString(),
        unread: r.read_at === null,
        handledAt: r.handled_at?.toISOString() ?? null,
        replies: r.replies,
      })),
      page: q.page,
      pageSize: q.pageSize,
      hasMore: rows.length > q.pageSize,
      total: rows.length > 0 ? rows[0]!.total : 0,
    };
  }

  const counts = (): Promise<AdminInboxCounts> => inboxCounts(db);

  async function detail(id: string): Promise<AdminInboxMessage> {
    const m = await findMessage(db, id);
    if (!m) throw notFound('not_found', 'There is no such message.');
    const replies = await repliesOf(db, id);
    return {
      id: m.id,
      email: m.email,
      subject: m.subject,
      message: m.message,
      language: m.language,
      createdAt: m.created_at.toISOString(),
      readAt: m.read_at?.toISOString() ?? null,
      handledAt: m.handled_at?.toISOString() ?? null,
      handledBy: m.handled_by ? { id: m.handled_by, email: m.handled_by_email } : null,
      account: m.user_id ? { id: m.user_id, email: m.user_email, isGuest: m.user_is_guest ?? false } : null,
      replies: replies.map((r) => ({
        id: r.id,
        body: r.body,
        createdAt: r.created_at.toISOString(),
        author: r.author_id ? { id: r.author_id, email: r.author_email } : null,
        sentAt: r.sent_at?.toISOString() ?? null,
        sending: r.sent_at === null && r.next_attempt_at !== null,
        sendError: r.send_error,
      })),
      mailConfigured: deps.mailTransport === 'smtp',
    };
  }

  /** Opening a message marks it read (not a change worth the audit log). */
  async function open(id: string): Promise<AdminInboxMessage> {
    await markRead(db, id);
    return detail(id);
  }

  /**
   * Keeps the reply with the message (and its audit entry) and queues its mail, then answers at once:
   * the mail server is never waited for (inbox-delivery.ts sends it, and tries again when it fails).
   * Without MAIL_URL the reply is kept and says it was not sent.
   */
  async function reply(operator: Operator, id: string, input: string): Promise<AdminInboxMessage> {
    const body = input.trim();
    const check = new FieldCheck();
    if (!body) check.add('body', 'required', 'Write the reply first.');
    check.check();
    const queued = deps.mailTransport === 'smtp';
    await db.transaction().execute(async (trx) => {
      const m = await findMessage(trx, id, true);
      if (!m) throw notFound('not_found', 'There is no such message.');
      const reply = { messageId: id, authorId: operator.userId, body };
      const replyId = await insertReply(
        trx,
        queued ? { ...reply, queued: true } : { ...reply, queued: false, notSent: NOT_CONFIGURED },
      );
      await writeAudit(trx, operator, {
        action: 'contact.reply',
        targetType: 'contact-message',
        targetId: id,
        summary: `Replied to ${m.email} about “${m.subject.slice(0, 120)}”`,
        after: { replyId, characters: body.length },
      });
    });
    if (queued) deps.deliverSoon?.();
    return detail(id);
  }

  async function setDone(operator: Operator, id: string, done: boolean): Promise<AdminInboxMessage> {
    await db.transaction().execute(async (trx) => {
      const m = await findMessage(trx, id, true);
      if (!m) throw notFound('not_found', 'There is no such message.');
      // Marking a done message done (two operators at once) changes nothing and writes no entry.
      if (!(await setHandled(trx, id, done ? operator.userId : null))) return;
      await writeAudit(trx, operator, {
        action: done ? 'contact.done' : 'contact.reopen',
        targetType: 'contact-message',
        targetId: id,
        summary: `${done ? 'Marked done' : 'Reopened'}: message from ${m.email} about “${m.subject.slice(0, 120)}”`,
        before: { handledAt: m.handled_at?.toISOString() ?? null },
        after: { done },
      });
    });
    return detail(id);
  }

  return { list, counts, open, reply, setDone };
}

export type InboxService = ReturnType<typeof createInboxService>;
