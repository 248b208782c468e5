import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema';
import { generateDemoClip, ingestEpisode, mapConcurrent, type StorageDriver } from '../../../media/index';
import { DEMO_SERIES } from './demo-catalog';
import { renderDemoArtwork } from './demo-artwork';
import {
  countEpisodes,
  demoSeries,
  episodesNotReady,
  insertDemoRows,
  readState,
  setArtworkKeys,
  writeState,
} from './demo.repository';

// Short clips at a low frame rate: the whole demo (about 120 episodes) is ready in under three minutes on two cores.
const CLIP_SECONDS = 4;
const CLIP_FPS = 15;

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
    const series = await demoSeries(db, state.seriesIds);
    const bySeries = new Map(series.map((s) => [s.id, s]));
    const demoOf = (id: number) => DEMO_SERIES[state.seriesIds.indexOf(id)]!;

    await mapConcurrent(
      series.filter((s) => !s.cover_key || !s.banner_key),
      opts.concurrency ?? 2,
      async (s) => {
        if (opts.signal?.aborted) return;
        const dir = await fs.mkdtemp(path.join(workDir, 'art-'));
        const { hue } = demoOf(s.id);
        const cover = path.join(dir, 'cover.jpg');
        const banner = path.join(dir, 'banner.jpg');
        await renderDemoArtwork({
          outFile: cover,
          title: s.title,
          hue,
          width: 540,
          height: 720,
          workDir: dir,
          signal: opts.signal,
        });
        await renderDemoArtwork({
          outFile: banner,
          title: s.title,
          hue,
          width: 960,
          height: 540,
          workDir: dir,
          signal: opts.signal,
        });
        const stamp = Date.now().toString(36);
        await storage.putFile(`covers/series-${s.id}-${stamp}.jpg`, cover, { contentType: 'image/jpeg' });
        await storage.putFile(`covers/banner-${s.id}-${stamp}.jpg`, banner, { contentType: 'image/jpeg' });
        await setArtworkKeys(db, s.id, `covers/series-${s.id}-${stamp}.jpg`, `covers/banner-${s.id}-${stamp}.jpg`);
      },
    ).catch((err: unknown) => {
      if (!opts.signal?.aborted) throw err;
    });
    if (opts.signal?.aborted) return outcome;
    await opts.onChange();

    const pending = await episodesNotReady(db, state.seriesIds);
    const total = await countEpisodes(db, state.seriesIds);
    let ready = total - pending.length;
    log(`demo catalog: producing ${pending.length} episode videos (${ready}/${total} ready)`);
    let lastChange = 0;
    const started = Date.now();
    await mapConcurrent(pending, opts.concurrency ?? 2, async (episode) => {
      if (opts.signal?.aborted) return;
      const demo = demoOf(episode.series_id);
      const clip = path.join(workDir, `clip-${episode.id}.mp4`);
      try {
        await generateDemoClip({
          outFile: clip,
          seconds: CLIP_SECONDS,
          title: bySeries.get(episode.series_id)?.title ?? demo.title.en,
          episodeNumber: episode.number,
          hue: demo.hue,
          toneHz: demo.toneHz,
          fps: CLIP_FPS,
          signal: opts.signal,
        });
        await ingestEpisode({
          db,
          storage,
          episodeId: episode.id,
          input: clip,
          preset: 'ultrafast',
          threads: 1,
          workDir,
          signal: opts.signal,
        });
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
      if (ready % 10 === 0 || ready === total)
        log(`demo catalog: ${ready}/${total} episodes ready (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    });
    await opts.onChange();
    if (opts.signal?.aborted) return outcome;
    const left = await episodesNotReady(db, state.seriesIds);
    if (left.length === 0) {
      await writeState(db, { ...state, complete: true });
      log(`demo catalog: ready (${total} episodes in ${((Date.now() - started) / 1000).toFixed(0)} s)`);
    }
    return outcome;
  } finally {
    await fs.rm(workDir, { recursive: true, force: true });
  }
}
