import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminAuditEntry, AdminPage, AdminUser, AdminUserSummary, User } from '@episodic/contract';
import { createTestApp, envelope, type TestApp } from '../../../test/test-app';
import { caller, createCallers, type Callers } from '../../../test/admin-fixture';
import { seedCatalogFixture, type CatalogFixture } from '../../../test/catalog-fixture';

let t: TestApp;
let who: Callers;
let fx: CatalogFixture;
let admin: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://episodic.test' });
  fx = await seedCatalogFixture(t.database.db);
  who = await createCallers(t);
  admin = caller(t, who.admin);
});
afterAll(() => t.close());

const card = {
  number: '4242 4242 4242 4242',
  expiry: '12/34',
  cvv: '123',
  firstName: 'Ana',
  lastName: 'Lima',
  email: 'ana@example.com',
};

describe('users', () => {
  it('finds accounts by part of the email or by id, with filters', async () => {
    await t.app.inject({ method: 'GET', url: '/api/user' });
    const registered = await admin.get<AdminPage<AdminUserSummary>>('/api/admin/users');
    expect(registered.data.items.map((u) => u.email).sort()).toEqual(['ops@episodic.test', 'viewer@episodic.test']);
    const byPart = await admin.get<AdminPage<AdminUserSummary>>('/api/admin/users?q=VIEWER@');
    expect(byPart.data.items).toEqual([
      expect.objectContaining({
        id: who.viewerId,
        email: 'viewer@episodic.test',
        role: 'viewer',
        isGuest: false,
        coins: 0,
        member: false,
      }),
    ]);
    expect(
      (await admin.get<AdminPage<AdminUserSummary>>(`/api/admin/users?q=${who.viewerId}`)).data.items.map((u) => u.id),
    ).toEqual([who.viewerId]);
    expect(
      (await admin.get<AdminPage<AdminUserSummary>>('/api/admin/users?filter=admins')).data.items.map((u) => u.email),
    ).toEqual(['ops@episodic.test']);
    const guests = await admin.get<AdminPage<AdminUserSummary>>('/api/admin/users?filter=guests');
    expect(guests.data.total).toBeGreaterThanOrEqual(2);
    expect(guests.data.items.every((u) => u.isGuest && u.email === null)).toBe(true);
    expect((await admin.get<AdminPage<AdminUserSummary>>('/api/admin/users?q=50%25_off')).data.items).toEqual([]);
  });

  it("shows one account's orders, unlocks, history, coins and attribution", async () => {
    const viewer = caller(t, who.viewer);
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/payment/order',
      headers: { 'x-user-token': who.viewer, ttclid: 'tt-click-7' },
      payload: { planId: 'coins-300' },
    });
    const orderId = envelope<{ id: string }>(order).data.id;
    await viewer.post('/api/payment/pay', { orderId, method: 'card', card, agree: true });
    await viewer.post('/api/video/unlock', { episodeId: fx.episodes.ceo[3] });
    await viewer.post('/api/user/history', { episodeId: fx.episodes.wolf[1], position: 42.5, finished: false });
    await viewer.post('/api/user/favorite', { seriesId: fx.series.palace });

    const user = (await admin.get<AdminUser>(`/api/admin/users/${who.viewerId}`)).data;
    expect(user).toMatchObject({
      email: 'viewer@episodic.test',
      coins: 250,
      paidOrders: 1,
      favorites: 1,
      activeSessions: 1,
      disabledAt: null,
    });
    expect(user.orders).toEqual([
      expect.objectContaining({
        id: orderId,
        status: 'paid',
        attribution: expect.objectContaining({ source: 'ttclid', ttclid: 'tt-click-7' }),
      }),
    ]);
    expect(user.unlocks).toEqual([
      expect.objectContaining({
        episodeId: fx.episodes.ceo[3],
        seriesId: fx.series.ceo,
        episodeNumber: 4,
        source: 'coins',
        seriesTitle: 'The Billionaire’s Secret Bride',
      }),
    ]);
    expect(user.history).toEqual([
      expect.objectContaining({
        seriesId: fx.series.wolf,
        episodeNumber: 2,
        position: 42.5,
        finished: false,
        seriesTitle: 'Moonlight Alpha',
      }),
    ]);
    expect(user.ledger.map((l) => [l.kind, l.delta])).toEqual([
      ['spend', -50],
      ['purchase', 300],
    ]);
    expect(user.attribution).toMatchObject({ firstSource: 'ttclid', touches: [{ source: 'ttclid', orderId }] });
    expect((await admin.get(`/api/admin/users/00000000-0000-4000-8000-000000000000`)).code).toBe(404);
  });

  it('disables an account: its sessions end and it cannot sign in; enabling lets it back', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: {
        email: 'troll@episodic.test',
        password: 'troll password 1',
        confirmPassword: 'troll password 1',
        agree: true,
      },
    });
    const token = String(res.headers['x-user-token']);
    const id = envelope<User>(res).data.id;
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: 'troll@episodic.test', password: 'troll password 1' },
    });
    const token2 = String(second.headers['x-user-token']);

    expect(await admin.post(`/api/admin/users/${id}/disable`, { reason: '' })).toMatchObject({
      code: 422,
      fields: { reason: expect.any(String) },
    });
    expect((await admin.post(`/api/admin/users/${who.adminId}/disable`, { reason: 'oops' })).code).toBe(409);
    const disabled = await admin.post<AdminUser>(`/api/admin/users/${id}/disable`, { reason: 'Chargeback fraud' });
    expect(disabled.data).toMatchObject({ disabledAt: expect.any(String), activeSessions: 0 });

    for (const tok of [token, token2]) expect((await caller(t, tok).get('/api/user/favorite')).code).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: 'troll@episodic.test', password: 'troll password 1' },
    });
    expect(envelope(login).code).toBe(401);
    const [entry] = (await admin.get<AdminPage<AdminAuditEntry>>(`/api/admin/audit?targetType=user&targetId=${id}`))
      .data.items;
    expect(entry).toMatchObject({
      action: 'user.disable',
      reason: 'Chargeback fraud',
      after: { sessionsEnded: 2 },
      summary: 'Disabled troll@episodic.test and ended 2 sessions',
    });
    expect(
      (await admin.get<AdminPage<AdminUserSummary>>('/api/admin/users?filter=disabled')).data.items.map((u) => u.id),
    ).toEqual([id]);

    await admin.post(`/api/admin/users/${id}/enable`, {});
    const back = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: 'troll@episodic.test', password: 'troll password 1' },
    });
    expect(envelope(back).code).toBe(200);
    expect(
      (await admin.get<AdminPage<AdminAuditEntry>>(`/api/admin/audit?action=user.enable`)).data.items[0],
    ).toMatchObject({ targetId: id, after: { disabledAt: null } });
  });
});
