import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Series, TrendingSearch } from '@episodic/contract';
import { createTestApp, envelope, type TestApp } from '../../../test/test-app';
import { seedCatalogFixture, type CatalogFixture } from '../../../test/catalog-fixture';
import { callOk, newAccount, newGuest, send } from '../../../test/principals';
import { TRENDING_MIN_VIEWERS } from './search-trends';
import { mergeCatalogData } from './catalog-merge.repository';

// Category names, synonyms and trending searches: what people mean rather than the titles' words.
let t: TestApp;
let f: CatalogFixture;
beforeAll(async () => {
  t = await createTestApp();
  f = await seedCatalogFixture(t.database.db);
  // A category the wolf series is in, and whose name no title or synopsis has.
  const { id } = await t.database.db
    .insertInto('tags')
    .values({ slug: 'ceo', position: 9 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.database.db
    .insertInto('tag_translations')
    .values([
      { tag_id: id, language: 'en', name: 'Billionaires & CEOs' },
      { tag_id: id, language: 'es', name: 'Millonarios y CEO' },
      { tag_id: id, language: 'fy', name: 'Milliardaires et PDG' },
    ])
    .execute();
  await t.database.db.insertInto('series_tags').values({ series_id: f.series.wolf, tag_id: id, position: 5 }).execute();
});
afterAll(() => t.close());

async function search(keyword: string, lang = 'en') {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/video?keyword=${encodeURIComponent(keyword)}&lang=${lang}`,
  });
  return envelope<Page<Series>>(res).data.items.map((s) => s.id);
}

describe('search by category name', () => {
  it('finds the series of a category whose name matches, in every language the name has', async () => {
    expect(await search('ceo')).toContain(f.series.wolf);
    expect(await search('CEOs')).toContain(f.series.wolf);
    expect(await search('millonarios', 'en')).toContain(f.series.wolf);
    expect(await search('pdg', 'dy')).toContain(f.series.wolf);
    // A typo in a category name still finds it.
    expect(await search('billionares &')).toContain(f.series.wolf);
  });

  it('ranks a title match above a category match', async () => {
    const ids = await search('billionaire');
    expect(ids[0]).toBe(f.series.ceo);
    expect(ids).toContain(f.series.wolf);
  });
});

describe('synonyms', () => {
  it.each([
    ['boss', 'en'],
    ['jefe', 'es'],
    ['patron', 'fy'],
    ['chefe', 'pt'],
  ])('%s (%s) finds what a CEO search finds', async (word, lang) => {
    expect(await search(word, lang)).toContain(f.series.wolf);
  });

  it('follow the viewer language only', async () => {
    // "wedding" means "bride" in English; the Spanish table does not know it.
    expect(await search('wedding', 'en')).toContain(f.series.ceo);
    expect(await search('wedding', 'es')).not.toContain(f.series.ceo);
  });
});

describe('trending searches', () => {
  const trending = async (lang = 'en') => {
    t.app.catalog.searchTrends.refresh();
    const { data } = await callOk<TrendingSearch[]>(t, null, 'GET', `/api/search/trending?lang=${lang}`);
    return data.map((e) => e.query);
  };
  const submit = (token: string, query: string, lang = 'en') =>
    callOk(t, token, 'POST', `/api/search/trending?lang=${lang}`, { query });

  it(`shows a query only once ${String(TRENDING_MIN_VIEWERS)} viewers searched it, and only if it finds something`, async () => {
    const viewers = await Promise.all(Array.from({ length: TRENDING_MIN_VIEWERS }, () => newGuest(t)));
    const [first, ...others] = viewers;
    // One viewer searching many times is one viewer.
    for (let i = 0; i < 5; i++) await submit(first!.token!, 'Moonlight');
    await submit(first!.token!, 'my secret diary zzqq');
    expect(await trending()).toEqual([]);
    for (const v of others) {
      await submit(v.token!, 'moonlight');
      await submit(v.token!, 'my secret diary zzqq');
    }
    expect(await trending()).toEqual(['moonlight']);
    // Per language: Spanish viewers see what Spanish viewers search.
    expect(await trending('es')).toEqual([]);
  });

  it('ranks by viewers and is cached until refreshed', async () => {
    const viewers = await Promise.all(Array.from({ length: TRENDING_MIN_VIEWERS + 1 }, () => newGuest(t)));
    for (const v of viewers) await submit(v.token!, 'jade palace');
    expect(await trending()).toEqual(['jade palace', 'moonlight']);
    const late = await newGuest(t);
    await submit(late.token!, 'werewolf');
    const { data } = await callOk<TrendingSearch[]>(t, null, 'GET', '/api/search/trending');
    expect(data.map((e) => e.query)).toEqual(['jade palace', 'moonlight']);
  });

  it('shows a query the moment it starts trending, though the list was cached without it', async () => {
    const cached = async () =>
      (await callOk<TrendingSearch[]>(t, null, 'GET', '/api/search/trending')).data.map((e) => e.query);
    const before = await cached();
    expect(before).not.toContain('secret bride');
    const viewers = await Promise.all(Array.from({ length: TRENDING_MIN_VIEWERS }, () => newGuest(t)));
    for (const v of viewers.slice(0, -1)) await submit(v.token!, 'secret bride');
    expect(await cached()).toEqual(before);
    await submit(viewers.at(-1)!.token!, 'secret bride');
    expect(await cached()).toContain('secret bride');
  });

  it('needs a session to count, and moves with a guest who signs in', async () => {
    const res = await send(t, null, 'POST', '/api/search/trending', { payload: { query: 'moonlight' } });
    expect(envelope(res).code).toBe(401);
    const account = await newAccount(t);
    const guest = await newGuest(t);
    await submit(guest.token!, 'moonlight');
    await submit(account.token!, 'moonlight');
    await t.database.db.transaction().execute((trx) => mergeCatalogData(trx, guest.id!, account.id!));
    const rows = await t.database.db
      .selectFrom('daily_searches')
      .select('user_id')
      .where('query', '=', 'moonlight')
      .where('user_id', 'in', [guest.id!, account.id!])
      .execute();
    expect(rows.map((r) => r.user_id)).toEqual([account.id]);
  });

  it('forgets counted searches past the window', async () => {
    await t.database.db
      .updateTable('daily_searches')
      .set({ day: new Date(Date.now() - 9 * 86_400_000) })
      .where('query', '=', 'werewolf')
      .execute();
    await t.app.catalog.searchTrends.prune();
    const left = await t.database.db
      .selectFrom('daily_searches')
      .select('query')
      .where('query', '=', 'werewolf')
      .execute();
    expect(left).toEqual([]);
  });
});
