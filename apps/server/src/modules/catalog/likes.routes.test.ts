import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LikeState, SeriesDetail } from '@episodic/contract';
import { createTestApp, envelope, type TestApp } from '../../../test/test-app';
import { seedCatalogFixture, type CatalogFixture } from '../../../test/catalog-fixture';
import { callOk, newAccount, newGuest, send, type Principal } from '../../../test/principals';
import { mergeCatalogData } from './catalog-merge.repository';

let t: TestApp;
let f: CatalogFixture;
beforeAll(async () => {
  t = await createTestApp();
  f = await seedCatalogFixture(t.database.db);
});
afterAll(() => t.close());

const like = (who: Principal, seriesId: number) =>
  callOk<LikeState>(t, who.token, 'POST', '/api/video/like', { seriesId });
const unlike = (who: Principal, seriesId: number) =>
  callOk<LikeState>(t, who.token, 'DELETE', `/api/video/like?seriesId=${String(seriesId)}`);
const detail = async (who: Principal | null, seriesId: number) =>
  (await callOk<SeriesDetail>(t, who?.token ?? null, 'GET', `/api/video?id=${String(seriesId)}`)).data;
const storedCount = async (seriesId: number) =>
  Number(
    (await t.database.db.selectFrom('series').select('like_count').where('id', '=', seriesId).executeTakeFirstOrThrow())
      .like_count,
  );
const rowCount = async (seriesId: number) =>
  (await t.database.db.selectFrom('series_likes').select('user_id').where('series_id', '=', seriesId).execute()).length;

describe('series likes', () => {
  it('counts one like per viewer, shows it in the series answer, and takes it back', async () => {
    const viewer = await newGuest(t);
    expect(await detail(viewer, f.series.ceo)).toMatchObject({ likeCount: 0, liked: false });
    expect((await like(viewer, f.series.ceo)).data).toEqual({ seriesId: f.series.ceo, liked: true, likeCount: 1 });
    expect((await like(viewer, f.series.ceo)).data).toEqual({ seriesId: f.series.ceo, liked: true, likeCount: 1 });
    expect(await detail(viewer, f.series.ceo)).toMatchObject({ likeCount: 1, liked: true });
    // Others see the count, not the like.
    expect(await detail(null, f.series.ceo)).toMatchObject({ likeCount: 1, liked: false });
    expect((await unlike(viewer, f.series.ceo)).data).toEqual({ seriesId: f.series.ceo, liked: false, likeCount: 0 });
    expect((await unlike(viewer, f.series.ceo)).data).toEqual({ seriesId: f.series.ceo, liked: false, likeCount: 0 });
  });

  it('shows another viewer’s like and unlike in the next answer of a series page already read', async () => {
    const [reader, other] = await Promise.all([newGuest(t), newGuest(t)]);
    const before = (await detail(reader, f.series.palace)).likeCount;
    await detail(null, f.series.palace);
    await like(other, f.series.palace);
    expect(await detail(reader, f.series.palace)).toMatchObject({ likeCount: before + 1, liked: false });
    expect(await detail(other, f.series.palace)).toMatchObject({ likeCount: before + 1, liked: true });
    await unlike(other, f.series.palace);
    expect(await detail(null, f.series.palace)).toMatchObject({ likeCount: before, liked: false });
    expect(await detail(other, f.series.palace)).toMatchObject({ likeCount: before, liked: false });
  });

  it('keeps the count exact under parallel likes and unlikes', async () => {
    const viewers = await Promise.all(Array.from({ length: 12 }, () => newGuest(t)));
    // Each viewer taps like three times at once; all viewers at once.
    await Promise.all(viewers.flatMap((v) => [like(v, f.series.wolf), like(v, f.series.wolf), like(v, f.series.wolf)]));
    expect(await storedCount(f.series.wolf)).toBe(12);
    expect(await rowCount(f.series.wolf)).toBe(12);
    // Half of them take it back (twice each, at once) while the others like again.
    // Series pages read alongside, so counts are loaded (and cached) while the writes land.
    await Promise.all([
      ...viewers.flatMap((v, i) =>
        i % 2 === 0 ? [unlike(v, f.series.wolf), unlike(v, f.series.wolf)] : [like(v, f.series.wolf)],
      ),
      ...viewers.map(() => detail(null, f.series.wolf)),
    ]);
    expect(await storedCount(f.series.wolf)).toBe(6);
    expect(await rowCount(f.series.wolf)).toBe(6);
    expect((await detail(null, f.series.wolf)).likeCount).toBe(6);
    for (const [i, v] of viewers.entries()) expect((await detail(v, f.series.wolf)).liked).toBe(i % 2 === 1);
  });

  it('keeps the count through a merge and an account deletion', async () => {
    const guest = await newGuest(t);
    const account = await newAccount(t);
    await like(guest, f.series.palace);
    await like(account, f.series.palace);
    await like(guest, f.series.ceo);
    const ceoBefore = await storedCount(f.series.ceo);
    await t.database.db.transaction().execute((trx) => mergeCatalogData(trx, guest.id!, account.id!));
    // Both liked the palace: one like is left; the guest's other like became the account's.
    expect(await storedCount(f.series.palace)).toBe(1);
    expect(await storedCount(f.series.ceo)).toBe(ceoBefore);
    expect(await detail(account, f.series.ceo)).toMatchObject({ liked: true });
    await t.database.db.deleteFrom('users').where('id', '=', account.id!).execute();
    expect(await storedCount(f.series.palace)).toBe(0);
    expect(await storedCount(f.series.ceo)).toBe(ceoBefore - 1);
  });

  it('needs a session, refuses unknown or hidden series and bad input', async () => {
    const res = await send(t, null, 'POST', '/api/video/like', { payload: { seriesId: f.series.ceo } });
    expect(envelope(res).code).toBe(401);
    const viewer = await newGuest(t);
    for (const seriesId of [f.series.draft, 999_999]) {
      const refused = await send(t, viewer.token, 'POST', '/api/video/like', { payload: { seriesId } });
      expect(envelope(refused).code).toBe(404);
    }
    const bad = await send(t, viewer.token, 'POST', '/api/video/like', { payload: { seriesId: 'x' } });
    expect(envelope(bad).code).toBe(422);
  });
});
