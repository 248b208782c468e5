import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EpisodeListItem } from '@episodic/contract';
import { createTestApp, type TestApp } from './test-app';
import { seedCatalogFixture, type CatalogFixture } from './catalog-fixture';
import { callOk, grantCoins, newGuest, send } from './principals';

/**
 * Visitors without a session, and viewers holding nothing in the series, share one serialized,
 * precompressed episode list per series and language; a viewer's unlocks must never reach it, nor
 * another viewer's answer.
 */
describe('the shared episode list', () => {
  let t: TestApp;
  let f: CatalogFixture;

  beforeAll(async () => {
    t = await createTestApp();
    f = await seedCatalogFixture(t.database.db);
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const url = () => `/api/video/episode?seriesId=${String(f.series.ceo)}`;
  const read = (body: Buffer, encoding: unknown) =>
    JSON.parse(
      (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString(),
    ) as { data: EpisodeListItem[] };
  const unlockedOf = (list: EpisodeListItem[]) => list.filter((e) => e.unlocked && !e.free).map((e) => e.id);

  it('answers anonymous visitors in every encoding alike, and revalidates with its ETag', async () => {
    const answers = await Promise.all(
      [{ 'accept-encoding': 'br, gzip' }, { 'accept-encoding': 'gzip' }, {}].map((headers) =>
        t.app.inject({ method: 'GET', url: url(), headers }),
      ),
    );
    const lists = answers.map((a) => read(a.rawPayload, a.headers['content-encoding']).data);
    expect(answers.map((a) => a.headers['content-encoding'])).toEqual(['br', 'gzip', undefined]);
    expect(lists[1]).toEqual(lists[0]);
    expect(lists[2]).toEqual(lists[0]);
    expect(lists[0]!.length).toBeGreaterThan(0);
    const again = await t.app.inject({
      method: 'GET',
      url: url(),
      headers: { 'if-none-match': String(answers[2]!.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('shows a viewer their own unlock, and nobody else, before and after the shared list is warm', async () => {
    const anonymous = async () => {
      const res = await t.app.inject({ method: 'GET', url: url(), headers: { 'accept-encoding': 'br' } });
      return read(res.rawPayload, res.headers['content-encoding']).data;
    };
    const before = await anonymous();
    const locked = before.find((e) => !e.unlocked)!;
    expect(locked).toBeDefined();
    const buyer = await newGuest(t, 'buyer');
    const other = await newGuest(t, 'other');
    await grantCoins(t, buyer.id!, 500);
    await callOk(t, buyer.token, 'POST', '/api/video/unlock', { episodeId: locked.id });

    const [mine, theirs, nobody] = await Promise.all([
      send(t, buyer.token, 'GET', url(), { headers: { 'accept-encoding': 'br, gzip' } }),
      send(t, other.token, 'GET', url(), { headers: { 'accept-encoding': 'br, gzip' } }),
      anonymous(),
    ]);
    expect(unlockedOf(read(mine.rawPayload, mine.headers['content-encoding']).data)).toContain(locked.id);
    expect(unlockedOf(read(theirs.rawPayload, theirs.headers['content-encoding']).data)).not.toContain(locked.id);
    expect(unlockedOf(nobody)).not.toContain(locked.id);
    expect(nobody).toEqual(before);
    // A viewer's answer is never the shared one: its own ETag (a revalidation is compared with the answer
    // of whoever asks), and kept by this browser only.
    const shared = await t.app.inject({ method: 'GET', url: url(), headers: { 'accept-encoding': 'br, gzip' } });
    expect(mine.headers.etag).not.toBe(shared.headers.etag);
    expect(mine.headers['cache-control']).toBe('private, no-cache');
    const revalidated = await send(t, other.token, 'GET', url(), {
      headers: { 'accept-encoding': 'br, gzip', 'if-none-match': String(mine.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(200);
    expect(unlockedOf(read(revalidated.rawPayload, revalidated.headers['content-encoding']).data)).not.toContain(
      locked.id,
    );
  });
});
