import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { backoffMs, createLeasedQueue } from '../../jobs/queue';
import type { MailMessage } from '../../mail/mailer';
import { findMessage, markReplyNotSent, markReplySent, replyQueueTable, type QueuedReplyRow } from './inbox.repository';

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

/** A mail server that accepts the connection and then stalls must not hold a worker's lease. */
const SEND_TIMEOUT_MS = 20_000;
// Longer than a send can take, so a live worker never loses its claim.
const LEASE_MS = 120_000;
const MAX_BACKOFF_MS = 60 * 60_000;
export const REPLY_MAX_ATTEMPTS = 8;

function plainReason(err: unknown): string {
  return err instanceof Error && err.message === 'timeout'
    ? 'the mail server did not answer in time'
    : 'the mail server refused or could not be reached';
}

export interface ReplyDeliveryDeps {
  db: Kysely<DB>;
  sendMail: (message: MailMessage) => Promise<void>;
  log: (message: string, data?: Record<string, unknown>) => void;
  /** Delay before the first retry; it doubles with each further one, up to an hour. One minute by default. */
  retryMs?: number;
  maxAttempts?: number;
}

/**
 * Mails queued console replies: each is claimed with a lease (one instance sends it), tried again
 * with backoff when the mail server fails, and given up after a few hours, saying so in the console.
 * A server that timed out may still have taken the mail, so a reply can arrive twice: never lost.
 */
export function createReplyDelivery(deps: ReplyDeliveryDeps) {
  const maxAttempts = deps.maxAttempts ?? REPLY_MAX_ATTEMPTS;
  const retryMs = deps.retryMs ?? 60_000;

  async function send(mail: MailMessage): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        deps.sendMail(mail),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('timeout')), SEND_TIMEOUT_MS);
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  async function deliver(row: QueuedReplyRow): Promise<void> {
    const m = await findMessage(deps.db, row.message_id);
    if (!m) return; // The message was deleted, and its replies with it.
    try {
      await send(replyMail(m.email, m.subject, row.body, m.message, m.created_at));
      await markReplySent(deps.db, row.id);
    } catch (err) {
      const reason = plainReason(err);
      const last = row.attempts >= maxAttempts;
      deps.log('contact reply not sent', {
        replyId: row.id,
        attempt: row.attempts,
        last,
        error: (err as Error).message,
      });
      await markReplyNotSent(
        deps.db,
        row.id,
        last ? null : new Date(Date.now() + backoffMs(retryMs, row.attempts, MAX_BACKOFF_MS)),
        last
          ? `Not sent after ${String(row.attempts)} tries: ${reason}. The reply is kept here; write to the sender from your own mailbox.`
          : `Not sent yet: ${reason}. It is tried again automatically.`,
      );
    }
  }

  const queue = createLeasedQueue<QueuedReplyRow>({
    db: deps.db,
    ...replyQueueTable,
    leaseMs: LEASE_MS,
    batch: 5,
    handle: deliver,
  });

  /** Sends every reply due now; returns how many were tried. */
  const deliverDue = (): Promise<number> => queue.drain();
  return { deliverDue, idle: queue.idle };
}

export type ReplyDelivery = ReturnType<typeof createReplyDelivery>;
