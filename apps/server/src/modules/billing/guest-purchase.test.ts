import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayResult, User } from '@episodic/contract';
import { createTestApp, newGuest, outbox, unique, viewerCall, type TestApp } from '../../testing';
import { card } from '../../../test/viewer-api';
import { billingInstance } from '../../../test/billing-instance';
import { lazySharedSecret } from '../../db/secrets';
import { createRenewals } from './renewals';

// A guest's purchase is never orphaned: a guest pays only with an email, the receipt goes there with
// a set-password link, and the address is the guest's only once that link (proof of the mailbox) is used.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://episodic.test' });
});
afterAll(() => t.close());

const strong = 'drama2026!';
const call = <T = unknown>(method: 'GET' | 'POST', url: string, token: string | null, payload?: object) =>
  viewerCall<T>(t, method, url, token, payload ? { payload } : {});
const me = async (token: string) => (await call<User>('GET', '/api/user', token)).data;

async function order(token: string, planId = 'monthly'): Promise<string> {
  return (await call<{ id: string }>('POST', '/api/payment/order', token, { planId })).data.id;
}
async function buyByCard(token: string, email: string, planId = 'monthly') {
  const orderId = await order(token, planId);
  const paid = await call<PayResult>('POST', '/api/payment/pay', token, {
    orderId,
    method: 'card',
    card: card(undefined, { email }),
    agree: true,
  });
  expect(paid.data.status).toBe('paid');
  return orderId;
}
/** The newest mail to an address whose text matches, once it arrives. */
async function mailTo(to: string, match: RegExp) {
  for (let i = 0; i < 100; i++) {
    await t.app.background.idle();
    const found = (await outbox(t)).filter((m) => m.to === to && match.test(m.text)).at(-1);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail to ${to} matching ${String(match)}`);
}
const setPasswordLink = (text: string) =>
  /http:\/\/episodic\.test\/retrievePassword\?token=([^&\s]+)&purchase=1/.exec(text);
const setPassword = (token: string, session: string | null = null) =>
  call<User>('POST', '/api/user/password/reset', session, { token, password: strong, confirmPassword: strong });

describe('paying as a guest', () => {
  it('needs an email, by PayPal and by card, before anything is charged', async () => {
    const guest = await newGuest(t);
    const orderId = await order(guest.token);
    const paypal = await call('POST', '/api/payment/pay', guest.token, { orderId, method: 'paypal', agree: true });
    expect(paypal.code).toBe(422);
    expect(paypal.fields).toEqual({
      email: 'Please enter your email: your receipt and access to what you buy go there.',
    });
    const typo = await call('POST', '/api/payment/pay', guest.token, {
      orderId,
      method: 'paypal',
      email: 'ana@',
      agree: true,
    });
    expect(typo.fields).toEqual({ email: 'Enter a valid email address.' });
    const byCard = await call('POST', '/api/payment/pay', guest.token, {
      orderId,
      method: 'card',
      card: card(undefined, { email: '' }),
      agree: true,
    });
    expect(byCard.code).toBe(422);
    expect(byCard.fields).toEqual({ 'card.email': 'Please enter your email.' });
    expect((await call<{ status: string }>('GET', `/api/payment/order?id=${orderId}`, guest.token)).data.status).toBe(
      'pending',
    );

    const started = await call<PayResult>('POST', '/api/payment/pay', guest.token, {
      orderId,
      method: 'paypal',
      email: ' Buyer.Paypal@Example.com ',
      agree: true,
    });
    expect(started.data.status).toBe('redirect');
    const row = await t.database.db
      .selectFrom('orders')
      .select('buyer_email')
      .where('id', '=', orderId)
      .executeTakeFirst();
    expect(row?.buyer_email).toBe('buyer.paypal@example.com');
  });

  it('mails the receipt there, in the buyer’s language, with the cancel link and a set-password link that works once', async () => {
    const email = `buyer-${unique()}@example.com`;
    const guest = await newGuest(t);
    await call('POST', '/api/user/profile', guest.token, { language: 'es' });
    await buyByCard(guest.token, email);
    const receipt = await mailTo(email, /Gracias/);
    expect(receipt.subject).toBe('Tu recibo de Episodic');
    expect(receipt.text).toContain('/api/payment/cancel-link?');
    expect(receipt.text).toContain('crea una contraseña');
    const link = setPasswordLink(receipt.text);
    expect(link).not.toBeNull();
    // The address is not the guest's yet: it proves nothing until the link is used.
    expect(await me(guest.token)).toMatchObject({ isGuest: true, email: null });

    // Another phone follows the link and sets a password: it holds the account, with the membership.
    const phone = await newGuest(t);
    const used = await setPassword(decodeURIComponent(link![1]!), phone.token);
    expect(used.code).toBe(200);
    expect(used.data).toMatchObject({ id: guest.id, email, isGuest: false, emailVerified: true });
    expect(used.data.membership.active).toBe(true);
    expect((await me(used.token!)).membership.active).toBe(true);
    // Once only; and the guest's own session ended (whoever holds the mailbox holds the account now).
    expect((await setPassword(decodeURIComponent(link![1]!))).code).toBe(410);
    expect((await me(guest.token)).id).not.toBe(guest.id);
    // Signing in with the new password works anywhere.
    const login = await call<User>('POST', '/api/user/login', null, { email, password: strong });
    expect(login.data).toMatchObject({ id: guest.id, membership: { active: true } });
  });

  it('keeps everything when the same browser registers later with that email', async () => {
    const email = `same-${unique()}@example.com`;
    const guest = await newGuest(t);
    await buyByCard(guest.token, email, 'coins-300');
    const reg = await call<User>('POST', '/api/user/register', guest.token, {
      email,
      password: strong,
      confirmPassword: strong,
      agree: true,
    });
    expect(reg.code).toBe(200);
    expect(reg.data).toMatchObject({ id: guest.id, email, isGuest: false, coins: 300 });
    // The receipt's link, made for the guest under this address, now acts only for this address.
    const receipt = await mailTo(email, /Episodic/);
    const link = setPasswordLink(receipt.text);
    if (link) expect((await setPassword(decodeURIComponent(link[1]!))).data).toMatchObject({ id: guest.id });
  });

  it('from another device, registering with the address makes no empty account: the link goes to the mailbox', async () => {
    const email = `other-${unique()}@example.com`;
    const guest = await newGuest(t);
    await buyByCard(guest.token, email, 'coins-300');
    await mailTo(email, /set a password|Set your password/);

    const elsewhere = await newGuest(t);
    const reg = await call<User>('POST', '/api/user/register', elsewhere.token, {
      email,
      password: strong,
      confirmPassword: strong,
      agree: true,
    });
    expect(reg.code).toBe(409);
    expect((reg.res.json() as { reason?: string }).reason).toBe('email_has_purchases');
    expect(reg.message).toBe(
      'Purchases were made with this email. We sent it a link: open it to set your password and keep them.',
    );
    expect(reg.token).toBeUndefined();
    const nobody = await t.database.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(nobody).toEqual([]);
    expect(await me(elsewhere.token)).toMatchObject({ id: elsewhere.id, isGuest: true, coins: 0 });

    const mail = await mailTo(email, /Set your Episodic password|set a password for an account/);
    expect(mail.subject).toBe('Set your Episodic password to keep your purchases');
    const link = setPasswordLink(mail.text)!;
    const used = await setPassword(decodeURIComponent(link[1]!), elsewhere.token);
    expect(used.data).toMatchObject({ id: guest.id, email, isGuest: false, coins: 300, emailVerified: true });
  });

  it('gives an attacker who types the buyer’s email nothing: not by registering, not by a reset', async () => {
    const victim = `victim-${unique()}@example.com`;
    const buyer = await newGuest(t);
    await buyByCard(buyer.token, victim, 'monthly');
    const before = (await outbox(t)).length;

    const attacker = await newGuest(t);
    const reg = await call<User>('POST', '/api/user/register', attacker.token, {
      email: victim,
      password: strong,
      confirmPassword: strong,
      agree: true,
    });
    expect(reg.code).toBe(409);
    expect(reg.token).toBeUndefined();
    expect(await me(attacker.token)).toMatchObject({ id: attacker.id, isGuest: true, membership: { active: false } });
    const forgot = await call('POST', '/api/user/password/forgot', attacker.token, { email: victim });
    expect(forgot.code).toBe(200);
    await t.app.background.idle();
    // Every mail went to the victim's own address; a made-up link does nothing.
    const since = (await outbox(t)).slice(before);
    expect(since.length).toBeGreaterThan(0);
    expect(since.every((m) => m.to === victim)).toBe(true);
    expect((await setPassword('made-up-token', attacker.token)).code).toBe(410);
    const login = await call('POST', '/api/user/login', attacker.token, { email: victim, password: strong });
    expect(login.code).toBe(401);
    expect(await me(buyer.token)).toMatchObject({ id: buyer.id, membership: { active: true } });
  });

  it('never attaches an address that has an account: the receipt says to sign in, and nothing moves without it', async () => {
    const email = `owner-${unique()}@example.com`;
    const owner = await call<User>('POST', '/api/user/register', null, {
      email,
      password: strong,
      confirmPassword: strong,
      agree: true,
    });
    const guest = await newGuest(t);
    await buyByCard(guest.token, email, 'monthly');
    const receipt = await mailTo(email, /already has an Episodic account/);
    expect(setPasswordLink(receipt.text)).toBeNull();
    expect(await me(owner.token!)).toMatchObject({ membership: { active: false } });
    expect(await me(guest.token)).toMatchObject({ id: guest.id, isGuest: true, membership: { active: true } });
    // Signing in on the device that paid brings the purchase along (the account's own secret).
    const login = await call<User>('POST', '/api/user/login', guest.token, { email, password: strong });
    expect(login.data).toMatchObject({ id: owner.data.id, membership: { active: true } });
  });

  it('lets a purchase link act only for its address, once the guest became an account under another one', async () => {
    const email = `first-${unique()}@example.com`;
    const guest = await newGuest(t);
    await buyByCard(guest.token, email, 'coins-300');
    const link = setPasswordLink((await mailTo(email, /Episodic/)).text)!;
    const other = `second-${unique()}@example.com`;
    const reg = await call<User>('POST', '/api/user/register', guest.token, {
      email: other,
      password: strong,
      confirmPassword: strong,
      agree: true,
    });
    expect(reg.data).toMatchObject({ id: guest.id, email: other });
    const used = await setPassword(decodeURIComponent(link[1]!));
    expect(used.code).toBe(410);
    const login = await call('POST', '/api/user/login', null, { email: other, password: strong });
    expect(login.code).toBe(200);
  });

  it('lets an account pay by PayPal without giving an email again', async () => {
    const email = `acct-${unique()}@example.com`;
    const reg = await call<User>('POST', '/api/user/register', null, {
      email,
      password: strong,
      confirmPassword: strong,
      agree: true,
    });
    const orderId = await order(reg.token!);
    const started = await call<PayResult>('POST', '/api/payment/pay', reg.token!, {
      orderId,
      method: 'paypal',
      agree: true,
    });
    expect(started.data.status).toBe('redirect');
  });

  it('sends a guest member’s renewal reminder and renewal receipt to the address given at purchase', async () => {
    const email = `renewing-${unique()}@example.com`;
    const guest = await newGuest(t);
    await buyByCard(guest.token, email);
    await mailTo(email, /Thank/);
    const db = t.database.db;
    // The app's own events: the renewal's order.paid sends its receipt as a purchase's does.
    const { sandbox, billing } = billingInstance(t, { events: t.app.events });
    const renewals = createRenewals({
      db,
      billing,
      provider: sandbox,
      mailer: t.app.mailer,
      publicUrl: 'http://episodic.test',
      linkSecret: lazySharedSecret(db, 'links'),
      log: () => undefined,
    });
    const now = Date.now();
    const setEnd = (at: Date) =>
      db.updateTable('memberships').set({ current_period_end: at }).where('user_id', '=', guest.id!).execute();
    await setEnd(new Date(now + 2 * 86400000));
    expect((await renewals.runOnce(new Date(now))).reminded).toBe(1);
    const reminder = await mailTo(email, /cancel-link/);
    expect(reminder.text).toContain('14.99');
    await setEnd(new Date(now - 60_000));
    expect((await renewals.runOnce(new Date(now))).renewed).toBe(1);
    const receipts = async () => (await outbox(t)).filter((m) => m.to === email && /Thank/.test(m.text));
    for (let i = 0; i < 100 && (await receipts()).length < 2; i++) {
      await t.app.background.idle();
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await receipts()).toHaveLength(2);
  });
});
