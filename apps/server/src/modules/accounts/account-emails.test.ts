import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../mail/mailer';
import { passwordResetEmail } from './account-emails';

const received: ParsedMail[] = [];
let server: SMTPServer;
let port: number;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('account emails over SMTP', () => {
  it('sends through a real SMTP server when MAIL_URL is set, with text and HTML parts', async () => {
    const mailer = createMailer({
      mailUrl: `smtp://127.0.0.1:${port}`,
      from: 'Episodic <no-reply@episodic.test>',
      outboxDir: '/nonexistent',
      log: () => undefined,
    });
    await mailer.send(
      passwordResetEmail('viewer@example.com', 'https://episodic.test/retrievePassword?token=abc', 60, 'es'),
    );
    mailer.close();
    const mail = received.at(-1)!;
    expect(mail.subject).toBe('Restablece tu contraseña de Episodic');
    expect((mail.to as { text: string }).text).toBe('viewer@example.com');
    expect(mail.from?.value[0]).toMatchObject({ name: 'Episodic', address: 'no-reply@episodic.test' });
    expect(mail.text).toContain('https://episodic.test/retrievePassword?token=abc');
    expect(mail.html).toContain('href="https://episodic.test/retrievePassword?token=abc"');
  });
});
