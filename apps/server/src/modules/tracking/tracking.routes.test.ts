import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConfigList } from '@episodic/contract';
import { createTestApp, envelope, newGuest, type TestApp } from '../../testing';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    PUBLIC_URL: 'http://episodic.test',
    META_PIXEL_SCRIPT_URL: 'http://127.0.0.1:9/fbevents.js',
    TIKTOK_PIXEL_SCRIPT_URL: 'http://127.0.0.1:9/tiktok.js',
  });
});
afterAll(() => t.close());

const UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Test';

const viewer = () => newGuest(t);

function headers(token: string | null, extra: Record<string, string> = {}) {
  return { 'user-agent': UA, ...(token ? { 'x-user-token': token } : {}), ...extra };
}

const events = (userId: string) =>
  t.database.db.selectFrom('tracking_events').selectAll().where('user_id', '=', userId).orderBy('id').execute();
const attribution = (userId: string) =>
  t.database.db.selectFrom('tracking_attribution').selectAll().where('user_id', '=', userId).executeTakeFirst();

describe('GET and POST /api/reports', () => {
  it('records an event with the click ids, referrer token, user and user agent of the request', async () => {
    const v = await viewer();
    const query = new URLSearchParams({
      event_name: 'PageView',
      event_id: 'evt-page-1',
      event_time: String(Math.floor(Date.now() / 1000) - 5),
      event_source_url: 'http://episodic.test/?fbclid=fb-1&token=ref-1',
      action_source: 'website',
      fbclid: 'fb-1',
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/reports?${query.toString()}`,
      headers: headers(v.token, { 'X-User-Referer-Token': 'ref-1', TTCLID: 'tt-1' }),
    });
    expect(res.statusCode).toBe(200);
    expect(envelope(res)).toEqual({ code: 200, message: 'ok', data: {} });
    const [row] = await events(v.id);
    expect(row).toMatchObject({
      event_id: 'evt-page-1',
      event_name: 'PageView',
      source: 'report',
      currency: 'USD',
      value_minor: null,
      event_source_url: 'http://episodic.test/?fbclid=fb-1&token=ref-1',
      action_source: 'website',
      referer_token: 'ref-1',
      fbclid: 'fb-1',
      ttclid: 'tt-1',
      user_agent: UA,
    });
    expect(Math.abs(row!.event_time.getTime() - (Date.now() - 5000))).toBeLessThan(3000);
  });

  it('takes a JSON body with custom_data (for fetch keepalive and sendBeacon), and records an event id once', async () => {
    const v = await viewer();
    const payload = {
      event_name: 'Purchase',
      event_id: 'purchase-order-9',
      value: 4.99,
      currency: 'USD',
      custom_data: { currency: 'USD', value: 4.99, order_id: 'order-9' },
      event_source_url: 'http://episodic.test/order/result?orderId=order-9',
      action_source: 'website',
    };
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/reports', payload, headers: headers(v.token) });
      expect(envelope(res).code).toBe(200);
    }
    const rows = await events(v.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ event_name: 'Purchase', value_minor: 499, currency: 'USD', order_id: 'order-9' });
  });

  it('reads custom_data given as JSON text in a query, and search strings', async () => {
    const v = await viewer();
    const query = new URLSearchParams({
      event_name: 'search',
      custom_data: JSON.stringify({ search_string: 'ceo', value: 0 }),
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/reports?${query.toString()}`,
      headers: headers(v.token, { referer: 'http://episodic.test/search' }),
    });
    expect(envelope(res).code).toBe(200);
    const [row] = await events(v.id);
    expect(row).toMatchObject({
      event_name: 'search',
      search_string: 'ceo',
      value_minor: 0,
      event_source_url: 'http://episodic.test/search',
    });
    expect(row!.event_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('records events of visitors without a session, without a user', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/reports?event_name=PageView&event_id=anonymous-1',
      headers: { 'user-agent': UA },
    });
    expect(envelope(res).code).toBe(200);
    const row = await t.database.db
      .selectFrom('tracking_events')
      .selectAll()
      .where('event_id', '=', 'anonymous-1')
      .executeTakeFirstOrThrow();
    expect(row.user_id).toBeNull();
  });

  it('answers bad input with field messages a person understands, never a server error', async () => {
    const cases: [string, object, string][] = [
      ['GET', { event_name: 'Page View!' }, 'event_name'],
      ['GET', {}, 'event_name'],
      ['GET', { event_name: 'x', value: 'lots' }, 'value'],
      ['GET', { event_name: 'x', custom_data: '{not json' }, 'custom_data'],
      ['GET', { event_name: 'x', custom_data: '{"value":"much"}' }, 'custom_data.value'],
      ['POST', { event_name: 'x', currency: 'dollars' }, 'currency'],
      ['POST', { event_name: 'x', event_id: 'a b' }, 'event_id'],
    ];
    for (const [method, input, field] of cases) {
      const res =
        method === 'GET'
          ? await t.app.inject({
              method: 'GET',
              url: `/api/reports?${new URLSearchParams(input as Record<string, string>).toString()}`,
            })
          : await t.app.inject({ method: 'POST', url: '/api/reports', payload: input });
      expect(res.statusCode).toBe(200);
      const body = envelope(res);
      expect(body.code).toBe(422);
      expect(body.fields?.[field]).toMatch(/^[A-Z].+\.$/);
    }
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      payload: '{"event_name":',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.statusCode).toBe(400);
    expect(envelope(bad).message).toBe('The request body is not valid JSON.');
  });
});

describe('GET /api/statics.png', () => {
  it('answers a 1×1 PNG and records the beacon', async () => {
    const v = await viewer();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/statics.png?event_name=PageView&event_id=beacon-1&fbclid=fb-beacon',
      headers: headers(v.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('no-store, private');
    const png = res.rawPayload;
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.subarray(12, 16).toString()).toBe('IHDR');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1, 1]);
    const idat = png.indexOf('IDAT');
    expect(inflateSync(png.subarray(idat + 4, idat + 4 + png.readUInt32BE(idat - 4))).length).toBeGreaterThan(0);
    const [row] = await events(v.id);
    expect(row).toMatchObject({ event_id: 'beacon-1', event_name: 'PageView', source: 'beacon', fbclid: 'fb-beacon' });
  });

  it('still answers the picture for a malformed beacon, without recording it', async () => {
    const v = await viewer();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/statics.png?event_name=%3Cscript%3E&value=abc',
      headers: headers(v.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(await events(v.id)).toEqual([]);
  });

  it('calls an event without a name a PageView', async () => {
    const v = await viewer();
    await t.app.inject({
      method: 'GET',
      url: '/api/statics.png',
      headers: headers(v.token, { referer: 'http://episodic.test/videos/3' }),
    });
    const [row] = await events(v.id);
    expect(row).toMatchObject({
      event_name: 'PageView',
      source: 'beacon',
      event_source_url: 'http://episodic.test/videos/3',
    });
  });
});

describe('attribution', () => {
  const report = (token: string, eventId: string, url: string, extra: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/reports',
      payload: { event_name: 'PageView', event_id: eventId, event_source_url: url },
      headers: headers(token, extra),
    });

  it('keeps the first touch and moves the last touch when new click ids or a new referrer token arrive', async () => {
    const v = await viewer();
    await report(v.token, 'att-1', 'http://episodic.test/?fbclid=fb-A&token=ref-A', {
      FBCLID: 'fb-A',
      'X-User-Referer-Token': 'ref-A',
    });
    const first = await attribution(v.id);
    expect(first).toMatchObject({
      first_fbclid: 'fb-A',
      first_referer_token: 'ref-A',
      first_landing_url: 'http://episodic.test/?fbclid=fb-A&token=ref-A',
      last_fbclid: 'fb-A',
      first_ttclid: null,
    });
    expect(first!.fbclid_seen_at).toEqual(first!.first_at);

    // The same ids again (every later call carries the stored ones): nothing changes.
    await new Promise((r) => setTimeout(r, 20));
    await report(v.token, 'att-2', 'http://episodic.test/videos/1', {
      FBCLID: 'fb-A',
      'X-User-Referer-Token': 'ref-A',
    });
    expect(await attribution(v.id)).toEqual(first);

    // A TikTok click later: a new last touch keeping the fbclid and the time it was first seen.
    await report(v.token, 'att-3', 'http://episodic.test/videos/2?ttclid=tt-B', {
      FBCLID: 'fb-A',
      TTCLID: 'tt-B',
      'X-User-Referer-Token': 'ref-A',
    });
    const second = await attribution(v.id);
    expect(second).toMatchObject({
      first_fbclid: 'fb-A',
      first_ttclid: null,
      last_fbclid: 'fb-A',
      last_ttclid: 'tt-B',
      last_landing_url: 'http://episodic.test/videos/2?ttclid=tt-B',
    });
    expect(second!.fbclid_seen_at).toEqual(first!.fbclid_seen_at);
    expect(second!.last_at.getTime()).toBeGreaterThan(first!.last_at.getTime());

    // A new Facebook click: its own first-seen time.
    await report(v.token, 'att-4', 'http://episodic.test/?fbclid=fb-C', { FBCLID: 'fb-C', TTCLID: 'tt-B' });
    const third = await attribution(v.id);
    expect(third).toMatchObject({
      first_fbclid: 'fb-A',
      last_fbclid: 'fb-C',
      last_ttclid: 'tt-B',
      last_referer_token: 'ref-A',
    });
    expect(third!.fbclid_seen_at!.getTime()).toBeGreaterThan(first!.fbclid_seen_at!.getTime());
  });

  it('records an organic first visit as the first touch, and keeps the pixels’ browser ids and the consent answer', async () => {
    const v = await viewer();
    await report(v.token, 'org-1', 'http://episodic.test/', {
      cookie: '_fbp=fb.1.1700000000000.123456789; _ttp=abcdefghij0123',
    });
    expect(await attribution(v.id)).toMatchObject({
      first_fbclid: null,
      first_landing_url: 'http://episodic.test/',
      fbp: 'fb.1.1700000000000.123456789',
      ttp: 'abcdefghij0123',
      consent: null,
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      payload: { event_name: 'consent_update', event_id: 'org-2', consent: 'granted' },
      headers: headers(v.token),
    });
    expect(await attribution(v.id)).toMatchObject({ consent: 'granted', first_fbclid: null });
  });

  it('copies the click ids, the referrer token and the first and last touch onto each order', async () => {
    const v = await viewer();
    await report(v.token, 'ord-1', 'http://episodic.test/?fbclid=fb-O&ttclid=tt-O&token=ref-O', {
      FBCLID: 'fb-O',
      TTCLID: 'tt-O',
      'X-User-Referer-Token': 'ref-O',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment/order',
      payload: { planId: 'monthly', fbclid: 'fb-O', ttclid: 'tt-O' },
      headers: headers(v.token, { 'X-User-Referer-Token': 'ref-O' }),
    });
    const order = envelope<{ id: string }>(res).data;
    const row = await t.database.db
      .selectFrom('orders')
      .select('attribution')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row.attribution).toMatchObject({
      fbclid: 'fb-O',
      ttclid: 'tt-O',
      refererToken: 'ref-O',
      firstTouch: {
        fbclid: 'fb-O',
        ttclid: 'tt-O',
        refererToken: 'ref-O',
        landingUrl: 'http://episodic.test/?fbclid=fb-O&ttclid=tt-O&token=ref-O',
      },
      lastTouch: { fbclid: 'fb-O', ttclid: 'tt-O', refererToken: 'ref-O' },
    });
  });

  it('counts an order request with new click ids as a touch', async () => {
    const v = await viewer();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment/order',
      payload: { planId: 'weekly', fbclid: 'fb-direct' },
      headers: headers(v.token),
    });
    expect(envelope(res).code).toBe(200);
    expect(await attribution(v.id)).toMatchObject({
      first_fbclid: 'fb-direct',
      last_fbclid: 'fb-direct',
      first_landing_url: null,
    });
  });

  it('moves a guest’s attribution and events to the account it signs in to, keeping the earlier first touch', async () => {
    const account = await viewer();
    await report(account.token, 'merge-a1', 'http://episodic.test/?fbclid=fb-old', { FBCLID: 'fb-old' });
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: { email: 'merge@example.com', password: 'secret-pass-1', confirmPassword: 'secret-pass-1', agree: true },
      headers: headers(account.token),
    });
    expect(envelope(reg).code).toBe(200);

    const guest = await viewer();
    await new Promise((r) => setTimeout(r, 20));
    await report(guest.token, 'merge-g1', 'http://episodic.test/?ttclid=tt-new', { TTCLID: 'tt-new' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: 'merge@example.com', password: 'secret-pass-1' },
      headers: headers(guest.token),
    });
    expect(envelope(login).code).toBe(200);

    expect(await attribution(guest.id)).toBeUndefined();
    expect(await attribution(account.id)).toMatchObject({
      first_fbclid: 'fb-old',
      last_ttclid: 'tt-new',
      last_fbclid: null,
    });
    expect((await events(account.id)).map((e) => e.event_id).sort()).toEqual(['merge-a1', 'merge-g1']);
  });

  it('is part of the data download', async () => {
    const v = await viewer();
    await report(v.token, 'export-1', 'http://episodic.test/?fbclid=fb-X', { FBCLID: 'fb-X' });
    await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: {
        email: 'export@example.com',
        password: 'secret-pass-1',
        confirmPassword: 'secret-pass-1',
        agree: true,
      },
      headers: headers(v.token),
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: 'export@example.com', password: 'secret-pass-1' },
    });
    const token = String(login.headers['x-user-token']);
    const res = await t.app.inject({ method: 'GET', url: '/api/user/export', headers: headers(token) });
    const data = JSON.parse(res.body) as {
      tracking?: { attribution: { first_fbclid: string }; events: { event_id: string }[] };
    };
    expect(data.tracking?.attribution.first_fbclid).toBe('fb-X');
    expect(data.tracking?.events.map((e) => e.event_id)).toEqual(['export-1']);
  });
});

describe('GET /api/config', () => {
  it('tells the browser the consent mode and where each pixel script comes from', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    const { data } = envelope<ConfigList>(res);
    expect(data.tracking).toEqual({
      consentMode: 'off',
      scripts: {
        facebook_pixel_id: 'http://127.0.0.1:9/fbevents.js',
        google_analytics: 'https://www.googletagmanager.com/gtag/js',
        tiktok_pixel: 'http://127.0.0.1:9/tiktok.js',
        bigo_pixel: 'https://api.imotech.video/ad/events.js',
      },
    });
  });
});
