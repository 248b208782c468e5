import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Series } from '@episodic/contract';
import { createTestApp, envelope, type TestApp } from '../../../test/test-app';
import { seedCatalogFixture, type CatalogFixture } from '../../../test/catalog-fixture';
import { caller, createCallers } from '../../../test/admin-fixture';
import { newGuest, send, type Principal } from '../../../test/principals';

// Searches, categories and home sections are serialized and compressed once per page and set of
// hearts on it, like the homepage: each viewer still sees only their own hearts, and a catalog edit or
// a viewer's own change to their list shows in the very next answer (each page is asked twice first,
// so the answer checked afterwards would come from the cache if nothing dropped it).

let t: TestApp;
let f: CatalogFixture;
let admin: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp();
  f = await seedCatalogFixture(t.database.db);
  admin = caller(t, (await createCallers(t)).admin);
});
afterAll(() => t.close());

/** The pages under test: a search, a category, a home section and a category tab of a section. */
const pages = () => ({
  search: '/api/video?keyword=a&pageSize=10',
  category: `/api/video?tagId=${String(f.tags.romance)}`,
  section: `/api/homepage/query?sectionId=${String(f.sections.asian)}`,
  tab: `/api/homepage/query?sectionId=${String(f.sections.categories)}&tagId=${String(f.tags.revenge)}`,
});

async function page(who: Principal | null, url: string, headers: Record<string, string> = {}): Promise<Page<Series>> {
  const res = await send(t, who?.token ?? null, 'GET', url, { headers });
  expect(res.statusCode, res.body).toBe(200);
  return envelope<Page<Series>>(res).data;
}
const ids = async (who: Principal | null, url: string) => (await page(who, url)).items.map((s) => s.id);
const hearted = async (who: Principal | null, url: string) =>
  (await page(who, url)).items.filter((s) => s.favorite).map((s) => s.id);
const twice = async (who: Principal | null, url: string) => {
  await page(who, url);
  return page(who, url);
};

const favorite = (who: Principal, seriesId: number) =>
  send(t, who.token, 'POST', '/api/user/favorite', { payload: { seriesId } });
const unfavorite = (who: Principal, seriesId: number) =>
  send(t, who.token, 'DELETE', `/api/user/favorite?seriesId=${String(seriesId)}`);

describe('pages of series served prebuilt', () => {
  it('shows each viewer their own hearts on every page, however the answers are shared', async () => {
    const [a, b, c, d] = [await newGuest(t), await newGuest(t), await newGuest(t), await newGuest(t)];
    await favorite(a, f.series.ceo);
    await favorite(b, f.series.palace);
    await favorite(c, f.series.ceo);
    await favorite(d, f.series.draft);
    for (const url of Object.values(pages())) {
      const shown = new Set(await ids(null, url));
      const expected = (series: number) => (shown.has(series) ? [series] : []);
      for (let round = 0; round < 2; round++) {
        expect(await hearted(a, url), url).toEqual(expected(f.series.ceo));
        expect(await hearted(b, url), url).toEqual(expected(f.series.palace));
        expect(await hearted(c, url), url).toEqual(expected(f.series.ceo));
        // A heart on a series no page shows (a draft) changes nothing on them.
        expect(await hearted(d, url), url).toEqual([]);
        expect(await hearted(null, url), url).toEqual([]);
      }
    }
    // Viewers with the same hearts on a page share one answer; others get their own.
    const etag = async (who: Principal) =>
      (await send(t, who.token, 'GET', pages().search, { headers: { 'accept-encoding': 'br' } })).headers.etag;
    expect(await etag(a)).toBe(await etag(c));
    expect(await etag(a)).not.toBe(await etag(b));
  });

  it("sets and clears a viewer's heart in the next answer of every page", async () => {
    const who = await newGuest(t);
    const other = await newGuest(t);
    for (const url of Object.values(pages())) {
      const shown = await ids(null, url);
      const series = shown[0]!;
      expect((await twice(who, url)).items.filter((s) => s.favorite)).toEqual([]);
      expect((await favorite(who, series)).statusCode).toBe(200);
      expect(await hearted(who, url), url).toEqual([series]);
      expect(await hearted(other, url), url).toEqual([]);
      expect((await unfavorite(who, series)).statusCode).toBe(200);
      expect(await hearted(who, url), url).toEqual([]);
    }
  });

  it('follows a catalog edit in the next answer', async () => {
    const search = '/api/video?keyword=moonlight';
    const category = `/api/video?tagId=${String(f.tags.revenge)}`;
    const viewer = await newGuest(t);
    await favorite(viewer, f.series.wolf);
    for (const who of [null, viewer]) {
      expect((await twice(who, search)).items[0]?.title).toBe('Moonlight Alpha');
      expect((await twice(who, category)).items.map((s) => s.id)).toContain(f.series.wolf);
    }
    const read = await admin.get<{ detailsVersion: number }>(`/api/admin/series/${String(f.series.wolf)}`);
    const renamed = await admin.patch(`/api/admin/series/${String(f.series.wolf)}`, {
      texts: { en: { title: 'Moonlight Omega', synopsis: 'A werewolf pack in Montana.' } },
      detailsVersion: read.data.detailsVersion,
    });
    expect(renamed.code).toBe(200);
    for (const who of [null, viewer]) {
      const found = (await page(who, search)).items[0]!;
      expect([found.title, found.favorite]).toEqual(['Moonlight Omega', who !== null]);
    }
    expect((await admin.post(`/api/admin/series/${String(f.series.wolf)}/status`, { status: 'draft' })).code).toBe(200);
    for (const who of [null, viewer]) {
      expect(await ids(who, search)).not.toContain(f.series.wolf);
      expect(await ids(who, category)).not.toContain(f.series.wolf);
    }
    expect((await admin.post(`/api/admin/series/${String(f.series.wolf)}/status`, { status: 'published' })).code).toBe(
      200,
    );
    expect(await hearted(viewer, category)).toEqual([f.series.wolf]);
  });

  it('answers a revalidation with 304, and with the new answer once it changed', async () => {
    const who = await newGuest(t);
    const url = pages().category;
    for (const encoding of ['br', 'gzip', 'identity']) {
      const first = await send(t, who.token, 'GET', url, { headers: { 'accept-encoding': encoding } });
      const etag = String(first.headers.etag);
      expect(first.headers['cache-control']).toBe('private, no-cache');
      const raw = first.rawPayload;
      const body = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
      expect(envelope<Page<Series>>({ body: body.toString() }).data.items.length).toBeGreaterThan(0);
      const again = await send(t, who.token, 'GET', url, {
        headers: { 'accept-encoding': encoding, 'if-none-match': etag },
      });
      expect([again.statusCode, again.body]).toEqual([304, '']);
      await favorite(who, f.series.ceo);
      const changed = await send(t, who.token, 'GET', url, {
        headers: { 'accept-encoding': encoding, 'if-none-match': etag },
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
      await unfavorite(who, f.series.ceo);
    }
  });

  it('counts cached searches against the viewer’s limit before answering', async () => {
    const who = await newGuest(t);
    const url = '/api/video?keyword=billionaire';
    const codes: number[] = [];
    // Sixty a minute per viewer and a burst of 240 more an hour, from whatever address: all but the
    // first are answered from the cache.
    for (let i = 0; i < 302; i++) codes.push(envelope(await send(t, who.token, 'GET', url)).code);
    expect(codes.slice(0, 300).every((code) => code === 200)).toBe(true);
    expect(codes.slice(300)).toEqual([429, 429]);
    // Categories are not searches: not limited.
    expect((await send(t, who.token, 'GET', pages().category)).statusCode).toBe(200);
  });

  it('answers bad input with an envelope error, cached pages or not', async () => {
    for (const url of Object.values(pages())) await page(null, url);
    const cases: [string, number][] = [
      [`/api/video?keyword=${'x'.repeat(101)}`, 422],
      ['/api/video?keyword=a&pageSize=0', 422],
      ['/api/video?keyword=a&pageSize=1000', 422],
      ['/api/video?keyword=a&page=-1', 422],
      ['/api/video?tagId=abc', 422],
      ['/api/homepage/query?sectionId=abc', 422],
      ['/api/homepage/query?sectionId=999999', 404],
      [`/api/homepage/query?sectionId=${String(f.sections.asian)}&pageSize=0`, 422],
    ];
    const who = await newGuest(t);
    for (const [url, code] of cases)
      for (const caller of [null, who]) {
        const res = await send(t, caller?.token ?? null, 'GET', url);
        expect(res.statusCode, url).toBeLessThan(500);
        expect(envelope(res).code, url).toBe(code);
      }
  });
});
