import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentIntent, QuickPayResult } from '@episodic/contract';
import { createTestApp, envelope, newGuest, type TestApp } from '../../testing';
import {
  confirmAsBrowser,
  FAKE_STRIPE_KEY,
  FAKE_STRIPE_PUBLISHABLE_KEY,
  injectedWebhook,
  startFakeStripe,
  type FakeStripe,
} from '../../../test/fake-stripe';
import { loggerOptions } from '../../app';

// Everything the server logs, at the most detailed level, with the production redaction rules.
let logs = '';
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logs += chunk.toString();
    done();
  },
});

const WEBHOOK_SECRET = 'whsec_card_data_test';
let stripe: FakeStripe;
let t: TestApp;
beforeAll(async () => {
  // The stand-in's events reach the app as Stripe's would: signed, at the webhook route.
  stripe = await startFakeStripe({
    webhook: injectedWebhook(WEBHOOK_SECRET, () => t.app),
  });
  t = await createTestApp(
    {
      PUBLIC_URL: 'http://episodic.test',
      STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PUBLISHABLE_KEY: FAKE_STRIPE_PUBLISHABLE_KEY,
      STRIPE_API_URL: stripe.url,
    },
    undefined,
    { ...loggerOptions({ logLevel: 'trace' }), stream: sink },
  );
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const NUMBERS = ['4242424242424242', '4000002500003155', '4000000000000002', '5555555555554444'];
const CVV = '737';
const grouped = (number: string) => number.replace(/(\d{4})(?=\d)/g, '$1 ');

/** Every row of every table of the database, each as one line of text (all its columns). */
async function databaseText(): Promise<string> {
  const { rows: tables } = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`.execute(
    t.database.db,
  );
  const lines: string[] = [];
  for (const { table_name } of tables) {
    const { rows } = await sql<{ line: string }>`SELECT ${sql.table(table_name)}::text AS line FROM ${sql.table(
      table_name,
    )}`.execute(t.database.db);
    lines.push(...rows.map((r) => `${table_name} ${r.line}`));
  }
  return lines.join('\n');
}

/**
 * The card numbers (whole, or grouped in fours) and security codes `text` holds: a code is three or
 * four digits, so it counts where it stands as a value (quoted, after a colon or an equals sign) or
 * under a field named for it.
 */
function cardDataIn(text: string, numbers: readonly string[], cvc: string): string[] {
  const found = numbers.flatMap((n) => [n, grouped(n)]).filter((form) => text.includes(form));
  const code = new RegExp(`"cv[cv]"|cv[cv]\\]?=|"${cvc}"|[:=]\\s*${cvc}\\b`).exec(text);
  return code ? [...found, code[0]] : found;
}

describe('card fields sent to our server while Stripe takes the cards', () => {
  it('are refused before anything is kept, logged or sent to Stripe', async () => {
    const session = await t.app.inject({ method: 'GET', url: '/api/user' });
    const headers = { 'x-user-token': String(session.headers['x-user-token']) };
    const order = envelope<{ id: string }>(
      await t.app.inject({ method: 'POST', url: '/api/payment/order', headers, payload: { planId: 'coins-300' } }),
    ).data;
    for (const number of NUMBERS) {
      for (const spaced of [number, grouped(number)]) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/payment/pay',
          headers,
          payload: {
            orderId: order.id,
            method: 'card',
            card: { number: spaced, expiry: '12/34', cvv: CVV, firstName: 'Ana', lastName: 'Lima', email: 'a@b.co' },
            agree: true,
          },
        });
        expect(envelope(res)).toMatchObject({
          code: 422,
          reason: 'card_fields_refused',
          message: expect.stringContaining("Card details are entered in our payment processor's secure form"),
        });
      }
    }
    // Without consent, or without a method (card is the default): refused the same way.
    const bare = await t.app.inject({
      method: 'POST',
      url: '/api/payment/pay',
      headers,
      payload: { orderId: order.id, card: { number: NUMBERS[0], cvv: CVV } },
    });
    expect(envelope(bare)).toMatchObject({ code: 422, reason: 'card_fields_refused' });
    await t.app.background.idle();

    expect(stripe.requests).toEqual([]);
    expect(logs).toContain('/api/payment/pay');
    const dump = await databaseText();
    expect(dump.length).toBeGreaterThan(0);
    expect(cardDataIn(logs, NUMBERS, CVV)).toEqual([]);
    expect(cardDataIn(dump, NUMBERS, CVV)).toEqual([]);
    const row = await t.database.db.selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirst();
    expect(row?.status).toBe('pending');
  });
});

describe('payments through Stripe’s Payment Element', () => {
  it('leave no card number or security code in the logs or the database, once paid, challenged, declined and charged again', async () => {
    const v = await newGuest(t);
    const headers = { 'x-user-token': v.token };
    const call = async <T>(method: 'GET' | 'POST', url: string, payload?: object) =>
      envelope<T>(await t.app.inject({ method, url, headers, payload }));
    const start = async (planId: string) => {
      const orderId = (await call<{ id: string }>('POST', '/api/payment/order', { planId })).data.id;
      const intent = await call<PaymentIntent>('POST', '/api/payment/intent', {
        orderId,
        email: 'ana@example.com',
        firstName: 'Ana',
        lastName: 'Lima',
        agree: true,
      });
      return { orderId, clientSecret: intent.data.clientSecret };
    };
    /** The card goes from the browser to Stripe, as the Payment Element sends it; the webhook is applied. */
    const confirm = async (clientSecret: string, number: string) => {
      const answer = await confirmAsBrowser(stripe.url, clientSecret, number, undefined, CVV);
      await stripe.idle();
      return answer;
    };
    const statusOf = async (orderId: string) =>
      (await call<{ status: string }>('GET', `/api/payment/order?id=${orderId}`)).data.status;

    // A membership paid with a card that Stripe keeps for the renewals.
    const membership = await start('monthly');
    expect((await confirm(membership.clientSecret, '4242424242424242')).status).toBe(200);
    expect(await statusOf(membership.orderId)).toBe('paid');

    // A bank's check (3-D Secure), passed on the bank's page.
    const challenged = await start('coins-300');
    const asked = await confirm(challenged.clientSecret, '4000002500003155');
    const bank = (asked.body.next_action as { redirect_to_url: { url: string } }).redirect_to_url.url;
    await fetch(bank, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=complete',
      redirect: 'manual',
    });
    await stripe.idle();
    expect(await statusOf(challenged.orderId)).toBe('paid');

    // A decline, with Stripe's reason kept on the order.
    const declined = await start('coins-300');
    expect((await confirm(declined.clientSecret, '4000000000000002')).status).toBe(402);
    expect(await statusOf(declined.orderId)).toBe('failed');

    // One tap on the saved card: charged off-session, the number never asked for again.
    const quick = await call<QuickPayResult>('POST', '/api/payment/quick', {
      planId: 'coins-300',
      requestId: randomUUID(),
      agree: true,
    });
    expect(quick.data.status).toBe('paid');
    await stripe.idle();
    await t.app.background.idle();

    // The card numbers did reach Stripe (so the search below looks for what was really typed)…
    const confirmed = stripe.requests.filter((r) => r.path.endsWith('/confirm'));
    expect(confirmed.map((r) => (r.body.payment_method_data as { card: { cvc: string } }).card.cvc)).toEqual([
      CVV,
      CVV,
      CVV,
    ]);
    // …and the app logged and kept these payments, with no card number nor security code in them.
    for (const route of ['/api/payment/intent', '/api/webhook/payment/stripe', '/api/payment/quick'])
      expect(logs).toContain(route);
    const dump = await databaseText();
    expect(dump).toContain(membership.orderId);
    expect(dump).toMatch(/payment_methods .*4242/);
    expect(cardDataIn(logs, NUMBERS, CVV)).toEqual([]);
    expect(cardDataIn(dump, NUMBERS, CVV)).toEqual([]);
  });

  it('would be caught: a number and a code planted in a log line and a table are found', async () => {
    const planted = '4000056655665556';
    const plantedCvc = '4821';
    expect(cardDataIn(logs, [planted], plantedCvc)).toEqual([]);
    t.app.log.info({ card: { number: planted, cvc: plantedCvc } }, 'a card that should never be logged');
    expect(cardDataIn(logs, [planted], plantedCvc)).toEqual([planted, '"cvc"']);

    const v = await newGuest(t);
    await t.database.db
      .updateTable('users')
      .set({ email: `${grouped(planted)} ${plantedCvc}` })
      .where('id', '=', v.id)
      .execute();
    const found = cardDataIn(await databaseText(), [planted], plantedCvc);
    expect(found).toEqual([grouped(planted)]);
  });
});
