import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayResult } from '@episodic/contract';
import { createTestApp, envelope, type TestApp } from '../../../test/test-app';
import { loggerOptions } from '../../app';

// Everything the server logs, at the most detailed level, with the production redaction rules.
let logs = '';
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logs += chunk.toString();
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://episodic.test' }, undefined, {
    ...loggerOptions({ logLevel: 'trace' }),
    stream: sink,
  });
});
afterAll(() => t.close());

const NUMBERS = ['4012888888881881', '4000002500003155', '4000000000009995', '5555555555554444'];
const CVV = '737';

describe('card data never stored or logged', () => {
  it('leaves no card number or CVV in the database or the logs after payments of every kind', async () => {
    const session = await t.app.inject({ method: 'GET', url: '/api/user' });
    const token = String(session.headers['x-user-token']);
    const headers = { 'x-user-token': token };
    const pay = async (number: string, extra: object = {}) => {
      const order = envelope<{ id: string }>(
        await t.app.inject({ method: 'POST', url: '/api/payment/order', headers, payload: { planId: 'coins-300' } }),
      ).data;
      const card = {
        number,
        expiry: '12/34',
        cvv: CVV,
        firstName: 'Ana',
        lastName: 'Lima',
        email: 'ana@example.com',
        ...extra,
      };
      return envelope<PayResult>(
        await t.app.inject({
          method: 'POST',
          url: '/api/payment/pay',
          headers,
          payload: { orderId: order.id, method: 'card', card, agree: true },
        }),
      );
    };
    expect((await pay('4012 8888 8888 1881')).data.status).toBe('paid');
    expect((await pay('4000 0025 0000 3155')).data.status).toBe('requires_action');
    expect((await pay('4000000000009995')).data.status).toBe('failed');
    // Refused before any charge: a bad expiry, a missing consent, a malformed body.
    expect((await pay('5555 5555 5555 4444', { expiry: '01/20' })).code).toBe(422);
    await t.app.inject({
      method: 'POST',
      url: '/api/payment/pay',
      headers,
      payload: { orderId: 'not-an-id', method: 'card', card: { number: '5555555555554444', cvv: CVV } },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/payment/pay',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: `{"card":{"number":"5555555555554444","cvv":"${CVV}"`,
    });
    await t.app.background.idle();

    expect(logs).toContain('/api/payment/pay');
    const { rows: tables } = await sql<{
      table_name: string;
    }>`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`.execute(
      t.database.db,
    );
    let dump = '';
    for (const { table_name } of tables)
      dump += JSON.stringify((await sql`SELECT * FROM ${sql.table(table_name)}`.execute(t.database.db)).rows);
    expect(dump).toContain('1881');
    for (const text of [logs, dump]) {
      for (const number of NUMBERS) {
        expect(text).not.toContain(number);
        expect(text).not.toContain(number.replace(/(\d{4})(?=\d)/g, '$1 '));
      }
      expect(text).not.toMatch(new RegExp(`"cvv"|"${CVV}"|:${CVV}[,}]`));
    }
  });
});
