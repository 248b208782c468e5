import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, SearchHistoryEntry, Series } from '@episodic/contract';
import { createTestApp, envelope, type TestApp } from '../../../test/test-app';
import { seedCatalogFixture, type CatalogFixture } from '../../../test/catalog-fixture';
import { createAccountsService } from '../accounts/index';

let t: TestApp;
let f: CatalogFixture;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  f = await seedCatalogFixture(t.database.db);
  await createAccountsService({ db: t.database.db, sessionTtlDays: 1 }).createAdmin(
    'searcher@example.com',
    'searcher password',
  );
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { email: 'searcher@example.com', password: 'searcher password' },
  });
  token = String(login.headers['x-user-token']);
});
afterAll(() => t.close());

async function search(keyword: string, extra = '') {
  const res = await t.app.inject({ method: 'GET', url: `/api/video?keyword=${encodeURIComponent(keyword)}${extra}` });
  return envelope<Page<Series>>(res).data;
}

describe('search', () => {
  it.each([
    ['billionaire', 'ceo'],
    ['billionare', 'ceo'],
    ['Moonli', 'wolf'],
    ['moonlite alpha', 'wolf'],
    ['jade palace', 'palace'],
    ['Mondlicht', 'wolf'],
    ['vengeance', 'palace'],
    ['novia', 'ceo'],
    ['werewolf', 'wolf'],
  ] as const)('finds %s → %s', async (keyword, expected) => {
    const page = await search(keyword);
    expect(page.items[0]?.id).toBe(f.series[expected]);
  });

  it('finds nothing for nonsense, and never shows drafts', async () => {
    expect((await search('zzqqxx')).items).toEqual([]);
    expect((await search('Unreleased Draft')).items).toEqual([]);
    expect((await search('')).items).toEqual([]);
  });

  it('answers in the viewer language', async () => {
    const page = await search('billionaire', '&lang=es');
    expect(page.items[0]?.title).toBe('La novia secreta del millonario');
  });

  it('pages results', async () => {
    const first = await search('a', '&pageSize=1');
    expect(first.items).toHaveLength(1);
    expect(first.hasMore).toBe(true);
  });

  it('survives hostile input', async () => {
    for (const keyword of ["'; DROP TABLE series; --", '%_%', '\\', '(((', 'ü'.repeat(100), '🙂🙂']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/video?keyword=${encodeURIComponent(keyword)}` });
      expect(res.statusCode).toBe(200);
      expect(envelope(res).code).toBe(200);
    }
    const tooLong = await t.app.inject({ method: 'GET', url: `/api/video?keyword=${'x'.repeat(101)}` });
    expect(envelope(tooLong).code).toBe(422);
  });
});

describe('search history', () => {
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, auth = token) =>
    t.app.inject({ method, url, payload, headers: auth ? { 'x-user-token': auth } : {} });

  it('keeps a signed-in viewer’s searches, recent first, without duplicates', async () => {
    await call('POST', '/api/search/history', { query: 'moonlight' });
    await call('POST', '/api/search/history', { query: '  jade   palace ' });
    await call('POST', '/api/search/history', { query: 'moonlight' });
    const list = envelope<SearchHistoryEntry[]>(await call('GET', '/api/search/history')).data;
    expect(list.map((e) => e.query)).toEqual(['moonlight', 'jade palace']);
  });

  it('removes one, then clears all', async () => {
    await call('DELETE', '/api/search/history?query=moonlight');
    expect(envelope<SearchHistoryEntry[]>(await call('GET', '/api/search/history')).data.map((e) => e.query)).toEqual([
      'jade palace',
    ]);
    await call('DELETE', '/api/search/history');
    expect(envelope<SearchHistoryEntry[]>(await call('GET', '/api/search/history')).data).toEqual([]);
  });

  it('is kept on the device for guests: the server asks for sign-in', async () => {
    const guest = await t.app.inject({ method: 'GET', url: '/api/user' });
    const res = await call('GET', '/api/search/history', undefined, String(guest.headers['x-user-token']));
    expect(envelope(res).code).toBe(401);
  });
});
