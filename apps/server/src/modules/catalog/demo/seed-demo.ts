import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../../db/schema';
import { generateDemoClip, ingestEpisode, mapConcurrent, type StorageDriver } from '../../../media/index';
import { DEMO_SECTIONS, DEMO_SERIES, DEMO_TAGS, type Lang } from './demo-catalog';
import { hueColor, renderDemoArtwork } from './demo-artwork';

const LANGS: Lang[] = ['en', 'es', 'fy', 'dy', 'pt'];
const STATE_KEY = 'demo_catalog';
// Short clips at a low frame rate: the whole demo (about 120 episodes) is ready in under three minutes on two cores.
const CLIP_SECONDS = 4;
const CLIP_FPS = 15;

interface DemoState {
  seriesIds: number[];
  complete: boolean;
}

export interface DemoSeedOptions {
  db: Kysely<DB>;
  storage: StorageDriver;
  /** Called whenever episodes became ready, so cached answers refresh. */
  onChange: () => Promise<void> | void;
  log: (message: string, data?: Record<string, unknown>) => void;
  concurrency?: number;
  signal?: AbortSignal;
  /** Only the first N episodes of each series (tests); all by default. */
  episodesPerSeries?: number;
}

async function readState(db: Kysely<DB>): Promise<DemoState | null> {
  const row = await db.selectFrom('system_state').select('value').where('key', '=', STATE_KEY).executeTakeFirst();
  return (row?.value as DemoState | undefined) ?? null;
}

async function writeState(db: Kysely<DB>, state: DemoState): Promise<void> {
  await db
    .insertInto('system_state')
    .values({ key: STATE_KEY, value: JSON.stringify(state) })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(state), updated_at: new Date() }))
    .execute();
}

/** Writes the demo catalog's rows (published, media pending) in one transaction; returns the series ids. */
export async function insertDemoRows(db: Kysely<DB>, episodesPerSeries: number | undefined): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    // Several instances may start together on an empty PostgreSQL: one seeds, the others see its rows.
    await sql`SELECT pg_advisory_xact_lock(7461203)`.execute(trx);
    if (await trx.selectFrom('series').select('id').limit(1).executeTakeFirst()) return [];
    const tagIds = new Map<string, number>();
    for (const [position, tag] of DEMO_TAGS.entries()) {
      const { id } = await trx.insertInto('tags').values({ slug: tag.slug, position }).returning('id').executeTakeFirstOrThrow();
      tagIds.set(tag.slug, id);
      await trx.insertInto('tag_translations').values(LANGS.map((language) => ({ tag_id: id, language, name: tag.name[language] }))).execute();
    }
    const seriesIds = new Map<string, number>();
    for (const [index, series] of DEMO_SERIES.entries()) {
      const { id } = await trx
        .insertInto('series')
        .values({ status: 'published', accent_color: hueColor(series.hue, 0.5), published_at: new Date(Date.now() - index * 36 * 3600 * 1000) })
        .returning('id')
        .executeTakeFirstOrThrow();
      seriesIds.set(series.slug, id);
      await trx
        .insertInto('series_translations')
        .values(LANGS.map((language) => ({ series_id: id, language, title: series.title[language], synopsis: series.synopsis[language] })))
        .execute();
      await trx.insertInto('series_tags').values(series.tags.map((slug, position) => ({ series_id: id, tag_id: tagIds.get(slug)!, position }))).execute();
      const count = Math.min(series.episodes, episodesPerSeries ?? series.episodes);
      await trx
        .insertInto('episodes')
        .values(
          Array.from({ length: count }, (_, i) => ({
            series_id: id,
            number: i + 1,
            status: 'published' as const,
            free: i < series.freeEpisodes,
            unlock_cost: series.unlockCost,
          })),
        )
        .execute();
    }
    for (const [position, section] of DEMO_SECTIONS.entries()) {
      const { id } = await trx.insertInto('homepage_sections').values({ slug: section.slug, kind: section.kind, position }).returning('id').executeTakeFirstOrThrow();
      await trx.insertInto('homepage_section_translations').values(LANGS.map((language) => ({ section_id: id, language, title: section.title[language] }))).execute();
      if (section.series?.length) {
        await trx.insertInto('homepage_section_items').values(section.series.map((slug, i) => ({ section_id: id, series_id: seriesIds.get(slug)!, position: i }))).execute();
      }
      if (section.tags?.length) {
        await trx.insertInto('homepage_section_tags').values(section.tags.map((slug, i) => ({ section_id: id, tag_id: tagIds.get(slug)!, position: i }))).execute();
      }
    }
    const ids = [...seriesIds.values()];
    await writeState(trx as unknown as Kysely<DB>, { seriesIds: ids, complete: false });
    return ids;
  });
}

/**
 * Seeds a believable demo catalog into an empty database, then produces its media in the
 * background: artwork first, then every series' first episodes, then the rest, so the home screen
 * fills within seconds. Episodes appear as they become ready. A restart picks up where it stopped;
 * a finished demo is left alone.
 */
export async function seedDemoCatalog(opts: DemoSeedOptions): Promise<'seeded' | 'resumed' | 'present' | 'skipped'> {
  const { db, storage, log } = opts;
  let state = await readState(opts.db);
  let outcome: 'seeded' | 'resumed' = 'resumed';
  if (!state) {
    const ids = await insertDemoRows(db, opts.episodesPerSeries);
    if (ids.length === 0) return 'skipped';
    state = { seriesIds: ids, complete: false };
    outcome = 'seeded';
  }
  if (state.complete) return 'present';

  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'episodic-demo-'));
  try {
    const series = await db
      .selectFrom('series as s')
      .innerJoin('series_translations as t', (j) => j.onRef('t.series_id', '=', 's.id').on('t.language', '=', 'en'))
      .select(['s.id', 's.cover_key', 's.banner_key', 't.title'])
      .where('s.id', 'in', state.seriesIds)
      .execute();
    const bySeries = new Map(series.map((s) => [s.id, s]));
    const demoOf = (id: number) => DEMO_SERIES[state.seriesIds.indexOf(id)]!;

    await mapConcurrent(series.filter((s) => !s.cover_key || !s.banner_key), opts.concurrency ?? 2, async (s) => {
      const dir = await fs.mkdtemp(path.join(workDir, 'art-'));
      const { hue } = demoOf(s.id);
      const cover = path.join(dir, 'cover.jpg');
      const banner = path.join(dir, 'banner.jpg');
      await renderDemoArtwork({ outFile: cover, title: s.title, hue, width: 540, height: 720, workDir: dir });
      await renderDemoArtwork({ outFile: banner, title: s.title, hue, width: 960, height: 540, workDir: dir });
      const stamp = Date.now().toString(36);
      await storage.putFile(`covers/series-${s.id}-${stamp}.jpg`, cover, { contentType: 'image/jpeg' });
      await storage.putFile(`covers/banner-${s.id}-${stamp}.jpg`, banner, { contentType: 'image/jpeg' });
      await db.updateTable('series').set({ cover_key: `covers/series-${s.id}-${stamp}.jpg`, banner_key: `covers/banner-${s.id}-${stamp}.jpg` }).where('id', '=', s.id).execute();
    });
    await opts.onChange();

    const pending = await db
      .selectFrom('episodes')
      .select(['id', 'series_id', 'number'])
      .where('series_id', 'in', state.seriesIds)
      .where('media_status', '!=', 'ready')
      .orderBy('number')
      .orderBy('series_id')
      .execute();
    const total = await db.selectFrom('episodes').select((eb) => eb.fn.countAll<number>().as('n')).where('series_id', 'in', state.seriesIds).executeTakeFirstOrThrow();
    let ready = Number(total.n) - pending.length;
    log(`demo catalog: producing ${pending.length} episode videos (${ready}/${total.n} ready)`);
    let lastChange = 0;
    const started = Date.now();
    await mapConcurrent(pending, opts.concurrency ?? 2, async (episode) => {
      if (opts.signal?.aborted) return;
      const demo = demoOf(episode.series_id);
      const clip = path.join(workDir, `clip-${episode.id}.mp4`);
      try {
        await generateDemoClip({ outFile: clip, seconds: CLIP_SECONDS, title: bySeries.get(episode.series_id)?.title ?? demo.title.en, episodeNumber: episode.number, hue: demo.hue, toneHz: demo.toneHz, fps: CLIP_FPS });
        await ingestEpisode({ db, storage, episodeId: episode.id, input: clip, preset: 'ultrafast', threads: 1, workDir, signal: opts.signal });
      } catch (err) {
        if (opts.signal?.aborted) return;
        log(`demo catalog: episode ${episode.number} of series ${episode.series_id} failed: ${(err as Error).message}`);
        return;
      } finally {
        await fs.rm(clip, { force: true });
      }
      ready++;
      if (Date.now() - lastChange > 1500) {
        lastChange = Date.now();
        await opts.onChange();
      }
      if (ready % 10 === 0 || ready === Number(total.n)) log(`demo catalog: ${ready}/${total.n} episodes ready (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    });
    await opts.onChange();
    if (opts.signal?.aborted) return outcome;
    const left = await db.selectFrom('episodes').select('id').where('series_id', 'in', state.seriesIds).where('media_status', '!=', 'ready').execute();
    if (left.length === 0) {
      await writeState(db, { ...state, complete: true });
      log(`demo catalog: ready (${total.n} episodes in ${((Date.now() - started) / 1000).toFixed(0)} s)`);
    }
    return outcome;
  } finally {
    await fs.rm(workDir, { recursive: true, force: true });
  }
}
