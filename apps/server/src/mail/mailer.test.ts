import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { createMailer } from './mailer';

describe('mailer', () => {
  it('writes an .eml file to the outbox without MAIL_URL', async () => {
    const outboxDir = await fs.mkdtemp(path.join(os.tmpdir(), 'episodic-outbox-'));
    const logged: string[] = [];
    const mailer = createMailer({
      mailUrl: null,
      from: 'Episodic <no-reply@episodic.test>',
      outboxDir,
      log: (msg) => logged.push(msg),
    });
    await mailer.send({ to: 'a@b.co', subject: 'Hello', text: 'plain', html: '<p>html</p>' });
    const files = await fs.readdir(outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const mail = await simpleParser(await fs.readFile(path.join(outboxDir, files[0]!)));
    expect(mail.subject).toBe('Hello');
    expect(mail.text?.trim()).toBe('plain');
    expect(logged).toEqual(['mail written to outbox']);
    await fs.rm(outboxDir, { recursive: true, force: true });
  });
});
