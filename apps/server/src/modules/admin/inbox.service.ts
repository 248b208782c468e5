import type { AdminInboxCounts, AdminInboxItem, AdminInboxMessage, AdminPage } from '@episodic/contract';
import { notFound } from '../../http/errors';
import type { MailMessage } from '../../mail/mailer';
import { writeAudit, type Operator } from './audit';
import { FieldCheck } from './input-rules';
import {
  findMessage,
  inboxCounts,
  inboxRows,
  insertReply,
  markRead,
  recordDelivery,
  repliesOf,
  setHandled,
} from './inbox.repository';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export interface InboxDeps {
  db: Kysely<DB>;
  /** 'outbox' when MAIL_URL is not set: replies are then kept but not sent. */
  mailTransport: 'smtp' | 'outbox';
  sendMail: (message: MailMessage) => Promise<void>;
  log: (message: string, data?: Record<string, unknown>) => void;
}

/** A mail server that accepts the connection and then stalls must not hold the operator's request. */
const SEND_TIMEOUT_MS = 20_000;

export const NOT_CONFIGURED =
  'Not sent: this server has no mail set up (MAIL_URL). The reply is kept here; write to the sender from your own mailbox.';

/**
 * The reply mail: plain text only and no wording of our own beyond "Re:", so it reads the same in
 * whatever language the sender wrote; their message is quoted below the answer.
 */
export function replyMail(to: string, subject: string, body: string, original: string, sentAt: Date): MailMessage {
  const quoted = original
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n');
  return {
    to,
    subject: /^re:/i.test(subject) ? subject : `Re: ${subject}`,
    text: `${body}\n\n${sentAt.toISOString().slice(0, 16).replace('T', ' ')} UTC, ${to}:\n${quoted}\n`,
  };
}

function plainSendError(err: unknown): string {
  const message = err instanceof Error ? err.message : '';
  if (message === 'timeout')
    return 'Not sent: the mail server did not answer in time. It may still arrive; check before sending again.';
  return 'Not sent: the mail server refused or could not be reached. The reply is kept here; try again later.';
}

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
   * Keeps the reply with the message (and its audit entry) first, then mails it: a reply mail can
   * fail or be impossible (no MAIL_URL) and the operator still sees what was written and that it was not sent.
   */
  async function reply(operator: Operator, id: string, input: string): Promise<AdminInboxMessage> {
    const body = input.trim();
    const check = new FieldCheck();
    if (!body) check.add('body', 'required', 'Write the reply first.');
    check.check();
    const sent = await db.transaction().execute(async (trx) => {
      const m = await findMessage(trx, id, true);
      if (!m) throw notFound('not_found', 'There is no such message.');
      const replyId = await insertReply(trx, { messageId: id, authorId: operator.userId, body });
      await writeAudit(trx, operator, {
        action: 'contact.reply',
        targetType: 'contact-message',
        targetId: id,
        summary: `Replied to ${m.email} about “${m.subject.slice(0, 120)}”`,
        after: { replyId, characters: body.length },
      });
      return { replyId, mail: replyMail(m.email, m.subject, body, m.message, m.created_at) };
    });
    if (deps.mailTransport !== 'smtp') {
      await recordDelivery(db, sent.replyId, { sent: false, error: NOT_CONFIGURED });
      return detail(id);
    }
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        deps.sendMail(sent.mail),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('timeout')), SEND_TIMEOUT_MS);
        }),
      ]);
      await recordDelivery(db, sent.replyId, { sent: true });
    } catch (err) {
      deps.log('contact reply not sent', { messageId: id, error: (err as Error).message });
      await recordDelivery(db, sent.replyId, { sent: false, error: plainSendError(err) });
    } finally {
      clearTimeout(timer);
    }
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
