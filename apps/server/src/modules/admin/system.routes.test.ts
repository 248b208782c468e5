import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminAuditEntry, AdminDashboard, AdminPage, AdminSettings, ConfigList } from '@episodic/contract';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { caller, createCallers, type Callers } from '../../../test/admin-fixture';
import { seedCatalogFixture, type CatalogFixture } from '../../../test/catalog-fixture';
import { sharedSecret } from '../../db/secrets';

let t: TestApp;
let who: Callers;
let fx: CatalogFixture;
let admin: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp();
  fx = await seedCatalogFixture(t.database.db);
  who = await createCallers(t);
  admin = caller(t, who.admin);
});
afterAll(() => t.close());

describe('settings', () => {
  it('shows the configuration list, mail and payment providers without secrets', async () => {
    const { data } = await admin.get<AdminSettings>('/api/admin/settings');
    expect(data.config.map((c) => [c.key, c.known])).toEqual([
      ['bigo_pixel', true],
      ['facebook_pixel_id', true],
      ['google_analytics', true],
      ['rewards_checkin_coins', true],
      ['rewards_first_purchase_coins', true],
      ['rewards_welcome_coins', true],
      ['tiktok_pixel', true],
    ]);
    expect(data.mail).toMatchObject({
      transport: 'outbox',
      server: null,
      outbox: expect.stringMatching(/outbox$/),
      outboxMessages: expect.any(Number),
    });
    expect(data.payments.map((p) => [p.id, p.status])).toEqual([
      ['sandbox', 'test'],
      ['paypal', 'test'],
    ]);
    expect(JSON.stringify(data)).not.toContain(await sharedSecret(t.database.db, 'sandbox-webhook'));
  });

  it('sets a pixel id: the apps read it at once; a bad id is refused', async () => {
    expect(await admin.put('/api/admin/settings/config/facebook_pixel_id', { value: '<script>' })).toMatchObject({
      code: 422,
      fields: { value: expect.any(String) },
    });
    await caller(t, who.viewer).get('/api/config');
    const before = (await admin.get<AdminSettings>('/api/admin/settings')).data.config.find(
      (c) => c.key === 'facebook_pixel_id',
    )!;
    const saved = await admin.put<AdminSettings>('/api/admin/settings/config/facebook_pixel_id', {
      value: ' 1234567890 ',
    });
    const pixel = saved.data.config.find((c) => c.key === 'facebook_pixel_id')!;
    expect(pixel.value).toBe('1234567890');
    expect(Date.parse(pixel.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
    const list = (await caller(t, who.viewer).get<ConfigList>('/api/config')).data.list;
    expect(list).toContainEqual({ config_key: 'facebook_pixel_id', config_value: '1234567890' });
    const [entry] = (await admin.get<AdminPage<AdminAuditEntry>>('/api/admin/audit?targetType=setting')).data.items;
    expect(entry).toMatchObject({
      action: 'setting.update',
      targetId: 'facebook_pixel_id',
      before: { value: '' },
      after: { value: '1234567890' },
    });
  });

  it('adds and removes other keys; keys the product reads stay', async () => {
    expect((await admin.put('/api/admin/settings/config/Bad-Key', { value: 'x' })).code).toBe(422);
    const added = await admin.put<AdminSettings>('/api/admin/settings/config/support_chat_url', {
      value: 'https://chat.example.com/episodic',
    });
    expect(added.data.config.find((c) => c.key === 'support_chat_url')).toMatchObject({
      known: false,
      value: 'https://chat.example.com/episodic',
    });
    expect((await caller(t, who.viewer).get<ConfigList>('/api/config')).data.list.map((e) => e.config_key)).toContain(
      'support_chat_url',
    );
    expect((await admin.del('/api/admin/settings/config/tiktok_pixel')).code).toBe(409);
    await admin.del('/api/admin/settings/config/support_chat_url');
    expect(
      (await caller(t, who.viewer).get<ConfigList>('/api/config')).data.list.map((e) => e.config_key),
    ).not.toContain('support_chat_url');
    expect((await admin.del('/api/admin/settings/config/support_chat_url')).code).toBe(404);
  });
});

describe('dashboard', () => {
  it('counts plays, sign-ups, sales, memberships and conversions by source over a period', async () => {
    const db = t.database.db;
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86400_000).toISOString().slice(0, 10);
    const ep = fx.episodes.ceo;
    await db
      .insertInto('episode_plays')
      .values([
        { episode_id: ep[0]!, viewer: 'a', day: today },
        { episode_id: ep[1]!, viewer: 'a', day: today },
        { episode_id: ep[0]!, viewer: 'b', day: yesterday },
        { episode_id: ep[0]!, viewer: 'c', day: '2020-01-01' },
      ])
      .execute();
    const users = await db
      .insertInto('users')
      .values([
        { email: 'fb@episodic.test', is_guest: false },
        { email: 'tt@episodic.test', is_guest: false },
        { email: 'ref@episodic.test', is_guest: false },
        { email: 'org@episodic.test', is_guest: false },
      ])
      .returning('id')
      .execute();
    const now = new Date();
    const order = (userId: string, planId: string, amount: number, attribution: object | null, extra: object = {}) => ({
      id: randomUUID(),
      user_id: userId,
      plan_id: planId,
      amount,
      currency: 'USD',
      status: 'paid' as const,
      paid_at: now,
      attribution: attribution ? JSON.stringify(attribution) : null,
      ...extra,
    });
    await db
      .insertInto('orders')
      .values([
        order(users[0]!.id, 'weekly', 499, { fbclid: 'fb-1', ttclid: null, refererToken: null }),
        order(users[1]!.id, 'coins-300', 299, { fbclid: null, ttclid: 'tt-1', refererToken: null }),
        order(users[2]!.id, 'coins-300', 299, {
          fbclid: null,
          ttclid: null,
          refererToken: null,
          lastTouch: { refererToken: 'ref-9' },
        }),
        order(users[3]!.id, 'coins-1000', 899, { fbclid: null, ttclid: null, refererToken: null }),
        order(users[0]!.id, 'weekly', 499, null, { purpose: 'renewal', renewal_for: now }),
        order(users[3]!.id, 'coins-300', 299, null, { status: 'pending', paid_at: null }),
        order(users[3]!.id, 'coins-300', 299, null, { paid_at: new Date('2020-01-01T10:00:00Z') }),
      ])
      .execute();
    await db
      .insertInto('memberships')
      .values({
        user_id: users[0]!.id,
        plan_id: 'weekly',
        status: 'active',
        current_period_start: now,
        current_period_end: new Date(Date.now() + 7 * 86400_000),
        renewal_price: 499,
        renewal_currency: 'USD',
        renewal_days: 7,
        auto_renew: false,
        cancelled_at: now,
      })
      .execute();

    const { data } = await admin.get<AdminDashboard>(`/api/admin/dashboard?from=${yesterday}&to=${today}`);
    expect(data).toMatchObject({ from: yesterday, to: today, currency: 'USD', renewalRevenue: 499 });
    expect(data.days.map((d) => d.day)).toEqual([yesterday, today]);
    expect(data.totals).toMatchObject({
      plays: 3,
      payingUsers: 4,
      paidOrders: 5,
      gross: 499 + 299 + 299 + 899 + 499,
      newPaidMemberships: 1,
      renewals: 1,
      cancellations: 1,
      activePaidMemberships: 1,
    });
    // The four buyers and the test viewer; the operator is not audience.
    expect(data.totals.newAccounts).toBeGreaterThanOrEqual(5);
    expect(data.days[1]).toMatchObject({ plays: 2, gross: 2495, net: 2495, payingUsers: 4 });
    expect(data.sources).toEqual([
      { source: 'fbclid', conversions: 1, revenue: 499 },
      { source: 'ttclid', conversions: 1, revenue: 299 },
      { source: 'referrer', conversions: 1, revenue: 299 },
      { source: 'organic', conversions: 1, revenue: 899 },
    ]);

    // Guests purged as unused still count as the visitors they were, on the day they arrived.
    await db.insertInto('purged_guests').values({ day: '2020-01-01', n: 7 }).execute();
    const old = await admin.get<AdminDashboard>('/api/admin/dashboard?from=2020-01-01&to=2020-01-01');
    expect(old.data.totals).toMatchObject({ plays: 1, gross: 299, paidOrders: 1 });
    expect(old.data.days[0]).toMatchObject({ newVisitors: 7, newAccounts: 0 });
    const fallback = await admin.get<AdminDashboard>('/api/admin/dashboard');
    expect(fallback.data.days).toHaveLength(30);
    expect(fallback.data.to).toBe(today);
    expect(await admin.get(`/api/admin/dashboard?from=${today}&to=${yesterday}`)).toMatchObject({
      code: 422,
      fields: { to: expect.any(String) },
    });
    expect(await admin.get('/api/admin/dashboard?from=2020-01-01&to=2024-01-01')).toMatchObject({
      code: 422,
      fields: { from: expect.any(String) },
    });
    expect((await admin.get('/api/admin/dashboard?from=yesterday')).code).toBe(422);
  });
});

describe('audit log', () => {
  it('is append-only, filterable and keeps the operator when the account goes', async () => {
    const page = await admin.get<AdminPage<AdminAuditEntry>>('/api/admin/audit?pageSize=2');
    expect(page.data.items).toHaveLength(2);
    expect(page.data.total).toBeGreaterThanOrEqual(3);
    expect(page.data.items[0]!.id).toBeGreaterThan(page.data.items[1]!.id);
    expect(
      (await admin.get<AdminPage<AdminAuditEntry>>('/api/admin/audit?action=setting')).data.items.every((e) =>
        e.action.startsWith('setting.'),
      ),
    ).toBe(true);
    expect((await admin.get<AdminPage<AdminAuditEntry>>('/api/admin/audit?actor=OPS@')).data.total).toBe(
      page.data.total,
    );
    await expect(sql`UPDATE audit_log SET summary = 'rewritten'`.execute(t.database.db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM audit_log`.execute(t.database.db)).rejects.toThrow(/append-only/);
    await t.database.db.deleteFrom('users').where('id', '=', who.adminId).execute();
    const rows = await t.database.db.selectFrom('audit_log').select(['actor_id', 'actor_email']).execute();
    expect(rows.every((r) => r.actor_id === null && r.actor_email === 'ops@episodic.test')).toBe(true);
  });
});
