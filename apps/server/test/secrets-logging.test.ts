import fs from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { simpleParser } from 'mailparser';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, type PaymentIntent, type PayResult, type User } from '@episodic/contract';
import { loggerOptions } from '../src/app';
import { createTestApp, envelope, type TestApp } from './test-app';
import {
  confirmAsBrowser,
  FAKE_STRIPE_KEY,
  FAKE_STRIPE_PUBLISHABLE_KEY,
  injectedWebhook,
  startFakeStripe,
  type FakeStripe,
} from './fake-stripe';
import { FAKE_PAYPAL, startFakePaypal, type FakePaypal } from './fake-paypal';
import { startFakeFacebook, type FakeFacebook } from './fake-facebook';
import { startMetaReceiver, startTiktokReceiver, type Receiver } from './conversion-receivers';
import { card } from './viewer-api';

/**
 * Secrets never reach the logs: two apps log everything (level trace, the product's logger options)
 * into memory while passwords, card numbers and security codes, session tokens (header and cookie),
 * reset and OAuth codes, signed links and every configured secret go through them; then not one of
 * those values may appear anywhere in what was logged.
 */

const ORIGIN = 'http://episodic.test';
const log: string[] = [];
const capture = new Writable({
  write(chunk: Buffer, _encoding, done) {
    log.push(chunk.toString());
    done();
  },
});
const logger = { ...loggerOptions({ logLevel: 'trace' }), stream: capture };

// Distinctive values, so any appearance in the log is a leak and not a coincidence.
const ENV_SECRETS = {
  STRIPE_WEBHOOK_SECRET: 'whsec_LogProbeStripeHook5e1c7a9b',
  SANDBOX_WEBHOOK_SECRET: 'LogProbe-sandbox-hook-4f2d9c81e7',
  FACEBOOK_APP_SECRET: 'LogProbe-facebook-app-secret-77d1',
  META_CAPI_ACCESS_TOKEN: 'EAABLogProbeMetaCapiToken3b9f0e',
  TIKTOK_EVENTS_ACCESS_TOKEN: 'LogProbeTiktokEventsToken-c4a2d8',
  MAIL_PASSWORD: 'LogProbeSmtpPassword-91ce',
};
// Fixed by the stand-ins, still secrets of the configuration.
const FIXED_SECRETS = { STRIPE_SECRET_KEY: FAKE_STRIPE_KEY, PAYPAL_CLIENT_SECRET: FAKE_PAYPAL.clientSecret };
const PASSWORDS = {
  first: 'LogProbe-pass-1-first',
  wrong: 'LogProbe-pass-2-wrong',
  reset: 'LogProbe-pass-3-reset',
  other: 'LogProbe-pass-4-other',
};
const CARDS = {
  amex: { number: '3782 822463 10005', cvv: '8264' },
  visaDeclined: { number: '4000 0000 0000 0002', cvv: '731' },
  visaChallenge: { number: '4000 0025 0000 3155', cvv: '482' },
  mastercard: { number: '5555 5555 5555 4444', cvv: '619' },
};

/** Values seen during the run that must stay out of the log: tokens, codes, links' signatures, shared secrets. */
const seen = new Set<string>();

let stripe: FakeStripe;
let paypal: FakePaypal;
let facebook: FakeFacebook;
let meta: Receiver;
let tiktok: Receiver;
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  [stripe, paypal, meta, tiktok] = await Promise.all([
    startFakeStripe({
      webhook: injectedWebhook(ENV_SECRETS.STRIPE_WEBHOOK_SECRET, () => a.app),
    }),
    startFakePaypal(),
    startMetaReceiver(),
    startTiktokReceiver(),
  ]);
  facebook = await startFakeFacebook('log-probe-app', ENV_SECRETS.FACEBOOK_APP_SECRET, {
    id: 'fb-log-1',
    name: 'Lou Probe',
    email: 'lou.fb@example.com',
  });
  // A: Stripe cards, PayPal's REST API, Facebook sign-in, server-side conversions; mail to the outbox.
  a = await createTestApp(
    {
      PUBLIC_URL: ORIGIN,
      STRIPE_SECRET_KEY: FIXED_SECRETS.STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: ENV_SECRETS.STRIPE_WEBHOOK_SECRET,
      STRIPE_PUBLISHABLE_KEY: FAKE_STRIPE_PUBLISHABLE_KEY,
      STRIPE_API_URL: stripe.url,
      PAYPAL_CLIENT_ID: FAKE_PAYPAL.clientId,
      PAYPAL_CLIENT_SECRET: FIXED_SECRETS.PAYPAL_CLIENT_SECRET,
      PAYPAL_API_URL: paypal.url,
      FACEBOOK_APP_ID: 'log-probe-app',
      FACEBOOK_APP_SECRET: ENV_SECRETS.FACEBOOK_APP_SECRET,
      FACEBOOK_AUTH_URL: facebook.authUrl,
      FACEBOOK_GRAPH_URL: facebook.graphUrl,
      META_CAPI_ACCESS_TOKEN: ENV_SECRETS.META_CAPI_ACCESS_TOKEN,
      META_CAPI_PIXEL_ID: '1234567890123',
      META_CAPI_URL: `${meta.url}/v21.0`,
      TIKTOK_EVENTS_ACCESS_TOKEN: ENV_SECRETS.TIKTOK_EVENTS_ACCESS_TOKEN,
      TIKTOK_EVENTS_PIXEL_CODE: 'CTT0LOGPROBE',
      TIKTOK_EVENTS_URL: `${tiktok.url}/open_api/v1.3`,
      SANDBOX_WEBHOOK_SECRET: ENV_SECRETS.SANDBOX_WEBHOOK_SECRET,
    },
    undefined,
    logger,
  );
  // B: the built-in card sandbox (signed webhooks) and PayPal sandbox; SMTP that cannot be reached.
  b = await createTestApp(
    {
      PUBLIC_URL: ORIGIN,
      SANDBOX_WEBHOOK_SECRET: ENV_SECRETS.SANDBOX_WEBHOOK_SECRET,
      MAIL_URL: `smtp://mailer:${ENV_SECRETS.MAIL_PASSWORD}@127.0.0.1:9`,
    },
    undefined,
    logger,
  );
}, 60_000);
afterAll(async () => {
  await a?.close();
  await b?.close();
  await Promise.all([stripe?.close(), paypal?.close(), facebook?.close(), meta?.close(), tiktok?.close()]);
});

type Carrier = 'cookie' | 'header' | 'both';
/** A request as a browser (cookie) or the app (X-User-Token) sends it; every token handed out is remembered. */
async function send(
  t: TestApp,
  method: 'GET' | 'POST',
  url: string,
  token: string | null,
  carrier: Carrier = 'header',
  payload?: object,
) {
  const res = await t.app.inject({
    method,
    url,
    payload,
    headers: {
      origin: ORIGIN,
      'user-agent': 'LogProbe/1.0',
      ...(token && carrier !== 'cookie' ? { 'x-user-token': token } : {}),
    },
    ...(token && carrier !== 'header' ? { cookies: { [SESSION_COOKIE]: token } } : {}),
  });
  const issued = res.headers['x-user-token'];
  if (typeof issued === 'string') seen.add(issued);
  for (const c of res.cookies) if (c.name === SESSION_COOKIE && c.value) seen.add(c.value);
  return res;
}
const data = <T>(res: { body: string }) => envelope<T>(res).data;
const tokenOf = (res: { headers: Record<string, unknown> }) => String(res.headers['x-user-token']);

async function mailTo(t: TestApp, to: string, subject: RegExp): Promise<string> {
  const dir = path.join(t.dataDir, 'outbox');
  for (let i = 0; i < 100; i++) {
    for (const file of await fs.readdir(dir).catch(() => [] as string[])) {
      const mail = await simpleParser(await fs.readFile(path.join(dir, file)));
      if ((mail.to as { text: string }).text === to && subject.test(mail.subject ?? '')) return mail.text ?? '';
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail to ${to} about ${String(subject)}`);
}

async function payByCard(
  t: TestApp,
  token: string,
  planId: string,
  c: { number: string; cvv: string },
  carrier: Carrier = 'header',
) {
  const order = data<{ id: string }>(await send(t, 'POST', '/api/payment/order', token, carrier, { planId }));
  const res = await send(t, 'POST', '/api/payment/pay', token, carrier, {
    orderId: order.id,
    method: 'card',
    card: card(c.number, { cvv: c.cvv }),
    agree: true,
  });
  return { orderId: order.id, result: data<PayResult>(res) };
}

/**
 * Pays through Stripe's Payment Element: the intent from our server, the card from the browser to
 * Stripe (the stand-in), the outcome by signed webhook. Card fields sent to us are refused first.
 */
async function payThroughStripe(
  t: TestApp,
  token: string,
  planId: string,
  c: { number: string; cvv: string },
  carrier: Carrier = 'header',
) {
  const order = data<{ id: string }>(await send(t, 'POST', '/api/payment/order', token, carrier, { planId }));
  const refused = await send(t, 'POST', '/api/payment/pay', token, carrier, {
    orderId: order.id,
    method: 'card',
    card: card(c.number, { cvv: c.cvv }),
    agree: true,
  });
  expect(envelope(refused).code).toBe(422);
  const intent = data<PaymentIntent>(
    await send(t, 'POST', '/api/payment/intent', token, carrier, {
      orderId: order.id,
      email: 'lou.probe@example.com',
      firstName: 'Lou',
      lastName: 'Probe',
      agree: true,
    }),
  );
  seen.add(intent.clientSecret);
  await confirmAsBrowser(stripe.url, intent.clientSecret, c.number.replace(/\s/g, ''));
  await stripe.idle();
  const status = data<{ status: string }>(await send(t, 'GET', `/api/payment/order?id=${order.id}`, token, carrier));
  return { orderId: order.id, status: status.status };
}

/** Exercises accounts, Stripe, PayPal, Facebook and conversions on app A. */
async function runAppA(): Promise<void> {
  const email = 'lou.probe@example.com';
  const guest = tokenOf(await send(a, 'GET', '/api/user', null));
  await send(a, 'POST', '/api/reports', guest, 'both', {
    event_name: 'PageView',
    event_source_url: `${ORIGIN}/?fbclid=LogProbeClick`,
  });
  const registered = await send(a, 'POST', '/api/user/register', guest, 'both', {
    email,
    password: PASSWORDS.first,
    confirmPassword: PASSWORDS.first,
    agree: true,
  });
  expect(data<User>(registered).isGuest).toBe(false);
  expect(
    envelope(await send(a, 'POST', '/api/user/login', null, 'header', { email, password: PASSWORDS.wrong })).code,
  ).toBe(401);
  const login = await send(a, 'POST', '/api/user/login', tokenOf(registered), 'cookie', {
    email,
    password: PASSWORDS.first,
  });
  const token = tokenOf(login);
  await send(a, 'GET', '/api/user', token, 'both');

  // Stripe: a membership with an Amex (4-digit security code), a decline, and signed webhooks.
  const member = await payThroughStripe(a, token, 'weekly', CARDS.amex, 'cookie');
  expect(member.status).toBe('paid');
  expect((await payThroughStripe(a, token, 'coins-300', CARDS.visaDeclined)).status).toBe('failed');
  const intent = [...stripe.intents.values()].find(
    (i) => (i.metadata as Record<string, string>).order_id === member.orderId,
  )!;
  const event = JSON.stringify({
    id: 'evt_log_probe',
    object: 'event',
    type: 'payment_intent.succeeded',
    data: { object: intent },
  });
  const signer = new Stripe(FAKE_STRIPE_KEY);
  for (const secret of [ENV_SECRETS.STRIPE_WEBHOOK_SECRET, 'whsec_forged']) {
    await a.app.inject({
      method: 'POST',
      url: '/api/webhook/payment/stripe',
      payload: event,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signer.webhooks.generateTestHeaderString({ payload: event, secret }),
      },
    });
  }
  // The receipt's one-tap cancel link is a signed capability.
  const receipt = await mailTo(a, email, /receipt|Receipt/);
  const cancelLink = /https?:\/\/\S+cancel-link\?\S+/.exec(receipt)![0];
  seen.add(new URL(cancelLink).searchParams.get('s')!);
  expect((await send(a, 'GET', cancelLink.replace(ORIGIN, ''), null)).statusCode).toBe(200);

  // PayPal's REST API (client credentials, then an order approved and captured on return).
  const ppOrder = data<{ id: string }>(
    await send(a, 'POST', '/api/payment/order', token, 'header', { planId: 'coins-300' }),
  );
  const started = data<PayResult>(
    await send(a, 'POST', '/api/payment/pay', token, 'header', {
      orderId: ppOrder.id,
      method: 'paypal',
      email: 'buyer@example.com',
      agree: true,
    }),
  );
  const paypalId = new URL(started.redirectUrl!).searchParams.get('token')!;
  paypal.approve(paypalId);
  await send(a, 'GET', `/api/payment/paypal/return?token=${encodeURIComponent(paypalId)}&PayerID=LOGPROBE`, null);

  // Email verification: the emailed link opened in the browser, then completed.
  const verifyMail = await mailTo(a, email, /Confirm your email/);
  const verifyToken = decodeURIComponent(/verifyToken=([^\s"&<]+)/.exec(verifyMail)![1]!);
  seen.add(verifyToken);
  await send(a, 'GET', `/my?verifyToken=${encodeURIComponent(verifyToken)}`, null);
  expect(envelope(await send(a, 'POST', '/api/user/email/verify', null, 'header', { token: verifyToken })).code).toBe(
    200,
  );
  // A session token that arrived in a link (stored by the app, so also in the header), traded for a new one.
  const linkGuest = tokenOf(await send(a, 'GET', '/api/user', null));
  await send(a, 'GET', `/?userToken=${encodeURIComponent(linkGuest)}`, null);
  await send(a, 'POST', '/api/user/session/exchange', linkGuest, 'header', { token: linkGuest });

  // Password reset: the emailed link opened in the browser, then the new password.
  await send(a, 'POST', '/api/user/password/forgot', null, 'header', { email });
  const resetMail = await mailTo(a, email, /password/i);
  const resetToken = decodeURIComponent(/token=([^\s"&<]+)/.exec(resetMail)![1]!);
  seen.add(resetToken);
  await send(a, 'GET', `/retrievePassword?token=${encodeURIComponent(resetToken)}`, null);
  const reset = await send(a, 'POST', '/api/user/password/reset', null, 'header', {
    token: resetToken,
    password: PASSWORDS.reset,
    confirmPassword: PASSWORDS.reset,
  });
  expect(envelope(reset).code).toBe(200);
  await send(a, 'POST', '/api/user/password', tokenOf(reset), 'header', {
    currentPassword: PASSWORDS.reset,
    password: PASSWORDS.other,
    confirmPassword: PASSWORDS.other,
  });

  // Facebook sign-in: the authorization code and state come back in the callback's address.
  const fbGuest = tokenOf(await send(a, 'GET', '/api/user', null));
  const start = await send(a, 'GET', '/api/user/oauth/facebook?returnTo=%2Fmy', fbGuest, 'cookie');
  const stateCookie = start.cookies.find((c) => c.name === 'episodic_oauth')!;
  seen.add(stateCookie.value);
  const dialog = await (await fetch(String(start.headers.location))).text();
  const back = new URL(/id="continue" href="([^"]+)"/.exec(dialog)![1]!.replace(/&#38;/g, '&'));
  seen.add(back.searchParams.get('code')!);
  const callback = await a.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    cookies: { episodic_oauth: stateCookie.value, [SESSION_COOKIE]: fbGuest },
  });
  expect(callback.statusCode).toBe(302);
  const fbSession = callback.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
  seen.add(fbSession);

  // Conversions go out with the access tokens; one failure is retried (and logged).
  await a.app.services.settings.invalidate();
  meta.failNext(1);
  await a.app.services.tracking.deliverDue();
  await send(a, 'POST', '/api/user/logout', fbSession, 'cookie', {});
  await send(a, 'POST', '/api/user/logout', token, 'header', { everywhere: true });
}

/** Exercises the card and PayPal sandboxes (signed webhooks, the bank's page) and an unreachable SMTP server on app B. */
async function runAppB(): Promise<void> {
  const guest = tokenOf(await send(b, 'GET', '/api/user', null));
  const reg = await send(b, 'POST', '/api/user/register', guest, 'header', {
    email: 'bea.probe@example.com',
    password: PASSWORDS.first,
    confirmPassword: PASSWORDS.first,
    agree: true,
  });
  const token = tokenOf(reg);
  expect((await payByCard(b, token, 'coins-1000', CARDS.amex, 'cookie')).result.status).toBe('paid');
  expect((await payByCard(b, token, 'coins-300', CARDS.visaDeclined, 'both')).result.status).toBe('failed');
  expect((await payByCard(b, token, 'monthly', CARDS.mastercard)).result.status).toBe('paid');
  const challenged = await payByCard(b, token, 'weekly', CARDS.visaChallenge);
  expect(challenged.result.status).toBe('requires_action');
  const bank = new URL(challenged.result.redirectUrl!).pathname;
  await b.app.inject({
    method: 'POST',
    url: bank,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'action=complete',
  });
  // PayPal's built-in sandbox: its approval page's address is signed.
  const order = data<{ id: string }>(
    await send(b, 'POST', '/api/payment/order', token, 'header', { planId: 'coins-300' }),
  );
  const approval = data<PayResult>(
    await send(b, 'POST', '/api/payment/pay', token, 'header', {
      orderId: order.id,
      method: 'paypal',
      email: 'buyer@example.com',
      agree: true,
    }),
  ).redirectUrl!;
  seen.add(new URL(approval).searchParams.get('sig')!);
  const page = await send(b, 'GET', approval.replace(ORIGIN, ''), null);
  const payNow = /href="([^"]+)"[^>]*>Pay now/
    .exec(page.body)![1]!
    .replace(/&#(\d+);/g, (_m, n: string) => String.fromCharCode(Number(n)));
  await send(b, 'GET', payNow.replace(ORIGIN, ''), null);
  await send(b, 'POST', '/api/user/password/forgot', null, 'header', { email: 'bea.probe@example.com' });
  await send(b, 'POST', '/api/user/login', token, 'both', {
    email: 'bea.probe@example.com',
    password: PASSWORDS.first,
  });
  // The sandbox's webhooks and the receipts (which fail at the SMTP server) run after the answers.
  await b.app.background.idle();
}

/** Where a value shows up in the log; short numeric values only as a whole (not inside an id or a timestamp). */
function findIn(text: string, secret: string): string | null {
  const at = /^\d{3,4}$/.test(secret)
    ? (new RegExp(`(?<![0-9A-Za-z])${secret}(?![0-9A-Za-z])`).exec(text)?.index ?? -1)
    : text.indexOf(secret);
  return at < 0 ? null : text.slice(Math.max(0, at - 200), at + secret.length + 50);
}

describe('secrets in the logs', () => {
  it('passwords, card data, session tokens, reset and OAuth codes, signed links and configured secrets are never logged', async () => {
    await runAppA();
    await runAppB();
    for (const t of [a, b]) {
      const secrets = await t.database.db
        .selectFrom('system_state')
        .select('value')
        .where('key', 'like', 'secret:%')
        .execute();
      for (const s of secrets) seen.add(s.value as string);
    }
    const text = log.join('');
    // The capture works, and it saw the requests that carried the secrets.
    expect(text).toContain('"url":"/api/user/login"');
    expect(text).toContain('/api/user/password/reset');
    expect(text).toContain('/api/webhook/payment/stripe');
    expect(text).toContain('/api/user/oauth/facebook/callback');
    expect(seen.size).toBeGreaterThan(10);

    const leaks: Record<string, string> = {};
    const check = (name: string, value: string) => {
      const found = findIn(text, value);
      if (found) leaks[name] = found;
    };
    for (const [name, value] of Object.entries({ ...ENV_SECRETS, ...FIXED_SECRETS, ...PASSWORDS })) check(name, value);
    for (const [name, c] of Object.entries(CARDS)) {
      check(`${name} number`, c.number);
      check(`${name} number (digits)`, c.number.replace(/\s/g, ''));
      check(`${name} security code`, c.cvv);
    }
    for (const value of seen) check(`token or code ${value.slice(0, 6)}…`, value);
    expect(leaks).toEqual({});
  }, 60_000);
});
