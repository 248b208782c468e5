import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@episodic/contract';
import { createTestApp, envelope, type TestApp } from '../../../test/test-app';
import { startFakeFacebook, type FakeFacebook } from '../../../test/fake-facebook';

let t: TestApp;
let fb: FakeFacebook;
beforeAll(async () => {
  fb = await startFakeFacebook('app-123', 'secret-456', { id: 'fb-2002', name: 'Noa Lind', email: 'Noa@Example.com' });
  t = await createTestApp({
    FACEBOOK_APP_ID: 'app-123',
    FACEBOOK_APP_SECRET: 'secret-456',
    FACEBOOK_AUTH_URL: fb.authUrl,
    FACEBOOK_GRAPH_URL: fb.graphUrl,
    PUBLIC_URL: 'http://episodic.test',
    META_CAPI_ACCESS_TOKEN: 'meta-token-123',
    META_CAPI_PIXEL_ID: '5555555555',
    TRACKING_RETENTION_DAYS: '30',
  });
});
afterAll(async () => {
  await t.close();
  await fb.close();
});

describe('a first Facebook sign-in', () => {
  it('is a registration: its conversion is queued with the hashed email', async () => {
    const guest = await t.app.inject({ method: 'GET', url: '/api/user' });
    const guestToken = String(guest.headers['x-user-token']);
    const userId = envelope<User>(guest).data.id;
    const headers = { 'x-user-token': guestToken };
    const start = await t.app.inject({ method: 'GET', url: '/api/user/oauth/facebook', headers });
    const stateCookie = start.cookies.find((c) => c.name === 'episodic_oauth')!;
    const html = await (await fetch(start.headers.location as string)).text();
    const back = new URL(/id="continue" href="([^"]+)"/.exec(html)![1]!.replace(/&#38;/g, '&'));
    const callback = await t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers,
      cookies: { episodic_oauth: stateCookie.value },
    });
    expect(callback.statusCode).toBe(302);

    const rows = await t.database.db
      .selectFrom('conversion_outbox')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
    expect(rows.map((r) => [r.platform, r.destination, r.event_id, r.event_name])).toEqual([
      ['meta', '5555555555', `registration-${userId}`, 'CompleteRegistration'],
    ]);
    expect(rows[0]!.payload).toMatchObject({
      emailSha256: createHash('sha256').update('noa@example.com').digest('hex'),
      eventSourceUrl: 'http://episodic.test/register',
    });

    // Signing in again later is not a new registration.
    await t.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: { cookie: `episodic_session=${callback.cookies.find((c) => c.name === 'episodic_session')!.value}` },
    });
    const again = await t.app.inject({ method: 'GET', url: '/api/user/oauth/facebook' });
    const html2 = await (await fetch(again.headers.location as string)).text();
    const back2 = new URL(/id="continue" href="([^"]+)"/.exec(html2)![1]!.replace(/&#38;/g, '&'));
    const second = await t.app.inject({
      method: 'GET',
      url: `${back2.pathname}${back2.search}`,
      cookies: { episodic_oauth: again.cookies.find((c) => c.name === 'episodic_oauth')!.value },
    });
    expect(second.statusCode).toBe(302);
    const all = await t.database.db
      .selectFrom('conversion_outbox')
      .select('event_id')
      .where('event_name', '=', 'CompleteRegistration')
      .execute();
    expect(all).toHaveLength(1);
  });
});

describe('retention', () => {
  it('deletes reported events past TRACKING_RETENTION_DAYS and settled deliveries after 30 days, keeping the rest', async () => {
    const { db } = t.database;
    await db
      .insertInto('tracking_events')
      .values([
        {
          event_id: 'old-event',
          event_name: 'PageView',
          source: 'report',
          event_time: new Date(),
          created_at: sql<Date>`now() - interval '31 days'`,
        },
        {
          event_id: 'recent-event',
          event_name: 'PageView',
          source: 'report',
          event_time: new Date(),
          created_at: sql<Date>`now() - interval '29 days'`,
        },
      ])
      .execute();
    const delivery = { platform: 'meta' as const, destination: '5555555555', event_name: 'Purchase', payload: '{}' };
    await db
      .insertInto('conversion_outbox')
      .values([
        {
          ...delivery,
          event_id: 'old-delivered',
          status: 'delivered',
          created_at: sql<Date>`now() - interval '31 days'`,
        },
        {
          ...delivery,
          event_id: 'old-pending',
          status: 'pending',
          next_attempt_at: sql<Date>`now() + interval '1 day'`,
          created_at: sql<Date>`now() - interval '31 days'`,
        },
        { ...delivery, event_id: 'new-failed', status: 'failed', created_at: new Date() },
      ])
      .execute();
    expect(await t.app.services.tracking.prune()).toEqual({ events: 1, deliveries: 1 });
    const events = await db
      .selectFrom('tracking_events')
      .select('event_id')
      .where('event_id', 'in', ['old-event', 'recent-event'])
      .execute();
    expect(events.map((e) => e.event_id)).toEqual(['recent-event']);
    const deliveries = await db
      .selectFrom('conversion_outbox')
      .select('event_id')
      .where('event_id', 'in', ['old-delivered', 'old-pending', 'new-failed'])
      .orderBy('event_id')
      .execute();
    expect(deliveries.map((d) => d.event_id)).toEqual(['new-failed', 'old-pending']);
  });
});
