import fs from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, type PayResult, type User } from '@episodic/contract';
import { createTestApp, envelope, type TestApp } from '../../../test/test-app';
import { billingInstance } from '../../../test/billing-instance';
import { seedCatalogFixture } from '../../../test/catalog-fixture';
import { createMailer } from '../../mail/mailer';
import { lazySharedSecret } from '../../db/secrets';
import { EventBus } from '../../events';
import { createRenewals } from './renewals';
import { createReceipts } from './receipts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://episodic.test' });
  await seedCatalogFixture(t.database.db);
});
afterAll(() => t.close());

const DAY = 86400000;

/** A second, independent set of billing services on the same database: another server instance. */
function instance(afterCharge?: () => void) {
  const db = t.database.db;
  const mailer = createMailer({
    mailUrl: null,
    from: 'Episodic <no-reply@episodic.test>',
    outboxDir: path.join(t.dataDir, 'outbox'),
    log: () => undefined,
  });
  const linkSecret = lazySharedSecret(db, 'links');
  const sendReceipt = createReceipts({
    db,
    mailer,
    publicUrl: 'http://episodic.test',
    linkSecret,
    testMode: true,
    log: () => undefined,
  });
  const events = new EventBus();
  events.on('order.paid', async (o) => void sendReceipt(o.id));
  const { sandbox, billing } = billingInstance(t, { events });
  return createRenewals({
    db,
    billing,
    provider: sandbox,
    mailer,
    publicUrl: 'http://episodic.test',
    linkSecret,
    log: () => undefined,
    afterCharge,
  });
}

async function member(
  planId: string,
  cardNumber = '4242424242424242',
  email?: string,
): Promise<{ token: string; id: string }> {
  const guest = await t.app.inject({ method: 'GET', url: '/api/user' });
  let token = String(guest.headers['x-user-token']);
  const id = envelope<User>(guest).data.id;
  if (email) {
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      headers: { 'x-user-token': token },
      payload: { email, password: 'renew1pass', confirmPassword: 'renew1pass', agree: true },
    });
    token = String(reg.headers['x-user-token']);
  }
  const order = envelope<{ id: string }>(
    await t.app.inject({
      method: 'POST',
      url: '/api/payment/order',
      headers: { 'x-user-token': token },
      payload: { planId },
    }),
  );
  const paid = envelope<PayResult>(
    await t.app.inject({
      method: 'POST',
      url: '/api/payment/pay',
      headers: { 'x-user-token': token },
      payload: {
        orderId: order.data.id,
        method: 'card',
        agree: true,
        card: {
          number: cardNumber,
          expiry: '12/34',
          cvv: '123',
          firstName: 'Ana',
          lastName: 'Lima',
          email: 'ana@example.com',
        },
      },
    }),
  );
  expect(paid.data.status).toBe('paid');
  return { token, id };
}

async function endPeriod(userId: string, at: Date) {
  await t.database.db
    .updateTable('memberships')
    .set({ current_period_end: at })
    .where('user_id', '=', userId)
    .execute();
}
async function chargesOf(userId: string): Promise<number> {
  const orders = await t.database.db
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', userId)
    .where('purpose', '=', 'renewal')
    .execute();
  if (orders.length === 0) return 0;
  const rows = await t.database.db
    .selectFrom('sandbox_charges')
    .select('id')
    .where('idempotency_key', 'like', `${orders[0]!.id}%`)
    .execute();
  return rows.length;
}
async function membership(userId: string) {
  return t.database.db.selectFrom('memberships').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
}
async function outbox(to: string) {
  const dir = path.join(t.dataDir, 'outbox');
  const mails = [];
  for (const file of (await fs.readdir(dir).catch(() => [] as string[])).sort()) {
    const mail = await simpleParser(await fs.readFile(path.join(dir, file)));
    if ((mail.to as { text: string }).text === to) mails.push(mail);
  }
  return mails;
}

describe('renewals', () => {
  it('charges the saved card when the period ends, continuing it without a gap, once', async () => {
    const m = await member('weekly', '4242424242424242', 'renew@example.com');
    const end = new Date(Date.now() - 60_000);
    await endPeriod(m.id, end);
    const report = await instance().runOnce();
    expect(report.renewed).toBe(1);
    const after = await membership(m.id);
    expect(after.current_period_end.getTime()).toBe(end.getTime() + 7 * DAY);
    expect(after.status).toBe('active');
    expect(await chargesOf(m.id)).toBe(1);
    expect((await instance().runOnce()).renewed).toBe(0);
    expect(await chargesOf(m.id)).toBe(1);
  });

  it('sends a receipt after the charge, with a cancel link whose page asks before its button cancels', async () => {
    // The account's other mail (confirming its address) is not a receipt.
    const receipts = async () =>
      (await outbox('renew@example.com')).filter((m) => m.subject === 'Your Episodic receipt');
    let mails = await receipts();
    for (let i = 0; i < 300 && mails.length < 2; i++) {
      await new Promise((r) => setTimeout(r, 50));
      mails = await receipts();
    }
    expect(mails.length).toBe(2);
    const linkIn = (text: string | undefined) =>
      new URL(/(http:\/\/episodic\.test\/api\/payment\/cancel-link\?\S+)/.exec(text ?? '')![1]!);
    const userId = linkIn(mails[0]!.text).searchParams.get('u')!;
    const endsAt = (await membership(userId)).current_period_end;
    // The renewal's receipt (both may land in the same millisecond, so found by its period): its link
    // is for the period it paid for.
    const last = mails.find((m) => linkIn(m.text).searchParams.get('p') === String(endsAt.getTime()));
    expect(last, 'a receipt whose cancel link names the renewed period').toBeDefined();
    expect(last!.text).toMatch(/We charged \$4\.99 for Weekly/);
    expect(last!.text).toContain('Test mode: no money is taken.');
    const url = linkIn(last!.text);

    // Opening the link (as a mail scanner does, also with HEAD) changes nothing: the page says what cancelling means.
    const page = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('Cancel your renewal?');
    expect(page.body).toContain(
      `Your Weekly membership stays active until ${new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(endsAt)}`,
    );
    expect(page.body).toMatch(/<form method="post" action="\/api\/payment\/cancel-link">/);
    expect(page.body).not.toMatch(/<script/);
    await t.app.inject({ method: 'HEAD', url: `${url.pathname}${url.search}` });
    expect((await membership(userId)).auto_renew).toBe(true);

    // A forged signature, or one for another period, is refused on both.
    // As a browser sends our page's form: urlencoded, from our origin, with whatever session cookie it holds (the CSRF guard lets it through).
    const browser = String((await t.app.inject({ method: 'GET', url: '/api/user' })).headers['x-user-token']);
    const form = (fields: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: url.pathname,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: 'http://episodic.test',
          cookie: `${SESSION_COOKIE}=${browser}`,
        },
        payload: new URLSearchParams(fields).toString(),
      });
    const fields = { u: userId, p: url.searchParams.get('p')!, s: url.searchParams.get('s')! };
    for (const forged of [
      { ...fields, s: 'forged' },
      { ...fields, p: String(endsAt.getTime() + 7 * DAY) },
    ]) {
      const res = await form(forged);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('This link is not valid');
    }
    const get = await t.app.inject({ method: 'GET', url: `${url.pathname}?u=${userId}&p=${fields.p}&s=forged` });
    expect(get.statusCode).toBe(400);
    expect((await membership(userId)).auto_renew).toBe(true);

    // The link of the earlier (purchase) period no longer works: the page says so and points to the account page.
    const old = linkIn(mails.find((m) => m !== last)!.text);
    expect(old.searchParams.get('p')).not.toBe(fields.p);
    const expired = await t.app.inject({ method: 'GET', url: `${old.pathname}${old.search}` });
    expect(expired.body).toContain('This link has expired');
    expect(expired.body).toContain('href="/my"');
    expect(expired.body).not.toContain('<form');
    expect((await form({ u: userId, p: old.searchParams.get('p')!, s: old.searchParams.get('s')! })).body).toContain(
      'This link has expired',
    );
    expect((await membership(userId)).auto_renew).toBe(true);

    // The button: a form POST from our own page, without any session.
    const done = await form(fields);
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Your renewal is cancelled');
    expect(await membership(userId)).toMatchObject({ auto_renew: false, status: 'active' });
    expect((await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` })).body).toContain(
      'Your renewal is already cancelled',
    );
  });

  it('renews once when two instances run at the same moment', async () => {
    const m = await member('monthly');
    await endPeriod(m.id, new Date(Date.now() - 1000));
    const [a, b] = await Promise.all([instance().runOnce(), instance().runOnce()]);
    expect(a.renewed + b.renewed).toBe(1);
    expect(await chargesOf(m.id)).toBe(1);
  });

  it('recovers from a crash between the charge and its record without charging twice', async () => {
    const m = await member('weekly');
    const end = new Date(Date.now() - 1000);
    await endPeriod(m.id, end);
    await expect(
      instance(() => {
        throw new Error('killed');
      }).runOnce(),
    ).rejects.toThrow('killed');
    const order = await t.database.db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', m.id)
      .where('purpose', '=', 'renewal')
      .executeTakeFirstOrThrow();
    expect(order.status).toBe('processing');
    // Before the lease runs out nobody touches it; after, the next pass finishes the job.
    expect((await instance().runOnce()).renewed).toBe(0);
    const later = await instance().runOnce(new Date(Date.now() + 11 * 60_000));
    expect(later.renewed).toBe(1);
    expect(await chargesOf(m.id)).toBe(1);
    expect((await membership(m.id)).current_period_end.getTime()).toBe(end.getTime() + 7 * DAY);
  });

  it('retries a declined renewal with backoff, then lapses and access ends', async () => {
    const m = await member('weekly', '4000000000000341');
    await endPeriod(m.id, new Date(Date.now() - 1000));
    const now = Date.now();
    expect((await instance().runOnce(new Date(now))).failed).toBe(1);
    expect((await membership(m.id)).renewal_attempts).toBe(1);
    expect((await instance().runOnce(new Date(now + 30 * 60_000))).failed).toBe(0);
    expect((await instance().runOnce(new Date(now + 61 * 60_000))).failed).toBe(1);
    const last = await instance().runOnce(new Date(now + 8 * 3600_000));
    expect(last.lapsed).toBe(1);
    expect(await membership(m.id)).toMatchObject({ status: 'lapsed', auto_renew: false });
    const user = envelope<User>(
      await t.app.inject({ method: 'GET', url: '/api/user', headers: { 'x-user-token': m.token } }),
    );
    expect(user.data.membership.active).toBe(false);
  });

  it("pays a failed renewal after a switch of plan on that renewal's own terms: its price with its days", async () => {
    const m = await member('weekly', '4000000000000341');
    await endPeriod(m.id, new Date(Date.now() - 1000));
    expect((await instance().runOnce(new Date())).failed).toBe(1);
    const renewal = await t.database.db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', m.id)
      .where('purpose', '=', 'renewal')
      .executeTakeFirstOrThrow();
    expect(renewal).toMatchObject({ status: 'failed', amount: 499, renewal_days: 7 });
    const pay = async (orderId: string) =>
      envelope<PayResult>(
        await t.app.inject({
          method: 'POST',
          url: '/api/payment/pay',
          headers: { 'x-user-token': m.token },
          payload: {
            orderId,
            method: 'card',
            agree: true,
            card: {
              number: '4242424242424242',
              expiry: '12/34',
              cvv: '123',
              firstName: 'Ana',
              lastName: 'Lima',
              email: 'ana@example.com',
            },
          },
        }),
      ).data.status;
    // The member switches to the monthly plan: a new agreement at its price, for its period.
    const monthly = envelope<{ id: string }>(
      await t.app.inject({
        method: 'POST',
        url: '/api/payment/order',
        headers: { 'x-user-token': m.token },
        payload: { planId: 'monthly' },
      }),
    );
    expect(await pay(monthly.data.id)).toBe('paid');
    expect(await membership(m.id)).toMatchObject({ plan_id: 'monthly', renewal_price: 1499, renewal_days: 30 });
    const before = (await membership(m.id)).current_period_end.getTime();
    // Then pays the weekly renewal that had failed: it grants the week it was made for, at its price.
    expect(await pay(renewal.id)).toBe('paid');
    const after = await membership(m.id);
    expect(after).toMatchObject({ plan_id: 'weekly', renewal_price: 499, renewal_currency: 'USD', renewal_days: 7 });
    expect(after.current_period_end.getTime() - before).toBe(7 * DAY);
  });

  it('reminds yearly members a week before the renewal, once', async () => {
    const m = await member('yearly', '4242424242424242', 'yearly@example.com');
    await endPeriod(m.id, new Date(Date.now() + 5 * DAY));
    expect((await instance().runOnce()).reminded).toBe(1);
    expect((await instance().runOnce()).reminded).toBe(0);
    const mails = await outbox('yearly@example.com');
    expect(mails.some((mail) => mail.subject === 'Your Episodic membership renews soon')).toBe(true);
  });
});
