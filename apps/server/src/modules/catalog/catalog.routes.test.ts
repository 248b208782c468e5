import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { EpisodeListItem, EpisodePlayback, Homepage, Page, Series, SeriesDetail, Tag } from '@episodic/contract';
import { createTestApp, envelope, newGuest, type TestApp } from '../../testing';
import { seedCatalogFixture, type CatalogFixture } from '../../../test/catalog-fixture';

let t: TestApp;
let f: CatalogFixture;
beforeAll(async () => {
  t = await createTestApp();
  f = await seedCatalogFixture(t.database.db);
});
afterAll(() => t.close());

async function get<T>(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url, headers });
  return envelope<T>(res);
}

describe('GET /api/tag', () => {
  it('lists categories that have something to watch, localized', async () => {
    const en = await get<Tag[]>('/api/tag');
    expect(en.data).toEqual([
      { id: f.tags.romance, name: 'Romance' },
      { id: f.tags.revenge, name: 'Revenge' },
    ]);
    const de = await get<Tag[]>('/api/tag', { 'accept-language': 'de-DE,de;q=0.9' });
    expect(de.data.map((t) => t.name)).toEqual(['Romantik', 'Rache']);
  });
});

describe('GET /api/homepage', () => {
  it('answers the featured carousel and sections, hiding drafts and series without ready media', async () => {
    const { data } = await get<Homepage>('/api/homepage');
    expect(data.featured.map((s) => s.id)).toEqual([f.series.wolf, f.series.ceo]);
    expect(data.sections.map((s) => [s.title, s.kind])).toEqual([
      ['Asian stories', 'curated'],
      ['Switch categories', 'categories'],
      ['Trending', 'trending'],
    ]);
    const categories = data.sections[1]!;
    expect(categories.tabs?.map((t) => t.id)).toEqual([f.tags.revenge, f.tags.romance]);
    expect(categories.items.map((s) => s.id).sort()).toEqual([f.series.wolf, f.series.palace].sort());
    const all = [...data.featured, ...data.sections.flatMap((s) => s.items)].map((s) => s.id);
    expect(all).not.toContain(f.series.draft);
    expect(all).not.toContain(f.series.unpackaged);
    // Rail cards leave the synopsis out (only the carousel shows it): half the document.
    expect(data.featured.every((s) => typeof s.synopsis === 'string')).toBe(true);
    expect(data.sections.flatMap((s) => s.items).some((s) => 'synopsis' in s)).toBe(false);
  });

  it('localizes titles with English fallback', async () => {
    const { data } = await get<Homepage>('/api/homepage?lang=es');
    expect(data.sections[0]!.title).toBe('Historias asiáticas');
    const ceo = data.featured.find((s) => s.id === f.series.ceo)!;
    const wolf = data.featured.find((s) => s.id === f.series.wolf)!;
    expect(ceo.title).toBe('La novia secreta del millonario');
    expect(wolf.title).toBe('Moonlight Alpha');
    expect(data.sections[2]!.title).toBe('Trending');
  });

  it('describes a series card fully', async () => {
    const { data } = await get<Homepage>('/api/homepage');
    expect(data.featured.find((s) => s.id === f.series.ceo)).toEqual({
      id: f.series.ceo,
      title: 'The Billionaire’s Secret Bride',
      synopsis: 'A contract marriage in Shanghai turns real.',
      cover: '/media/covers/test.jpg',
      tags: [{ id: f.tags.romance, name: 'Romance' }],
      episodeCount: 12,
      freeEpisodes: 2,
      playCount: 0,
      favorite: false,
      accentColor: '#c0392b',
    });
  });
});

describe('GET /api/homepage revalidation', () => {
  it('answers visitors without a session from one serialized document with an ETag, and 304 when unchanged', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/homepage' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.headers['content-type']).toContain('application/json');
    const again = await t.app.inject({ method: 'GET', url: '/api/homepage', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const spanish = await t.app.inject({
      method: 'GET',
      url: '/api/homepage?lang=es',
      headers: { 'if-none-match': etag },
    });
    expect(spanish.statusCode).toBe(200);
    expect(spanish.headers.etag).not.toBe(etag);
  });

  it('sends the document compressed as the client accepts, without compressing per request', async () => {
    const { gunzipSync, brotliDecompressSync } = await import('node:zlib');
    const plain = await t.app.inject({ method: 'GET', url: '/api/homepage' });
    const br = await t.app.inject({
      method: 'GET',
      url: '/api/homepage',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    const gz = await t.app.inject({
      method: 'GET',
      url: '/api/homepage',
      headers: { 'accept-encoding': 'gzip;q=1, br;q=0' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(br.headers.etag).not.toBe(plain.headers.etag);
    const revalidated = await t.app.inject({
      method: 'GET',
      url: '/api/homepage',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
  });

  it('gives a new ETag once the catalog changes', async () => {
    const before = String((await t.app.inject({ method: 'GET', url: '/api/homepage' })).headers.etag);
    await t.database.db.updateTable('series').set({ accent_color: '#000000' }).where('id', '=', f.series.ceo).execute();
    await t.app.services.catalog.invalidate();
    const after = await t.app.inject({ method: 'GET', url: '/api/homepage', headers: { 'if-none-match': before } });
    expect(after.statusCode).toBe(200);
    expect(envelope<Homepage>(after).data.featured.find((s) => s.id === f.series.ceo)?.accentColor).toBe('#000000');
    await t.database.db.updateTable('series').set({ accent_color: '#c0392b' }).where('id', '=', f.series.ceo).execute();
    await t.app.services.catalog.invalidate();
  });

  it('marks the favorites of a viewer with a session', async () => {
    const { token, id: userId } = await newGuest(t);
    await t.database.db.insertInto('favorites').values({ user_id: userId, series_id: f.series.ceo }).execute();
    const res = await t.app.inject({ method: 'GET', url: '/api/homepage', headers: { 'x-user-token': token } });
    // Kept by this browser only, and never taken for the visitors' document.
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.etag).not.toBe((await t.app.inject({ method: 'GET', url: '/api/homepage' })).headers.etag);
    const home = envelope<Homepage>(res).data;
    expect(home.featured.find((s) => s.id === f.series.ceo)?.favorite).toBe(true);
    // Every rail, from the one read of the viewer's hearts: this series marked wherever it shows, no other.
    const cards = [...home.featured, ...home.sections.flatMap((s) => s.items)];
    expect(cards.filter((s) => s.id !== f.series.ceo).some((s) => s.favorite)).toBe(false);
    expect(home.sections.flatMap((s) => s.items).filter((s) => s.id === f.series.ceo).length).toBeGreaterThan(0);
    expect(cards.filter((s) => s.id === f.series.ceo).every((s) => s.favorite)).toBe(true);
  });
});

describe('paged lists', () => {
  it('pages a section until there is no more', async () => {
    const first = await get<Page<Series>>(`/api/homepage/query?sectionId=${f.sections.asian}&page=1&pageSize=1`);
    expect(first.data).toMatchObject({ page: 1, pageSize: 1, hasMore: true });
    expect(first.data.items.map((s) => s.id)).toEqual([f.series.ceo]);
    const second = await get<Page<Series>>(`/api/homepage/query?sectionId=${f.sections.asian}&page=2&pageSize=1`);
    expect(second.data).toMatchObject({ page: 2, hasMore: false });
    expect(second.data.items.map((s) => s.id)).toEqual([f.series.palace]);
  });

  it('pages a category tab of a categories section, and a category by itself', async () => {
    const tab = await get<Page<Series>>(
      `/api/homepage/query?sectionId=${f.sections.categories}&tagId=${f.tags.romance}`,
    );
    expect(tab.data.items.map((s) => s.id).sort()).toEqual([f.series.ceo, f.series.wolf].sort());
    const byTag = await get<Page<Series>>(`/api/video?tagId=${f.tags.revenge}&page=1`);
    expect(byTag.data.items.map((s) => s.id)).toEqual([f.series.wolf, f.series.palace]);
    expect(byTag.data.hasMore).toBe(false);
  });

  it('answers an unknown section with envelope 404', async () => {
    expect((await get('/api/homepage/query?sectionId=99999')).code).toBe(404);
  });

  it('refuses bad paging with field errors', async () => {
    const res = await get('/api/homepage/query?page=0&pageSize=500');
    expect(res.code).toBe(422);
    expect(Object.keys(res.fields ?? {}).sort()).toEqual(['page', 'pageSize']);
  });
});

describe('GET /api/video?id=', () => {
  it('answers a series with its unlock quote', async () => {
    const { code, data } = await get<SeriesDetail>(`/api/video?id=${f.series.ceo}`);
    expect(code).toBe(200);
    expect(data).toMatchObject({
      id: f.series.ceo,
      episodeCount: 12,
      lockedTotal: 500,
      seriesPrice: 350,
      language: 'en',
    });
  });

  it('answers 404 for drafts and unknown ids', async () => {
    expect((await get(`/api/video?id=${f.series.draft}`)).code).toBe(404);
    expect((await get('/api/video?id=987654')).code).toBe(404);
  });
});

describe('GET /api/video/episode', () => {
  it('lists every episode with its lock state and price before any tap', async () => {
    const { data } = await get<EpisodeListItem[]>(`/api/video/episode?seriesId=${f.series.wolf}`);
    expect(data).toHaveLength(8);
    expect(data[0]).toEqual({
      id: f.episodes.wolf[0],
      number: 1,
      title: 'Episode 1',
      duration: 95,
      free: true,
      unlocked: true,
      access: 'free',
      cost: 0,
      hls: `/api/media/episodes/${String(f.episodes.wolf[0])}/master.m3u8`,
    });
    expect(data[2]).toEqual({
      id: f.episodes.wolf[2],
      number: 3,
      title: 'Episode 3',
      duration: 95,
      free: false,
      unlocked: false,
      access: 'locked',
      cost: 50,
      hls: null,
    });
    const de = await get<EpisodeListItem[]>(`/api/video/episode?seriesId=${f.series.wolf}&lang=dy`);
    expect(de.data[0]!.title).toBe('Folge 1');
  });

  it('marks episodes the viewer unlocked, and lowers the series quote accordingly', async () => {
    const viewer = await newGuest(t);
    await t.database.db.insertInto('unlocks').values({ user_id: viewer.id, episode_id: f.episodes.wolf[2]! }).execute();
    const { data } = await get<EpisodeListItem[]>(`/api/video/episode?seriesId=${f.series.wolf}`, {
      'x-user-token': viewer.token,
    });
    expect(data[2]).toMatchObject({
      unlocked: true,
      cost: 50,
      hls: `/api/media/episodes/${String(f.episodes.wolf[2])}/master.m3u8`,
    });
    expect(data[3]).toMatchObject({ unlocked: false });
    const series = await get<SeriesDetail>(`/api/video?id=${f.series.wolf}`, { 'x-user-token': viewer.token });
    expect(series.data).toMatchObject({ lockedTotal: 250, seriesPrice: 175 });
    const someoneElse = await get<EpisodeListItem[]>(`/api/video/episode?seriesId=${f.series.wolf}`);
    expect(someoneElse.data[2]).toMatchObject({ unlocked: false });
  });

  it('answers one episode with its neighbours', async () => {
    const { data } = await get<EpisodePlayback>(`/api/video/episode?id=${f.episodes.palace[1]}`);
    expect(data).toMatchObject({
      id: f.episodes.palace[1],
      seriesId: f.series.palace,
      number: 2,
      free: true,
      cost: 0,
      previousId: f.episodes.palace[0],
      nextId: f.episodes.palace[2],
    });
  });

  it('needs a series or an episode id', async () => {
    expect((await get('/api/video/episode')).code).toBe(422);
  });
});

describe('play counts', () => {
  const play = (token: string, episodeId: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/video/play',
      payload: { episodeId },
      headers: { 'x-user-token': token },
    });
  const progress = (token: string, episodeId: number, position: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/history',
      payload: { episodeId, position, finished: false },
      headers: { 'x-user-token': token },
    });
  const counts = async (episodeId: number, seriesId: number) => {
    // The plays noted so far are written now rather than at the next batch.
    await t.app.jobs.run('play-counts');
    const episode = await t.database.db
      .selectFrom('episodes')
      .select('play_count')
      .where('id', '=', episodeId)
      .executeTakeFirstOrThrow();
    const series = await t.database.db
      .selectFrom('series')
      .select('play_count')
      .where('id', '=', seriesId)
      .executeTakeFirstOrThrow();
    return { episode: episode.play_count, series: series.play_count };
  };
  /** Moves every remembered start back in time, as if the players had been playing that long. */
  const startsSecondsAgo = (seconds: number) =>
    t.database.db
      .updateTable('playback_starts')
      .set({ started_at: sql`started_at - make_interval(secs => ${seconds})` })
      .execute();
  const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);
  /** A registered account older than a day (guests and new accounts are counted per address). */
  async function establishedAccount(): Promise<{ token: string; userId: string }> {
    const g = await newGuest(t);
    await t.database.db
      .updateTable('users')
      .set({ is_guest: false, email: `viewer-${g.id}@example.com`, created_at: daysAgo(3) })
      .where('id', '=', g.id)
      .execute();
    return { token: g.token, userId: g.id };
  }
  const establishedViewer = async () => (await establishedAccount()).token;

  it('counts one play per viewer per episode per day, only after a few seconds of real playback', async () => {
    const episode = f.episodes.palace[0]!;
    const before = await counts(episode, f.series.palace);
    const a = await establishedViewer();
    const b = await establishedViewer();
    const c = await establishedViewer();
    await Promise.all([play(a, episode), play(a, episode), play(b, episode), play(c, episode)]);
    // Reports at once (however far they claim to be) and a start alone count nothing.
    await Promise.all([progress(a, episode, 30), progress(b, episode, 60)]);
    expect(await counts(episode, f.series.palace)).toEqual(before);
    await startsSecondsAgo(4);
    // A few seconds after the start: a position under 3 s still counts nothing, then the play counts once.
    await Promise.all([progress(a, episode, 1), progress(b, episode, 4), progress(b, episode, 5)]);
    await Promise.all([progress(a, episode, 4), progress(a, episode, 14)]);
    // Progress without a start (a script skipping the player) counts nothing.
    const d = await establishedViewer();
    await progress(d, episode, 20);
    expect(await counts(episode, f.series.palace)).toEqual({ episode: before.episode + 2, series: before.series + 2 });
  });

  it('counts fresh guests from one address once per series and day', async () => {
    const episodes = f.episodes.ceo.slice(0, 2);
    const before = await counts(episodes[0]!, f.series.ceo);
    const guests = await Promise.all(Array.from({ length: 6 }, () => newGuest(t)));
    await Promise.all(guests.flatMap((g) => episodes.map((e) => play(g.token, e))));
    await startsSecondsAgo(4);
    await Promise.all(guests.flatMap((g) => episodes.map((e) => progress(g.token, e, 10))));
    const after = await counts(episodes[0]!, f.series.ceo);
    expect(after.series - before.series).toBe(1);
  });

  it('counts guests from one address once per series and day, however old the guests are', async () => {
    const episodes = f.episodes.wolf.slice(0, 2);
    const before = await counts(episodes[0]!, f.series.wolf);
    // Guests minted a few days ago (30 a minute from one address is within its budget) and kept.
    const guests = await Promise.all(Array.from({ length: 6 }, () => newGuest(t)));
    await t.database.db
      .updateTable('users')
      .set({ created_at: daysAgo(3) })
      .where(
        'id',
        'in',
        guests.map((g) => g.id),
      )
      .execute();
    await Promise.all(guests.flatMap((g) => episodes.map((e) => play(g.token, e))));
    await startsSecondsAgo(4);
    await Promise.all(guests.flatMap((g) => episodes.map((e) => progress(g.token, e, 10))));
    const after = await counts(episodes[0]!, f.series.wolf);
    expect(after.series - before.series).toBe(1);
  });

  it('counts no start of a locked episode the viewer may not watch, and counts it once unlocked', async () => {
    const locked = f.episodes.palace[2]!;
    const { token: viewer, userId } = await establishedAccount();
    const before = await counts(locked, f.series.palace);
    // Without the episode's key: the start is ignored, so the progress report that follows counts nothing.
    expect(envelope(await play(viewer, locked)).code).toBe(200);
    await startsSecondsAgo(4);
    await progress(viewer, locked, 10);
    expect(await counts(locked, f.series.palace)).toEqual(before);
    // Unlocked, the same viewer's real playback counts.
    await t.database.db.insertInto('unlocks').values({ user_id: userId, episode_id: locked }).execute();
    await play(viewer, locked);
    await startsSecondsAgo(4);
    await progress(viewer, locked, 10);
    expect(await counts(locked, f.series.palace)).toEqual({ episode: before.episode + 1, series: before.series + 1 });
  });
});
