import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Absent for plain-text mail (replies to contact messages). */
  html?: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  mailUrl: string | null;
  from: string;
  outboxDir: string;
  log: (msg: string, data: Record<string, unknown>) => void;
}

/**
 * SMTP through nodemailer when MAIL_URL is set; otherwise every message is written as an .eml
 * file under DATA_DIR/outbox and logged, so password resets work with nothing configured.
 */
export function createMailer({ mailUrl, from, outboxDir, log }: MailerOptions): Mailer {
  if (mailUrl) {
    const transport = nodemailer.createTransport(mailUrl);
    return {
      kind: 'smtp',
      async send(message) {
        await transport.sendMail({ from, ...message });
        log('mail sent', { to: message.to, subject: message.subject });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await fs.mkdir(outboxDir, { recursive: true });
      const file = path.join(
        outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`,
      );
      await fs.writeFile(file, info.message as Buffer);
      log('mail written to outbox', { to: message.to, subject: message.subject, file });
    },
    close: () => undefined,
  };
}
