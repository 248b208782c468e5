import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, envelope, type TestApp } from '../../../test/test-app';
import {
  FAKE_STRIPE_KEY,
  FAKE_STRIPE_PUBLISHABLE_KEY,
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

let stripe: FakeStripe;
let t: TestApp;
beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createTestApp(
    {
      PUBLIC_URL: 'http://episodic.test',
      STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
      STRIPE_WEBHOOK_SECRET: 'whsec_refusal_test',
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

const NUMBERS = ['4242424242424242', '4000002500003155', '5555555555554444'];
const CVV = '737';

describe('card fields sent to our server while Stripe takes the cards', () => {
  it('are refused before anything is kept, logged or sent to Stripe', async () => {
    const session = await t.app.inject({ method: 'GET', url: '/api/user' });
    const headers = { 'x-user-token': String(session.headers['x-user-token']) };
    const order = envelope<{ id: string }>(
      await t.app.inject({ method: 'POST', url: '/api/payment/order', headers, payload: { planId: 'coins-300' } }),
    ).data;
    for (const number of NUMBERS) {
      for (const spaced of [number, number.replace(/(\d{4})(?=\d)/g, '$1 ')]) {
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
    const { rows: columns } = await sql<{ table_name: string; column_name: string }>`
      SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = 'public' AND data_type IN ('text', 'character varying', 'json', 'jsonb')`.execute(
      t.database.db,
    );
    let dump = '';
    for (const { table_name, column_name } of columns)
      dump += JSON.stringify(
        (await sql`SELECT ${sql.ref(column_name)}::text AS v FROM ${sql.table(table_name)}`.execute(t.database.db))
          .rows,
      );
    expect(dump.length).toBeGreaterThan(0);
    for (const text of [logs, dump]) {
      for (const number of NUMBERS) {
        expect(text).not.toContain(number);
        expect(text).not.toContain(number.replace(/(\d{4})(?=\d)/g, '$1 '));
      }
      expect(text).not.toMatch(new RegExp(`"cvv"|"${CVV}"|:${CVV}[,}]`));
    }
    const row = await t.database.db.selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirst();
    expect(row?.status).toBe('pending');
  });
});
