import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminAuditEntry,
  AdminEpisode,
  AdminImpact,
  AdminPage,
  AdminSeries,
  AdminSeriesSummary,
  Homepage,
} from '@episodic/contract';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { seedCatalogFixture, type CatalogFixture } from '../../../test/catalog-fixture';
import { seedEpisode, seedSeries } from '../../../test/media-fixtures';
import {
  callOk,
  grantCoins,
  newAccount,
  newAdmin,
  newGuest,
  newMember,
  NOBODY,
  packageEpisodes,
  send,
  type Principal,
} from '../../../test/principals';

let t: TestApp;
let fx: CatalogFixture;
let admin: Principal;
let member: Principal;

beforeAll(async () => {
  t = await createTestApp();
  fx = await seedCatalogFixture(t.database.db);
  admin = await newAdmin(t);
  member = await newMember(t);
});
afterAll(() => t.close());

const ok = async <T>(who: Principal, method: string, url: string, payload?: unknown) =>
  (await callOk<T>(t, who.token, method, url, payload)).data;
const impactOf = (kind: 'series' | 'episodes', id: number) =>
  ok<AdminImpact>(admin, 'GET', `/api/admin/${kind}/${id}/impact`);
const envelopeOf = async (who: Principal, method: string, url: string, payload?: unknown) =>
  JSON.parse((await send(t, who.token, method, url, { payload })).body) as { code: number; reason?: string };

/** A viewer with coins who unlocked the given episode (as the app does it). */
async function buyer(label: string, episodeId: number): Promise<Principal> {
  const who = await newAccount(t, label);
  await grantCoins(t, who.id!, 500);
  await ok(who, 'POST', '/api/video/unlock', { episodeId });
  return who;
}

async function audits(action: string): Promise<AdminAuditEntry[]> {
  return (await ok<AdminPage<AdminAuditEntry>>(admin, 'GET', `/api/admin/audit?action=${action}`)).items;
}

describe('the impact of taking content out', () => {
  it('names members, buyers and their coins, lists, viewers part-way and homepage places of a series', async () => {
    const [, , third, fourth] = fx.episodes.ceo;
    const before = await impactOf('series', fx.series.ceo);
    const one = await buyer('one-by-one buyer', third!);
    const whole = await newAccount(t, 'series buyer');
    await grantCoins(t, whole.id!, 2000);
    const quote = await ok<{ spent: number }>(whole, 'POST', '/api/video/unlock', { seriesId: fx.series.ceo });
    await ok(one, 'POST', '/api/user/favorite', { seriesId: fx.series.ceo });
    await ok(one, 'POST', '/api/user/history', { episodeId: fourth!, position: 10 });

    const after = await impactOf('series', fx.series.ceo);
    expect(after).toMatchObject({ target: 'series', id: fx.series.ceo, live: true, lastLiveEpisode: false });
    expect(after.members).toBeGreaterThanOrEqual(1);
    expect(after.unlockers - before.unlockers).toBe(2);
    expect(after.coinsSpent - before.coinsSpent).toBe(50 + quote.spent);
    expect(after.inLists - before.inLists).toBe(1);
    expect(after.watching - before.watching).toBe(1);
    // The fixture places the series second in "Featured" and first in "Asian stories".
    expect(after.homepage.map((p) => [p.title, p.position])).toEqual([
      ['Featured', 2],
      ['Asian stories', 1],
    ]);
  });

  it('counts an episode: its buyers and coins; members only for a paid one; the series only when it is the last', async () => {
    const seriesId = await seedSeries(t.database.db, { title: 'Single Episode' });
    const only = await seedEpisode(t.database.db, seriesId, 1, { cost: 30 });
    await t.database.db.updateTable('episodes').set({ media_status: 'ready' }).where('id', '=', only).execute();
    const who = await buyer('episode buyer', only);
    await ok(who, 'POST', '/api/user/favorite', { seriesId });
    const impact = await impactOf('episodes', only);
    expect(impact).toMatchObject({ target: 'episode', live: true, unlockers: 1, coinsSpent: 30, inLists: 1 });
    expect(impact.lastLiveEpisode).toBe(true);
    expect(impact.members).toBeGreaterThanOrEqual(1);

    const free = await impactOf('episodes', fx.episodes.wolf[0]!);
    expect(free).toMatchObject({ live: true, members: 0, lastLiveEpisode: false, inLists: 0, homepage: [] });
  });

  it('says nobody notices a draft', async () => {
    expect(await impactOf('series', fx.series.draft)).toMatchObject({
      live: false,
      members: 0,
      unlockers: 0,
      coinsSpent: 0,
      inLists: 0,
      watching: 0,
    });
    const missing = await envelopeOf(admin, 'GET', '/api/admin/series/999999/impact');
    expect(missing.code).toBe(404);
  });
});

describe('archiving', () => {
  let seriesId: number;
  let paid: number;
  let free: number;
  let unlocked: Principal;
  let other: Principal;

  beforeAll(async () => {
    const { db } = t.database;
    seriesId = await seedSeries(db, { title: 'Archive Me' });
    paid = await seedEpisode(db, seriesId, 1, { cost: 40 });
    free = await seedEpisode(db, seriesId, 2, { free: true });
    await packageEpisodes(t, [paid, free]);
    unlocked = await buyer('keeper', paid);
    other = await newAccount(t, 'latecomer');
    await grantCoins(t, other.id!, 500);
  });

  /** HTTP statuses of the master playlist and the key of an episode, for a caller. */
  async function media(who: Principal, episodeId: number): Promise<[number, number]> {
    const master = await send(t, who.token, 'GET', `/api/media/episodes/${episodeId}/master.m3u8`);
    const key = await send(t, who.token, 'GET', `/api/media/keys/${episodeId}`);
    return [master.statusCode, key.statusCode];
  }

  it('keeps an archived series playing for the viewer who unlocked it, and refuses everyone else', async () => {
    const guest = await newGuest(t);
    expect(await media(member, paid)).toEqual([200, 200]);
    expect(await media(guest, free)).toEqual([200, 200]);

    const archived = await ok<AdminSeries>(admin, 'POST', `/api/admin/series/${seriesId}/archive`, {});
    expect(archived.status).toBe('archived');
    expect(archived.archivedAt).not.toBeNull();

    expect(await media(unlocked, paid)).toEqual([200, 200]);
    for (const who of [other, member, guest, NOBODY]) {
      expect(await media(who, paid)).toEqual([403, 403]);
      // A free episode is no longer offered: nobody unlocked it, so nobody keeps it.
      expect(await media(who, free)).toEqual([403, 403]);
    }
    // It cannot be bought any more, and the keeper is not charged again.
    expect((await envelopeOf(other, 'POST', '/api/video/unlock', { episodeId: paid })).code).toBe(404);
    expect((await envelopeOf(other, 'POST', '/api/video/unlock', { seriesId })).code).toBe(404);

    const restored = await ok<AdminSeries>(admin, 'POST', `/api/admin/series/${seriesId}/restore`, {});
    expect(restored.status).toBe('published');
    expect(restored.archivedAt).toBeNull();
    expect(await media(member, paid)).toEqual([200, 200]);
    expect(await media(other, paid)).toEqual([403, 403]);
    expect(await media(guest, free)).toEqual([200, 200]);
  });

  it('keeps an archived episode for its buyer only, and refuses to publish it until restored', async () => {
    const episode = await ok<AdminEpisode>(admin, 'POST', `/api/admin/episodes/${paid}/archive`, {});
    expect(episode.status).toBe('archived');
    expect(await media(unlocked, paid)).toEqual([200, 200]);
    expect(await media(member, paid)).toEqual([403, 403]);
    expect(await media(other, paid)).toEqual([403, 403]);
    const list = await ok<{ id: number }[]>(other, 'GET', `/api/video/episode?seriesId=${seriesId}`);
    expect(list.map((e) => e.id)).not.toContain(paid);

    const publish = await envelopeOf(admin, 'POST', `/api/admin/episodes/${paid}/status`, { status: 'published' });
    expect(publish).toMatchObject({ code: 409, reason: 'not_allowed_now' });

    await ok(admin, 'POST', `/api/admin/episodes/${paid}/restore`, {});
    expect(await media(member, paid)).toEqual([200, 200]);
  });

  it('does not make a draft playable by archiving it, even for a viewer who had unlocked it', async () => {
    await ok(admin, 'POST', `/api/admin/episodes/${paid}/status`, { status: 'draft' });
    await ok(admin, 'POST', `/api/admin/episodes/${paid}/archive`, {});
    expect(await media(unlocked, paid)).toEqual([403, 403]);
    const back = await ok<AdminEpisode>(admin, 'POST', `/api/admin/episodes/${paid}/restore`, {});
    expect(back.status).toBe('draft');
    await ok(admin, 'POST', `/api/admin/episodes/${paid}/status`, { status: 'published' });
    expect(await media(unlocked, paid)).toEqual([200, 200]);
  });

  it('archives once when asked twice at the same time, with one audit entry per change', async () => {
    const beforeArchive = (await audits('series.archive')).length;
    const beforeRestore = (await audits('series.restore')).length;
    const answers = await Promise.all([
      ok<AdminSeries>(admin, 'POST', `/api/admin/series/${seriesId}/archive`, {}),
      ok<AdminSeries>(admin, 'POST', `/api/admin/series/${seriesId}/archive`, {}),
    ]);
    expect(answers.map((a) => a.status)).toEqual(['archived', 'archived']);
    const entries = await audits('series.archive');
    expect(entries.length - beforeArchive).toBe(1);
    expect(entries[0]!.summary).toMatch(/Archived series “Archive Me”: 1 viewers who unlocked episodes keep them/);

    await Promise.all([
      ok(admin, 'POST', `/api/admin/series/${seriesId}/restore`, {}),
      ok(admin, 'POST', `/api/admin/series/${seriesId}/restore`, {}),
    ]);
    expect((await audits('series.restore')).length - beforeRestore).toBe(1);
    const row = await t.database.db
      .selectFrom('series')
      .select(['status', 'archived_at', 'archived_from'])
      .where('id', '=', seriesId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'published', archived_at: null, archived_from: null });
  });

  it('refuses viewers and guests on the console routes', async () => {
    for (const who of [other, await newGuest(t), NOBODY]) {
      const res = await envelopeOf(who, 'POST', `/api/admin/series/${seriesId}/archive`, {});
      expect([401, 403]).toContain(res.code);
      expect((await envelopeOf(who, 'GET', `/api/admin/series/${seriesId}/impact`)).code).not.toBe(200);
    }
    const row = await t.database.db.selectFrom('series').select('status').where('id', '=', seriesId).executeTakeFirst();
    expect(row?.status).toBe('published');
  });
});

describe('an archived series leaves the app at once', () => {
  const inHomepage = async (id: number) => {
    const home = await ok<Homepage>(NOBODY, 'GET', '/api/homepage');
    return [...home.featured.map((s) => s.id), ...home.sections.flatMap((s) => s.items.map((i) => i.id))].includes(id);
  };
  const inSearch = async (id: number) =>
    (await ok<{ items: { id: number }[] }>(NOBODY, 'GET', '/api/video?keyword=moonlight')).items.some(
      (s) => s.id === id,
    );

  it('from the homepage, search, the series page and lists, and comes back on restore', async () => {
    const fan = await newAccount(t, 'fan');
    await ok(fan, 'POST', '/api/user/favorite', { seriesId: fx.series.wolf });
    // Read once so the caches hold the series.
    expect(await inHomepage(fx.series.wolf)).toBe(true);
    expect(await inSearch(fx.series.wolf)).toBe(true);

    await ok(admin, 'POST', `/api/admin/series/${fx.series.wolf}/archive`, {});
    expect(await inHomepage(fx.series.wolf)).toBe(false);
    expect(await inSearch(fx.series.wolf)).toBe(false);
    expect((await envelopeOf(NOBODY, 'GET', `/api/video?id=${fx.series.wolf}`)).code).toBe(404);
    const list = await ok<{ items: { id: number }[] }>(fan, 'GET', '/api/user/favorite');
    expect(list.items.map((s) => s.id)).not.toContain(fx.series.wolf);
    const archivedTab = await ok<AdminPage<AdminSeriesSummary>>(admin, 'GET', '/api/admin/series?status=archived');
    expect(archivedTab.items.map((s) => [s.id, s.status, s.visible])).toEqual([[fx.series.wolf, 'archived', false]]);

    await ok(admin, 'POST', `/api/admin/series/${fx.series.wolf}/restore`, {});
    expect(await inHomepage(fx.series.wolf)).toBe(true);
    expect(await inSearch(fx.series.wolf)).toBe(true);
  });
});
