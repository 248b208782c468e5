import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminAuditEntry,
  AdminInboxCounts,
  AdminInboxItem,
  AdminInboxMessage,
  AdminPage,
} from '@episodic/contract';
import { createTestApp, envelope, type TestApp } from '../../../test/test-app';
import { caller, consoleSignIn, createCallers, sessionOf, type Callers } from '../../../test/admin-fixture';
import { createAccountsService } from '../accounts/index';
import { REPLY_MAX_ATTEMPTS } from './inbox-delivery';
import { NOT_CONFIGURED } from './inbox.service';

let t: TestApp;
let who: Callers;
let admin: ReturnType<typeof caller>;
let ip = 0;

/** A message sent from the contact page (each from its own address: the form is rate-limited per address). */
async function contact(t: TestApp, body: { email: string; subject: string; message: string }, token?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/help/contact',
    payload: body,
    remoteAddress: `10.9.0.${++ip}`,
    headers: { 'accept-language': 'es', ...(token ? { 'x-user-token': token } : {}) },
  });
  return envelope<{ id: string }>(res).data.id;
}

const HOSTILE = `<script>alert("x")</script><img src=x onerror=alert(1)> & "quotes"\n${'long line '.repeat(490)}`;

beforeAll(async () => {
  t = await createTestApp();
  who = await createCallers(t);
  admin = caller(t, who.admin);
});
afterAll(() => t.close());

describe('the inbox of contact messages', () => {
  it('lists open messages newest first with an unread count, and gives a hostile message back as the same text', async () => {
    const before = await admin.get<AdminInboxCounts>('/api/admin/inbox/counts');
    const first = await contact(t, { email: 'anon@example.com', subject: 'First', message: 'Hello' });
    const hostile = await contact(
      t,
      { email: 'viewer@episodic.test', subject: '<b>Help</b>', message: HOSTILE },
      who.viewer,
    );
    expect(HOSTILE.length).toBeLessThanOrEqual(5000);
    const counts = await admin.get<AdminInboxCounts>('/api/admin/inbox/counts');
    expect(counts.data).toEqual({ open: before.data.open + 2, unread: before.data.unread + 2 });

    const list = await admin.get<AdminPage<AdminInboxItem>>('/api/admin/inbox?pageSize=1');
    expect(list.data).toMatchObject({ page: 1, pageSize: 1, hasMore: true, total: before.data.open + 2 });
    expect(list.data.items[0]).toMatchObject({ id: hostile, subject: '<b>Help</b>', unread: true, replies: 0 });
    expect(list.data.items[0]!.excerpt.length).toBeLessThanOrEqual(140);
    expect(list.data.items[0]!.excerpt).not.toContain('\n');
    const second = await admin.get<AdminPage<AdminInboxItem>>('/api/admin/inbox?pageSize=1&page=2');
    expect(second.data.items[0]!.id).toBe(first);

    const detail = await admin.get<AdminInboxMessage>(`/api/admin/inbox/${hostile}`);
    expect(detail.data).toMatchObject({
      email: 'viewer@episodic.test',
      message: HOSTILE.trim(),
      language: 'es',
      account: { id: who.viewerId, email: 'viewer@episodic.test', isGuest: false },
      handledAt: null,
      replies: [],
      mailConfigured: false,
    });
    expect(detail.data.createdAt).toMatch(/T\d\d:\d\d:\d\d/);
    expect(detail.data.readAt).not.toBeNull();
    expect((await admin.get<AdminInboxCounts>('/api/admin/inbox/counts')).data.unread).toBe(before.data.unread + 1);
    expect((await admin.get<AdminInboxMessage>(`/api/admin/inbox/${first}`)).data.account).toBeNull();
  });

  it('keeps a reply that mail cannot send, says so, and records it in the audit log', async () => {
    const id = await contact(t, { email: 'fan@example.com', subject: 'Subtitles?', message: 'Do you have them?' });
    const empty = await admin.post(`/api/admin/inbox/${id}/replies`, { body: '   ' });
    expect(empty).toMatchObject({ code: 422, fields: { body: 'Write the reply first.' } });
    const res = await admin.post<AdminInboxMessage>(`/api/admin/inbox/${id}/replies`, { body: ' Yes, soon. ' });
    expect(res.code).toBe(200);
    expect(res.data.replies).toEqual([
      expect.objectContaining({
        body: 'Yes, soon.',
        sentAt: null,
        sendError: NOT_CONFIGURED,
        author: { id: who.adminId, email: 'ops@episodic.test' },
      }),
    ]);
    const audit = await admin.get<AdminPage<AdminAuditEntry>>(
      `/api/admin/audit?targetType=contact-message&targetId=${id}`,
    );
    expect(audit.data.items.map((e) => e.action)).toEqual(['contact.reply']);
    const listed = await admin.get<AdminPage<AdminInboxItem>>('/api/admin/inbox');
    expect(listed.data.items.find((m) => m.id === id)).toMatchObject({ replies: 1 });
  });

  it('marks done and reopens; two operators marking done at once make one change', async () => {
    const id = await contact(t, { email: 'done@example.com', subject: 'Thanks', message: 'All good' });
    const accounts = createAccountsService({ db: t.database.db, sessionTtlDays: 1 });
    await accounts.createAdmin('ops2@episodic.test', 'operator password 2');
    const other = caller(t, await consoleSignIn(t, { email: 'ops2@episodic.test', password: 'operator password 2' }));
    const both = await Promise.all([
      admin.post<AdminInboxMessage>(`/api/admin/inbox/${id}/status`, { done: true }),
      other.post<AdminInboxMessage>(`/api/admin/inbox/${id}/status`, { done: true }),
    ]);
    expect(both.map((r) => r.code)).toEqual([200, 200]);
    expect(both[0].data.handledAt).not.toBeNull();
    const open = await admin.get<AdminPage<AdminInboxItem>>('/api/admin/inbox?status=open&pageSize=100');
    expect(open.data.items.map((m) => m.id)).not.toContain(id);
    const done = await admin.get<AdminPage<AdminInboxItem>>('/api/admin/inbox?status=done');
    expect(done.data.items.map((m) => m.id)).toContain(id);
    const reopened = await admin.post<AdminInboxMessage>(`/api/admin/inbox/${id}/status`, { done: false });
    expect(reopened.data).toMatchObject({ handledAt: null, handledBy: null });
    const audit = await admin.get<AdminPage<AdminAuditEntry>>(
      `/api/admin/audit?targetType=contact-message&targetId=${id}`,
    );
    expect(audit.data.items.map((e) => e.action)).toEqual(['contact.reopen', 'contact.done']);
  });

  it('answers an unknown message with 404', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await admin.get(`/api/admin/inbox/${id}`)).code).toBe(404);
    expect((await admin.post(`/api/admin/inbox/${id}/replies`, { body: 'x' })).code).toBe(404);
    expect((await admin.post(`/api/admin/inbox/${id}/status`, { done: true })).code).toBe(404);
  });

  it('refuses viewers, guests and an operator’s viewer session, and they change nothing', async () => {
    const id = await contact(t, { email: 'secret@example.com', subject: 'Private', message: 'My address is …' });
    for (const token of [who.viewer, who.guest, who.adminViewer, null]) {
      const as = (method: 'GET' | 'POST', url: string, payload?: object) =>
        t.app.inject({ method, url, ...(token ? sessionOf(token) : {}), ...(payload ? { payload } : {}) });
      for (const res of [
        await as('GET', '/api/admin/inbox'),
        await as('GET', '/api/admin/inbox/counts'),
        await as('GET', `/api/admin/inbox/${id}`),
        await as('POST', `/api/admin/inbox/${id}/replies`, { body: 'hijack' }),
        await as('POST', `/api/admin/inbox/${id}/status`, { done: true }),
      ]) {
        expect([401, 403]).toContain(envelope(res).code);
        expect(res.body).not.toContain('secret@example.com');
      }
    }
    const row = await t.database.db
      .selectFrom('contact_messages')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ read_at: null, handled_at: null });
    const replies = await t.database.db
      .selectFrom('contact_replies')
      .select('id')
      .where('message_id', '=', id)
      .execute();
    expect(replies).toEqual([]);
  });
});

describe('replies over SMTP, through the reply queue', () => {
  const received: ParsedMail[] = [];
  let server: SMTPServer;
  let m: TestApp;
  let ops: ReturnType<typeof caller>;
  /** While set, the mail server holds each mail until it is released. */
  let hold: Promise<void> | null = null;
  /** While set, the mail server refuses each mail. */
  let refuse = false;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        const accept = async () => {
          const mail = await simpleParser(stream);
          await hold;
          if (refuse) throw Object.assign(new Error('Mailbox unavailable'), { responseCode: 450 });
          received.push(mail);
        };
        accept().then(() => callback(), callback);
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.server.address() as AddressInfo).port;
    m = await createTestApp({
      MAIL_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'Episodic <help@episodic.test>',
      JOBS: 'true',
    });
    ops = caller(m, (await createCallers(m)).admin);
  });
  afterAll(async () => {
    await m.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const mailsTo = (to: string) => received.filter((r) => (r.to as { text: string }).text === to);
  const deliver = () => m.app.jobs.run('contact-replies');
  const reply = (id: string, body: string) => ops.post<AdminInboxMessage>(`/api/admin/inbox/${id}/replies`, { body });
  const repliesOf = async (id: string) => (await ops.get<AdminInboxMessage>(`/api/admin/inbox/${id}`)).data.replies;
  /** Makes a reply waiting for a retry due now (instead of in a minute). */
  const dueNow = (id: string) =>
    m.database.db
      .updateTable('contact_replies')
      .set({ next_attempt_at: new Date(Date.now() - 1000) })
      .where('message_id', '=', id)
      .where('next_attempt_at', 'is not', null)
      .execute();

  it('answers at once while the mail server stalls, then mails the reply as plain text quoting the message', async () => {
    const id = await contact(m, {
      email: 'asker@example.com',
      subject: 'Refund',
      message: 'Line one\n<b>line two</b>',
    });
    let release = () => undefined as void;
    hold = new Promise<void>((resolve) => (release = resolve));
    const saved = await reply(id, 'Done & dusted <ok>');
    // Answered while the mail server still holds the mail: saved, audited, waiting to be sent.
    expect(saved.code).toBe(200);
    expect(saved.data.mailConfigured).toBe(true);
    expect(saved.data.replies[0]).toMatchObject({
      body: 'Done & dusted <ok>',
      sending: true,
      sentAt: null,
      sendError: null,
    });
    expect(mailsTo('asker@example.com')).toEqual([]);
    const audit = await ops.get<AdminPage<AdminAuditEntry>>(
      `/api/admin/audit?targetType=contact-message&targetId=${id}`,
    );
    expect(audit.data.items.map((e) => e.action)).toEqual(['contact.reply']);

    release();
    hold = null;
    await deliver();
    expect((await repliesOf(id))[0]).toMatchObject({ sending: false, sendError: null, sentAt: expect.any(String) });
    const [mail, ...more] = mailsTo('asker@example.com');
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Re: Refund');
    expect(mail!.html).toBe(false);
    expect(mail!.text).toContain('Done & dusted <ok>');
    expect(mail!.text).toContain('> Line one\n> <b>line two</b>');
  });

  it('tries a refused reply again until mail takes it, and mails it once', async () => {
    const id = await contact(m, { email: 'retry@example.com', subject: 'Hello', message: 'Anyone there?' });
    refuse = true;
    expect((await reply(id, 'Yes, we are')).data.replies[0]!.sending).toBe(true);
    await deliver();
    const [waiting] = await repliesOf(id);
    expect(waiting).toMatchObject({ sending: true, sentAt: null });
    expect(waiting!.sendError).toMatch(/^Not sent yet: the mail server refused or could not be reached/);
    // Not due before its retry time.
    await deliver();
    expect(mailsTo('retry@example.com')).toEqual([]);

    refuse = false;
    await dueNow(id);
    await Promise.all([deliver(), deliver()]);
    expect((await repliesOf(id))[0]).toMatchObject({ sending: false, sendError: null, sentAt: expect.any(String) });
    expect(mailsTo('retry@example.com')).toHaveLength(1);
  });

  it('gives up after its last try and says so', async () => {
    const id = await contact(m, { email: 'never@example.com', subject: 'Lost', message: 'Bounce me' });
    refuse = true;
    try {
      await reply(id, 'Will not arrive');
      await deliver();
      await m.database.db
        .updateTable('contact_replies')
        .set({ attempts: REPLY_MAX_ATTEMPTS - 1 })
        .where('message_id', '=', id)
        .execute();
      await dueNow(id);
      await deliver();
    } finally {
      refuse = false;
    }
    const [given] = await repliesOf(id);
    expect(given).toMatchObject({ sending: false, sentAt: null });
    expect(given!.sendError).toMatch(new RegExp(`^Not sent after ${String(REPLY_MAX_ATTEMPTS)} tries:`));
    await deliver();
    expect(mailsTo('never@example.com')).toEqual([]);
  });
});
