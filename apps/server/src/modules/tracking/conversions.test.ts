import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PayResult, User } from '@episodic/contract';
import { createTestApp, envelope, type TestApp } from '../../../test/test-app';
import { startMetaReceiver, startTiktokReceiver, type Receiver } from '../../../test/conversion-receivers';
import { createConversionOutbox } from './conversion-outbox';

let t: TestApp;
let meta: Receiver;
let tiktok: Receiver;
const META_PIXEL = '1234567890123';
const TIKTOK_PIXEL = 'CTT0PIXEL0CODE';
const UA = 'Mozilla/5.0 (iPhone) Conversions';

beforeAll(async () => {
  [meta, tiktok] = await Promise.all([startMetaReceiver(), startTiktokReceiver()]);
  t = await createTestApp({
    PUBLIC_URL: 'http://episodic.test',
    META_CAPI_ACCESS_TOKEN: 'meta-token-123',
    META_CAPI_URL: `${meta.url}/v21.0`,
    TIKTOK_EVENTS_ACCESS_TOKEN: 'tiktok-token-123',
    TIKTOK_EVENTS_URL: `${tiktok.url}/open_api/v1.3`,
    CONVERSIONS_RETRY_SECONDS: '60',
  });
  const { db } = t.database;
  await db
    .updateTable('settings')
    .set({ config_value: META_PIXEL })
    .where('config_key', '=', 'facebook_pixel_id')
    .execute();
  await db
    .updateTable('settings')
    .set({ config_value: TIKTOK_PIXEL })
    .where('config_key', '=', 'tiktok_pixel')
    .execute();
  await t.app.services.settings.invalidate();
});
afterAll(async () => {
  await t.close();
  await Promise.all([meta.close(), tiktok.close()]);
});
beforeEach(() => {
  meta.requests.length = 0;
  tiktok.requests.length = 0;
});

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
type Env<T> = { code: number; message: string; data: T };

async function call<T>(
  token: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  extra: Record<string, string> = {},
): Promise<Env<T>> {
  const res = await t.app.inject({
    method,
    url,
    payload,
    headers: { 'x-user-token': token, 'user-agent': UA, ...extra },
  });
  return envelope<T>(res) as Env<T>;
}

/** A visitor who arrived from both ad platforms and registered. */
async function arrivingBuyer(
  email: string,
  ids: { fbclid: string; ttclid: string },
): Promise<{ token: string; id: string; seenAt: number }> {
  const res = await t.app.inject({ method: 'GET', url: '/api/user', headers: { 'user-agent': UA } });
  let token = String(res.headers['x-user-token']);
  const id = envelope<User>(res).data.id;
  const clickHeaders = { FBCLID: ids.fbclid, TTCLID: ids.ttclid, 'X-User-Referer-Token': 'ref-conv' };
  await call(
    token,
    'POST',
    '/api/reports',
    { event_name: 'PageView', event_source_url: `http://episodic.test/?fbclid=${ids.fbclid}&ttclid=${ids.ttclid}` },
    clickHeaders,
  );
  const reg = await t.app.inject({
    method: 'POST',
    url: '/api/user/register',
    payload: { email, password: 'secret-pass-1', confirmPassword: 'secret-pass-1', agree: true },
    headers: { 'x-user-token': token, 'user-agent': UA, ...clickHeaders },
  });
  expect(envelope(reg).code).toBe(200);
  token = String(reg.headers['x-user-token']);
  const row = await t.database.db
    .selectFrom('tracking_attribution')
    .select('fbclid_seen_at')
    .where('user_id', '=', id)
    .executeTakeFirstOrThrow();
  return { token, id, seenAt: row.fbclid_seen_at!.getTime() };
}

async function pay(token: string, planId: string): Promise<string> {
  const order = await call<{ id: string }>(token, 'POST', '/api/payment/order', { planId });
  const card = {
    number: '4242 4242 4242 4242',
    expiry: '12/34',
    cvv: '123',
    firstName: 'Ana',
    lastName: 'Lima',
    email: 'card@example.com',
  };
  const result = await call<PayResult>(token, 'POST', '/api/payment/pay', {
    orderId: order.data.id,
    method: 'card',
    card,
    agree: true,
  });
  expect(result.data.status).toBe('paid');
  return order.data.id;
}

const outbox = () => t.database.db.selectFrom('conversion_outbox').selectAll().orderBy('created_at').execute();

/** Waits until the outbox holds `count` rows for an event (paid-order conversions are queued just after the answer). */
async function queued(eventId: string, count: number) {
  for (let i = 0; i < 100; i++) {
    const rows = await t.database.db
      .selectFrom('conversion_outbox')
      .selectAll()
      .where('event_id', '=', eventId)
      .execute();
    if (rows.length >= count) return rows;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${eventId} was not queued`);
}

const metaEvents = (name: string) =>
  meta
    .accepted()
    .flatMap((r) =>
      (r.body.data as Record<string, unknown>[])
        .filter((e) => e.event_name === name)
        .map((e) => ({ request: r, event: e })),
    );
const tiktokEvents = (name: string) =>
  tiktok
    .accepted()
    .flatMap((r) =>
      (r.body.data as Record<string, unknown>[]).filter((e) => e.event === name).map((e) => ({ request: r, event: e })),
    );

describe('server-side conversions', () => {
  it('sends CompleteRegistration, Purchase and Subscribe to both platforms with hashed email, fbc and ttclid', async () => {
    const buyer = await arrivingBuyer('Buyer.One@Example.com ', {
      fbclid: 'IwAR-fb-click-1',
      ttclid: 'E.C.P.tt-click-1',
    });
    await queued(`registration-${buyer.id}`, 2);
    const orderId = await pay(buyer.token, 'monthly');
    await queued(`purchase-${orderId}`, 2);
    await queued(`subscribe-${orderId}`, 2);
    expect(await t.app.services.tracking.deliverDue()).toBe(6);

    const email = sha256('buyer.one@example.com');
    const [registration] = metaEvents('CompleteRegistration');
    expect(registration?.request.path).toBe(`/v21.0/${META_PIXEL}/events`);
    expect(registration?.request.body.access_token).toBe('meta-token-123');
    expect(registration?.event).toMatchObject({
      event_id: `registration-${buyer.id}`,
      action_source: 'website',
      event_source_url: 'http://episodic.test/register',
      user_data: {
        em: [email],
        external_id: [sha256(buyer.id)],
        client_user_agent: UA,
        fbc: `fb.1.${String(buyer.seenAt)}.IwAR-fb-click-1`,
      },
    });

    const purchases = metaEvents('Purchase');
    expect(purchases).toHaveLength(1);
    expect(purchases[0]!.event).toMatchObject({
      event_id: `purchase-${orderId}`,
      event_source_url: `http://episodic.test/order/result?orderId=${orderId}`,
      custom_data: { value: 14.99, currency: 'USD', order_id: orderId },
      user_data: { em: [email], fbc: `fb.1.${String(buyer.seenAt)}.IwAR-fb-click-1`, client_user_agent: UA },
    });
    expect(Math.abs((purchases[0]!.event.event_time as number) - Date.now() / 1000)).toBeLessThan(60);
    expect(metaEvents('Subscribe').map((e) => e.event.event_id)).toEqual([`subscribe-${orderId}`]);

    const ttPurchases = tiktokEvents('Purchase');
    expect(ttPurchases).toHaveLength(1);
    expect(ttPurchases[0]!.request.headers['access-token']).toBe('tiktok-token-123');
    expect(ttPurchases[0]!.request.body).toMatchObject({ event_source: 'web', event_source_id: TIKTOK_PIXEL });
    expect(ttPurchases[0]!.event).toMatchObject({
      event_id: `purchase-${orderId}`,
      user: { email, external_id: sha256(buyer.id), ttclid: 'E.C.P.tt-click-1', user_agent: UA },
      properties: { value: 14.99, currency: 'USD', order_id: orderId },
      page: { url: `http://episodic.test/order/result?orderId=${orderId}` },
    });
    expect(tiktokEvents('CompleteRegistration').map((e) => e.event.event_id)).toEqual([`registration-${buyer.id}`]);
    expect(tiktokEvents('Subscribe')).toHaveLength(1);

    const rows = (await outbox()).filter((r) => r.user_id === buyer.id);
    expect(rows.map((r) => r.status)).toEqual(Array(6).fill('delivered'));
    expect(rows.every((r) => r.attempts === 1)).toBe(true);
  });

  it('delivers once per event id: announcing a payment again or delivering twice sends nothing more', async () => {
    const buyer = await arrivingBuyer('twice@example.com', { fbclid: 'fb-twice', ttclid: 'tt-twice' });
    const orderId = await pay(buyer.token, 'coins-300');
    await queued(`purchase-${orderId}`, 2);
    await t.app.services.tracking.orderPaid({
      id: orderId,
      userId: buyer.id,
      kind: 'coins',
      amount: 299,
      currency: 'USD',
      purpose: 'purchase',
    });
    const [a, b] = await Promise.all([t.app.services.tracking.deliverDue(), t.app.services.tracking.deliverDue()]);
    expect(a + b).toBeGreaterThan(0);
    expect(await t.app.services.tracking.deliverDue()).toBe(0);
    expect(metaEvents('Purchase').map((e) => e.event.event_id)).toEqual([`purchase-${orderId}`]);
    expect(tiktokEvents('Purchase').map((e) => e.event.event_id)).toEqual([`purchase-${orderId}`]);
    // Coins are not a subscription.
    expect(metaEvents('Subscribe')).toEqual([]);
    expect(
      await t.database.db
        .selectFrom('conversion_outbox')
        .select('event_id')
        .where('event_id', '=', `subscribe-${orderId}`)
        .execute(),
    ).toEqual([]);
  });

  it('retries after a receiver failure, with backoff, and then delivers once', async () => {
    const buyer = await arrivingBuyer('retry@example.com', { fbclid: 'fb-retry', ttclid: 'tt-retry' });
    await t.app.services.tracking.deliverDue();
    meta.requests.length = 0;
    tiktok.requests.length = 0;
    meta.failNext(1);
    tiktok.failNext(1);
    const orderId = await pay(buyer.token, 'coins-300');
    await queued(`purchase-${orderId}`, 2);
    expect(await t.app.services.tracking.deliverDue()).toBe(2);
    let rows = await queued(`purchase-${orderId}`, 2);
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([
      ['pending', 1],
      ['pending', 1],
    ]);
    for (const row of rows) {
      expect(row.last_error).toMatch(/answered 500/);
      const delay = row.next_attempt_at.getTime() - Date.now();
      expect(delay).toBeGreaterThan(50_000);
      expect(delay).toBeLessThanOrEqual(60_000);
    }
    // Not due yet: nothing is sent.
    expect(await t.app.services.tracking.deliverDue()).toBe(0);

    await sql`UPDATE conversion_outbox SET next_attempt_at = now() WHERE event_id = ${`purchase-${orderId}`}`.execute(
      t.database.db,
    );
    expect(await t.app.services.tracking.deliverDue()).toBe(2);
    rows = await queued(`purchase-${orderId}`, 2);
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([
      ['delivered', 2],
      ['delivered', 2],
    ]);
    expect(meta.requests.filter((r) => r.status === 500)).toHaveLength(1);
    expect(metaEvents('Purchase')).toHaveLength(1);
    expect(tiktokEvents('Purchase')).toHaveLength(1);
  });

  it('gives up at once on an error another try cannot fix, keeping the reason', async () => {
    const buyer = await arrivingBuyer('refused@example.com', { fbclid: 'fb-refused', ttclid: 'tt-refused' });
    await t.app.services.tracking.deliverDue();
    meta.answerNext(400, { error: { message: 'Invalid OAuth access token.', code: 190 } });
    tiktok.answerNext(200, { code: 40001, message: 'Access token is incorrect.' });
    const orderId = await pay(buyer.token, 'coins-300');
    await queued(`purchase-${orderId}`, 2);
    await t.app.services.tracking.deliverDue();
    const rows = await queued(`purchase-${orderId}`, 2);
    expect(Object.fromEntries(rows.map((r) => [r.platform, [r.status, r.last_error]]))).toEqual({
      meta: ['failed', 'Meta answered 400: Invalid OAuth access token.'],
      tiktok: ['failed', 'TikTok answered 200 code 40001: Access token is incorrect.'],
    });
  });

  it('retries errors Meta calls transient, and a claimed delivery of a crashed worker comes back after its lease', async () => {
    const buyer = await arrivingBuyer('transient@example.com', { fbclid: 'fb-transient', ttclid: 'tt-transient' });
    await t.app.services.tracking.deliverDue();
    meta.answerNext(400, { error: { message: 'Service temporarily unavailable', is_transient: true } });
    const orderId = await pay(buyer.token, 'coins-300');
    await queued(`purchase-${orderId}`, 2);
    await t.app.services.tracking.deliverDue();
    const metaRow = (await queued(`purchase-${orderId}`, 2)).find((r) => r.platform === 'meta')!;
    expect(metaRow.status).toBe('pending');

    // As if a worker claimed it and died: the lease holds it back until it ends.
    await sql`UPDATE conversion_outbox SET next_attempt_at = now(), lease_until = now() + interval '1 minute' WHERE platform = 'meta' AND event_id = ${`purchase-${orderId}`}`.execute(
      t.database.db,
    );
    expect(await t.app.services.tracking.deliverDue()).toBe(0);
    await sql`UPDATE conversion_outbox SET lease_until = now() - interval '1 second' WHERE platform = 'meta' AND event_id = ${`purchase-${orderId}`}`.execute(
      t.database.db,
    );
    expect(await t.app.services.tracking.deliverDue()).toBe(1);
    expect((await queued(`purchase-${orderId}`, 2)).find((r) => r.platform === 'meta')?.status).toBe('delivered');
  });

  it('sends each delivery once when several instances work the outbox at the same time', async () => {
    await t.app.services.tracking.deliverDue();
    const buyers = await Promise.all(
      [1, 2, 3].map((n) =>
        arrivingBuyer(`race-${String(n)}@example.com`, {
          fbclid: `fb-race-${String(n)}`,
          ttclid: `tt-race-${String(n)}`,
        }),
      ),
    );
    for (const b of buyers) await queued(`registration-${b.id}`, 2);
    const config = { retrySeconds: 60, log: () => undefined, db: t.database.db };
    const workers = [1, 2, 3].map(() =>
      createConversionOutbox({
        ...config,
        meta: { accessToken: 'meta-token-123', apiUrl: `${meta.url}/v21.0`, testEventCode: null },
        tiktok: { accessToken: 'tiktok-token-123', apiUrl: `${tiktok.url}/open_api/v1.3`, testEventCode: null },
      }),
    );
    const attempts = await Promise.all(workers.map((w) => w.deliverDue()));
    expect(attempts.reduce((a, b) => a + b, 0)).toBe(6);
    for (const b of buyers) {
      expect(
        metaEvents('CompleteRegistration').filter((e) => e.event.event_id === `registration-${b.id}`),
      ).toHaveLength(1);
      expect(
        tiktokEvents('CompleteRegistration').filter((e) => e.event.event_id === `registration-${b.id}`),
      ).toHaveLength(1);
    }
  });

  it('queues the conversions of a payment whose queueing was lost (a stop right after the commit), once', async () => {
    const buyer = await arrivingBuyer('sweep@example.com', { fbclid: 'IwAR0sweepClick', ttclid: 'E2E.tt.sweep' });
    const { db } = t.database;
    // A paid order the conversions never heard of, as the payment's commit leaves it.
    const order = await db
      .insertInto('orders')
      .values({
        user_id: buyer.id,
        plan_id: 'monthly',
        amount: 1499,
        currency: 'USD',
        status: 'paid',
        purpose: 'purchase',
        provider: 'sandbox',
        provider_ref: 'ch_lost',
        paid_at: new Date(Date.now() - 5 * 60_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const fresh = await db
      .insertInto('orders')
      .values({
        user_id: buyer.id,
        plan_id: 'coins-300',
        amount: 299,
        currency: 'USD',
        status: 'paid',
        purpose: 'purchase',
        provider: 'sandbox',
        provider_ref: 'ch_fresh',
        paid_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await t.app.services.tracking.sweepMissedConversions()).toBe(1);
    const queued = await db
      .selectFrom('conversion_outbox')
      .select(['platform', 'event_name', 'event_id'])
      .where('user_id', '=', buyer.id)
      .where('event_name', '!=', 'CompleteRegistration')
      .execute();
    expect(queued.map((r) => `${r.platform}:${r.event_name}:${r.event_id}`).sort()).toEqual(
      [
        `meta:Purchase:purchase-${order.id}`,
        `meta:Subscribe:subscribe-${order.id}`,
        `tiktok:Purchase:purchase-${order.id}`,
        `tiktok:Subscribe:subscribe-${order.id}`,
      ].sort(),
    );
    // Swept once; a payment of the last two minutes is left to the normal path.
    expect(await t.app.services.tracking.sweepMissedConversions()).toBe(0);
    expect(queued.some((r) => r.event_id.endsWith(fresh.id))).toBe(false);
  });

  it('queues a registration whose queueing was lost, found by the CompleteRegistration its browser reported', async () => {
    const buyer = await arrivingBuyer('sweep-registration@example.com', {
      fbclid: 'IwAR0sweepReg',
      ttclid: 'E2E.tt.sweepreg',
    });
    const { db } = t.database;
    const eventId = `registration-${buyer.id}`;
    await call(buyer.token, 'POST', '/api/reports', {
      event_name: 'CompleteRegistration',
      event_id: eventId,
      event_source_url: 'http://episodic.test/register',
    });
    // As if the process had stopped before queueing: no delivery, and the report is a few minutes old.
    await db.deleteFrom('conversion_outbox').where('event_id', '=', eventId).execute();
    await db
      .updateTable('tracking_events')
      .set({ created_at: new Date(Date.now() - 5 * 60_000) })
      .where('event_id', '=', eventId)
      .execute();
    expect(await t.app.services.tracking.sweepMissedConversions()).toBe(1);
    const queued = await db
      .selectFrom('conversion_outbox')
      .select('platform')
      .where('event_id', '=', eventId)
      .execute();
    expect(queued.map((r) => r.platform).sort()).toEqual(['meta', 'tiktok']);
    expect(await t.app.services.tracking.sweepMissedConversions()).toBe(0);
  });

  it('does not report renewals', async () => {
    const buyer = await arrivingBuyer('renewal@example.com', { fbclid: 'fb-renewal', ttclid: 'tt-renewal' });
    const before = (await outbox()).length;
    await t.app.services.tracking.orderPaid({
      id: '00000000-0000-4000-8000-000000000001',
      userId: buyer.id,
      kind: 'membership',
      amount: 1499,
      currency: 'USD',
      purpose: 'renewal',
    });
    expect((await outbox()).length).toBe(before);
  });

  it('forgets queued conversions with the account', async () => {
    const buyer = await arrivingBuyer('forget@example.com', { fbclid: 'fb-forget', ttclid: 'tt-forget' });
    await queued(`registration-${buyer.id}`, 2);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/delete',
      payload: { password: 'secret-pass-1' },
      headers: { 'x-user-token': buyer.token },
    });
    expect(envelope(res).code).toBe(200);
    expect(
      await t.database.db
        .selectFrom('conversion_outbox')
        .select('event_id')
        .where('event_id', '=', `registration-${buyer.id}`)
        .execute(),
    ).toEqual([]);
    expect(
      await t.database.db
        .selectFrom('tracking_attribution')
        .select('user_id')
        .where('user_id', '=', buyer.id)
        .execute(),
    ).toEqual([]);
  });
});

describe('consent required', () => {
  let c: TestApp;
  beforeAll(async () => {
    c = await createTestApp({
      CONSENT_MODE: 'required',
      META_CAPI_ACCESS_TOKEN: 'meta-token-123',
      META_CAPI_PIXEL_ID: '99999999',
      META_CAPI_URL: meta.url,
    });
  });
  afterAll(() => c.close());

  async function register(email: string, consent?: 'granted' | 'denied') {
    const res = await c.app.inject({ method: 'GET', url: '/api/user' });
    const token = String(res.headers['x-user-token']);
    const id = envelope<User>(res).data.id;
    if (consent)
      await c.app.inject({
        method: 'POST',
        url: '/api/reports',
        payload: { event_name: 'consent_update', consent },
        headers: { 'x-user-token': token, FBCLID: 'fb-consent' },
      });
    await c.app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: { email, password: 'secret-pass-1', confirmPassword: 'secret-pass-1', agree: true },
      headers: { 'x-user-token': token },
    });
    return id;
  }

  it('sends conversions only for visitors who accepted marketing pixels, to the configured pixel', async () => {
    const accepted = await register('yes@example.com', 'granted');
    const refused = await register('no@example.com', 'denied');
    const silent = await register('silent@example.com');
    const rows = await c.database.db
      .selectFrom('conversion_outbox')
      .select(['event_id', 'platform', 'destination'])
      .execute();
    expect(rows).toEqual([{ event_id: `registration-${accepted}`, platform: 'meta', destination: '99999999' }]);
    expect([refused, silent].every((id) => !rows.some((r) => r.event_id.endsWith(id)))).toBe(true);
    const config = envelope<{ tracking: { consentMode: string } }>(
      await c.app.inject({ method: 'GET', url: '/api/config' }),
    );
    expect(config.data.tracking.consentMode).toBe('required');
  });
});

describe('where scheduled work runs (JOBS)', () => {
  let j: TestApp;
  beforeAll(async () => {
    j = await createTestApp({
      JOBS: 'true',
      CONVERSIONS_INTERVAL_SECONDS: '3600',
      META_CAPI_ACCESS_TOKEN: 'meta-token-123',
      META_CAPI_PIXEL_ID: '88888888',
      META_CAPI_URL: `${meta.url}/v21.0`,
    });
  });
  afterAll(() => j.close());

  it('delivers a new conversion at once, without waiting for the next pass', async () => {
    const res = await j.app.inject({ method: 'GET', url: '/api/user' });
    const token = String(res.headers['x-user-token']);
    const id = envelope<User>(res).data.id;
    await j.app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: {
        email: 'at-once@example.com',
        password: 'secret-pass-1',
        confirmPassword: 'secret-pass-1',
        agree: true,
      },
      headers: { 'x-user-token': token },
    });
    // The hourly pass has not come yet: the runner was asked for one.
    const row = () =>
      j.database.db
        .selectFrom('conversion_outbox')
        .select(['status', 'attempts'])
        .where('event_id', '=', `registration-${id}`)
        .executeTakeFirst();
    await expect.poll(row, { timeout: 4000 }).toEqual({ status: 'delivered', attempts: 1 });
    expect(
      metaEvents('CompleteRegistration').filter(({ event }) => event.event_id === `registration-${id}`),
    ).toHaveLength(1);
  });
});
