import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { Page, Series, User } from '@episodic/contract';
import { createTestApp, envelope, type TestApp } from '../../../test/test-app';
import { seedCatalogFixture, type CatalogFixture } from '../../../test/catalog-fixture';
import { grantCoins, newAccount, newGuest, send, type Principal } from '../../../test/principals';

/**
 * A session token that arrived in a link (`?userToken=`, stored by the web client as the specification
 * asks) is traded for the visitor's own session on first use: whoever made the link never sees or acts
 * on what the visitor does next.
 */
let t: TestApp;
let f: CatalogFixture;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://episodic.test' });
  f = await seedCatalogFixture(t.database.db);
});
afterAll(() => t.close());

const data = <T>(res: LightMyRequestResponse) => envelope<T>(res).data;
/** The exchange as the web client makes it: the link's token stored, so also in the X-User-Token header. */
function exchange(linkToken: string, cookie?: string) {
  return send(t, cookie ?? linkToken, 'POST', '/api/user/session/exchange', {
    payload: { token: linkToken },
    viaCookie: Boolean(cookie),
    headers: cookie ? { 'x-user-token': linkToken, origin: 'http://episodic.test' } : {},
  });
}
const favorites = async (token: string) => envelope<Page<Series>>(await send(t, token, 'GET', '/api/user/favorite'));

describe('a guest’s token from a link', () => {
  let author: Principal;
  let visitorToken: string;

  it('gives the visitor a fresh session on the guest, with its list and coins, and revokes the link’s token', async () => {
    author = await newGuest(t, 'link author');
    await send(t, author.token, 'POST', '/api/user/favorite', { payload: { seriesId: f.series.wolf } });
    await grantCoins(t, author.id!, 40);
    const res = await exchange(author.token!);
    visitorToken = String(res.headers['x-user-token']);
    expect(visitorToken).toMatch(/^[\w-]{43}$/);
    expect(visitorToken).not.toBe(author.token);
    expect(res.cookies.find((c) => c.name === 'episodic_session')).toMatchObject({
      value: visitorToken,
      httpOnly: true,
    });
    expect(data<User>(res)).toMatchObject({ id: author.id, isGuest: true, coins: 40 });
    expect((await favorites(visitorToken)).data.items.map((s) => s.id)).toEqual([f.series.wolf]);
  });

  it('leaves the link’s author outside everything the visitor does next', async () => {
    await send(t, visitorToken, 'POST', '/api/user/favorite', { payload: { seriesId: f.series.ceo } });
    expect((await favorites(author.token!)).code).toBe(401);
    const asAuthor = data<User>(await send(t, author.token, 'GET', '/api/user'));
    expect(asAuthor.id).not.toBe(author.id);
    expect(
      (await send(t, author.token, 'POST', '/api/video/unlock', { payload: { episodeId: f.episodes.wolf[5] } })).body,
    ).not.toContain(author.id!);
    // A purchase the visitor starts is the visitor's alone.
    const order = envelope<{ id: string }>(
      await send(t, visitorToken, 'POST', '/api/payment/order', { payload: { planId: 'coins-300' } }),
    );
    expect(order.code).toBe(200);
    const asAuthorOrders = await send(t, author.token, 'GET', '/api/payment');
    expect(envelope(asAuthorOrders).code).toBe(401);
    expect(asAuthorOrders.body).not.toContain(order.data.id);
    const stillOwn = await favorites(visitorToken);
    expect(stillOwn.data.items.map((s) => s.id).sort()).toEqual([f.series.wolf, f.series.ceo].sort());
  });

  it('is handed over once: a second visitor of the same link gets an empty guest of their own', async () => {
    const second = await exchange(author.token!);
    const user = data<User>(second);
    expect(user.id).not.toBe(author.id);
    expect((await favorites(String(second.headers['x-user-token']))).data.items).toEqual([]);
    expect((await favorites(visitorToken)).data.items).toHaveLength(2);
  });
});

describe('a registered account’s token from a link', () => {
  it('hands nothing over: the visitor gets a guest of their own and the author, signing in, sees none of it', async () => {
    const author = await newAccount(t, 'account author');
    await send(t, author.token, 'POST', '/api/user/favorite', { payload: { seriesId: f.series.palace } });
    const res = await exchange(author.token!);
    const visitor = data<User>(res);
    expect(visitor).toMatchObject({ isGuest: true, email: null });
    expect(visitor.id).not.toBe(author.id);
    const visitorToken = String(res.headers['x-user-token']);
    expect((await favorites(visitorToken)).data.items).toEqual([]);
    await send(t, visitorToken, 'POST', '/api/user/favorite', { payload: { seriesId: f.series.ceo } });
    // The link's token is dead (it travelled in an address), and the account never saw the visitor.
    expect((await favorites(author.token!)).code).toBe(401);
    const login = await send(t, null, 'POST', '/api/user/login', {
      payload: { email: author.email, password: author.password },
    });
    const again = await favorites(String(login.headers['x-user-token']));
    expect(again.data.items.map((s) => s.id)).toEqual([f.series.palace]);
  });
});

describe('a visitor who has a session of their own', () => {
  it('keeps it, gets its token back in place of the stored link token, and the link’s token is revoked', async () => {
    const visitor = await newGuest(t, 'visitor');
    const author = await newGuest(t, 'author');
    const res = await exchange(author.token!, visitor.token!);
    expect(data<User>(res).id).toBe(visitor.id);
    expect(res.headers['x-user-token']).toBe(visitor.token);
    expect(res.cookies.find((c) => c.name === 'episodic_session')).toBeUndefined();
    expect(data<User>(await send(t, author.token, 'GET', '/api/user')).id).not.toBe(author.id);
  });

  it('keeps the visitor in their own account when the link carries their own token, with a new token', async () => {
    const visitor = await newAccount(t, 'self');
    const res = await exchange(visitor.token!, visitor.token!);
    expect(data<User>(res)).toMatchObject({ id: visitor.id, isGuest: false });
    const fresh = String(res.headers['x-user-token']);
    expect(fresh).not.toBe(visitor.token);
    expect(data<User>(await send(t, fresh, 'GET', '/api/user')).id).toBe(visitor.id);
    expect(data<User>(await send(t, visitor.token, 'GET', '/api/user')).id).not.toBe(visitor.id);
  });

  it('answers a made-up or over-long token with a session, never an error', async () => {
    const made = await exchange('made-up-token');
    expect(envelope(made).code).toBe(200);
    expect(data<User>(made).isGuest).toBe(true);
    const long = await send(t, null, 'POST', '/api/user/session/exchange', { payload: { token: 'x'.repeat(300) } });
    expect(envelope(long).code).toBe(422);
  });
});
