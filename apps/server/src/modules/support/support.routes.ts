import { ContactInputSchema, ContactReceiptSchema, EnvelopeOf } from '@episodic/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { AppInstance } from '../../http/types';
import { ok } from '../../http/envelope';
import { TooManyRequests, fieldProblem, invalidInput, type FieldProblems } from '../../http/errors';
import { requestLanguage } from '../../http/language';
import type { Mailer } from '../../mail/mailer';
import type { RateLimiter } from '../../cache/rate-limiter';
import { addressKey } from '../../http/client-address';
import { insertContactMessage } from './support.repository';

export interface SupportDeps {
  db: Kysely<DB>;
  mailer: Mailer;
  limiter: RateLimiter;
  supportEmail: string | null;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The contact page: messages are stored for operators and emailed to support when mail is set up. */
export function registerSupportRoutes(app: AppInstance, deps: SupportDeps): void {
  app.post(
    '/api/help/contact',
    {
      schema: {
        tags: ['support'],
        summary: 'Send a message to the team (kept for operators; emailed when mail is configured)',
        body: ContactInputSchema,
        response: { 200: EnvelopeOf(ContactReceiptSchema) },
      },
    },
    async (req) => {
      const email = (req.body.email ?? '').trim().toLowerCase();
      const subject = (req.body.subject ?? '').trim();
      const message = (req.body.message ?? '').trim();
      const fields: FieldProblems = {};
      if (!email) fields.email = fieldProblem('email_required', 'Please enter your email.');
      else if (!/^[^\s@]{1,64}@[^\s@.]+(\.[^\s@.]+)+$/.test(email))
        fields.email = fieldProblem('email_invalid', 'Enter a valid email address.');
      if (!subject) fields.subject = fieldProblem('subject_required', 'Please say what it is about.');
      if (!message) fields.message = fieldProblem('message_required', 'Please write your message.');
      if (Object.keys(fields).length > 0) throw invalidInput(fields);
      const wait = await deps.limiter.hit(`contact:ip:${addressKey(req.ip)}`, { limit: 5, windowSeconds: 3600 });
      if (wait > 0)
        throw new TooManyRequests(
          `Too many messages. Please wait ${Math.ceil(wait / 60)} minutes and try again.`,
          wait,
        );
      const auth = await req.auth();
      const id = await insertContactMessage(deps.db, {
        userId: auth?.userId ?? null,
        email,
        subject,
        message,
        language: requestLanguage(req),
      });
      if (deps.supportEmail && deps.mailer.kind === 'smtp') {
        void deps.mailer
          .send({
            to: deps.supportEmail,
            subject: `[Contact] ${subject}`,
            text: `From: ${email}\n\n${message}`,
            html: `<p>From: ${esc(email)}</p><p>${esc(message).replace(/\n/g, '<br>')}</p>`,
          })
          .catch((err: unknown) =>
            req.log.warn({ err: { message: (err as Error).message } }, 'contact message not emailed'),
          );
      }
      return ok({ id });
    },
  );
}
