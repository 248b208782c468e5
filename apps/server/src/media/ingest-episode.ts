import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import type { DB, Rendition } from '../db/schema';
import { AAC_LC, avcCodecFromTs } from './codecs';
import { mapConcurrent } from './concurrency';
import { encryptRendition, newContentKey } from './encrypt-hls';
import { measureBandwidth, writeMasterPlaylist } from './hls-playlist';
import {
  findEpisodeMedia,
  EpisodeGoneError,
  findEpisodeMediaState,
  markPackaging,
  publishEpisodeMedia,
  recordMediaFailure,
  upsertSubtitles,
  type SubtitleRecord,
} from './ingest.repository';
import { chooseLadder } from './ladder';
import { packageHls, type X264Preset } from './package-hls';
import { MediaInputError, mediaFailureOf, plainMediaMessage } from './plain-errors';
import { probeMedia } from './probe';
import { IMMUTABLE, type StorageDriver } from './storage/index';
import { readSubtitleFile, type SubtitleLanguage } from './subtitles';
import { sealSubtitle, subtitleKey } from './subtitle-seal';

export interface SubtitleSource {
  language: SubtitleLanguage;
  /** A .vtt or .srt file. */
  file: string;
}

export interface IngestProgress {
  stage: 'checking' | 'encoding' | 'encrypting' | 'uploading' | 'publishing' | 'done';
  /** 0–100 over the whole ingestion. */
  percent: number;
}

export interface IngestEpisodeOptions {
  db: Kysely<DB>;
  storage: StorageDriver;
  episodeId: number;
  /** The source video file. */
  input: string;
  subtitles?: readonly SubtitleSource[];
  onProgress?: (progress: IngestProgress) => void;
  /** x264 preset: veryfast by default; ultrafast suits generated demo clips. */
  preset?: X264Preset;
  /** Encoder threads per rendition (0: x264 decides). */
  threads?: number;
  /** The source's name as its uploader knows it (messages name it); by default the input's file name. */
  sourceName?: string;
  /** Package again even when the source is the one already published. */
  force?: boolean;
  /** Where temporary packaging folders go (default: the system's temp folder). */
  workDir?: string;
  signal?: AbortSignal;
}

export interface IngestResult {
  episodeId: number;
  /** `skipped`: the same source was already published (subtitles, if given, were still stored). */
  status: 'ready' | 'skipped';
  prefix: string;
  durationMs: number;
  renditions: Rendition[];
  posterKey: string | null;
  thumbnailKey: string | null;
  subtitles: SubtitleRecord[];
}

/** Ingestion failed; the message is readable by an operator and is also stored as the episode's media_error. */
export class IngestError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'IngestError';
  }
}

const UPLOAD_CONCURRENCY = 8;

/** sha256 of a file, hex. */
export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

function uniqueName(): string {
  return `${Date.now().toString(36)}${randomBytes(5).toString('hex')}`;
}

/** What the operator reads: their file named, what to do; the tools and ids stay in the server log. */
function readableError(err: unknown, input: string, name: string): string {
  if (err instanceof MediaInputError || err instanceof IngestError) return err.message;
  if ((err as NodeJS.ErrnoException)?.code === 'ENOENT' && (err as NodeJS.ErrnoException).path === input)
    return plainMediaMessage('missing', name);
  if (err instanceof EpisodeGoneError) return plainMediaMessage('episode_gone', name);
  return plainMediaMessage(mediaFailureOf(err), name);
}

/**
 * Packages an episode's source video into encrypted HLS and publishes it atomically: everything
 * is uploaded under a new prefix first, then one transaction points the episode at it, and the old
 * files are deleted only after that. Media published before stays `ready` and playing throughout: a
 * failure removes what was uploaded and records a readable `media_error`, marking the episode
 * `failed` only when it had no video. A source identical to the published one is skipped.
 */
export async function ingestEpisode(opts: IngestEpisodeOptions): Promise<IngestResult> {
  const { db, storage, episodeId, input } = opts;
  const name = opts.sourceName || path.basename(input);
  let lastPercent = -1;
  const report = (stage: IngestProgress['stage'], percent: number) => {
    const rounded = Math.floor(percent);
    if (rounded === lastPercent && stage !== 'done') return;
    lastPercent = rounded;
    opts.onProgress?.({ stage, percent: rounded });
  };

  const state = await findEpisodeMediaState(db, episodeId);
  if (!state) throw new IngestError(`Episode ${episodeId} does not exist`);

  const uploaded: string[] = [];
  let prefix: string | null = null;
  let workDir: string | null = null;
  let switched: { oldPrefix: string | null; replacedSubtitleKeys: string[] };
  try {
    report('checking', 0);
    const sourceHash = await sha256File(input).catch((err: unknown) => {
      if ((err as NodeJS.ErrnoException)?.code === 'ENOENT')
        throw new MediaInputError(plainMediaMessage('missing', name), 'missing');
      throw err;
    });
    const subtitleTexts = await Promise.all(
      (opts.subtitles ?? []).map(async (s) => ({ language: s.language, text: await readSubtitleFile(s.file) })),
    );

    if (!opts.force && state.media_status === 'ready' && state.source_hash === sourceHash && state.prefix) {
      const stored = await uploadSubtitles(db, storage, episodeId, subtitleTexts, uploaded);
      const replaced = await upsertSubtitles(db, episodeId, stored);
      uploaded.length = 0;
      await Promise.all(replaced.map((k) => storage.delete(k).catch(() => undefined)));
      report('done', 100);
      return { ...(await currentMedia(db, episodeId)), status: 'skipped' };
    }

    await markPackaging(db, episodeId);
    const probe = await probeMedia(input, opts.signal, name);
    const rungs = chooseLadder(probe.width, probe.height);
    workDir = await fsp.mkdtemp(path.join(opts.workDir ?? os.tmpdir(), 'episodic-ingest-'));
    const out = path.join(workDir, 'hls');
    const packaged = await packageHls(
      { input, probe, rungs, outDir: out, preset: opts.preset, threads: opts.threads, images: true },
      { onProgress: (f) => report('encoding', 2 + f * 83), signal: opts.signal },
    );

    report('encrypting', 85);
    const key = newContentKey();
    const renditions: Rendition[] = [];
    const variants = [];
    let durationMs = 0;
    for (const r of packaged.renditions) {
      const sealed = await encryptRendition(r.dir, key);
      const avc = avcCodecFromTs(sealed.clearHead);
      if (!avc) throw new MediaInputError(plainMediaMessage('damaged', name), 'damaged');
      const codecs = `${avc},${AAC_LC}`;
      const bandwidth = measureBandwidth(sealed.segments);
      durationMs = Math.max(durationMs, Math.round(sealed.segments.reduce((sum, s) => sum + s.duration, 0) * 1000));
      renditions.push({
        name: r.rung.name,
        width: r.rung.width,
        height: r.rung.height,
        bandwidth: bandwidth.peak,
        codecs,
      });
      variants.push({
        uri: `${r.rung.name}/index.m3u8`,
        bandwidth: bandwidth.peak,
        averageBandwidth: bandwidth.average,
        width: r.rung.width,
        height: r.rung.height,
        codecs,
        frameRate: packaged.fps,
      });
    }
    // Best first: players that start with the first variant listed start sharp.
    await fsp.writeFile(path.join(out, 'master.m3u8'), writeMasterPlaylist([...variants].reverse()));

    report('uploading', 90);
    prefix = `episodes/${episodeId}/${uniqueName()}`;
    const files = await listFiles(out);
    let done = 0;
    await mapConcurrent(files, UPLOAD_CONCURRENCY, async (rel) => {
      // Playlists are rewritten by the server on every request; only segments and images go to a CDN as they are.
      await storage.putFile(
        `${prefix}/${rel}`,
        path.join(out, rel),
        rel.endsWith('.m3u8') ? {} : { cacheControl: IMMUTABLE },
      );
      report('uploading', 90 + (++done / files.length) * 8);
    });
    const subtitles = await uploadSubtitles(db, storage, episodeId, subtitleTexts, uploaded);

    report('publishing', 99);
    const top = rungs[rungs.length - 1]!;
    switched = await publishEpisodeMedia(db, {
      episodeId,
      prefix,
      key,
      sourceHash,
      width: top.width,
      height: top.height,
      durationMs: durationMs || probe.durationMs,
      renditions,
      posterKey: packaged.posterFile ? `${prefix}/poster.jpg` : null,
      thumbnailKey: packaged.thumbnailFile ? `${prefix}/thumbnail.jpg` : null,
      subtitles,
    });
  } catch (err) {
    const message = readableError(err, input, name).slice(0, 1000);
    if (prefix) await storage.deletePrefix(prefix).catch(() => undefined);
    await Promise.all(uploaded.map((k) => storage.delete(k).catch(() => undefined)));
    await recordMediaFailure(db, episodeId, message).catch(() => undefined);
    throw new IngestError(message, { cause: err });
  } finally {
    if (workDir) await fsp.rm(workDir, { recursive: true, force: true });
  }

  // Published. The old media is no longer referenced: failing to delete it leaves garbage, not a broken episode.
  if (switched.oldPrefix) await storage.deletePrefix(switched.oldPrefix).catch(() => undefined);
  await Promise.all(switched.replacedSubtitleKeys.map((k) => storage.delete(k).catch(() => undefined)));
  report('done', 100);
  return { ...(await currentMedia(db, episodeId)), status: 'ready' };
}

async function uploadSubtitles(
  db: Kysely<DB>,
  storage: StorageDriver,
  episodeId: number,
  texts: readonly { language: SubtitleLanguage; text: string }[],
  uploaded: string[],
): Promise<SubtitleRecord[]> {
  const records: SubtitleRecord[] = [];
  // Sealed: storage may be public (a CDN in front of the bucket); the server opens them per viewer.
  const key = texts.length > 0 ? await subtitleKey(db) : null;
  for (const { language, text } of texts) {
    // Outside the packaging prefix: subtitles of other languages survive a re-packaging of the video.
    const storageKey = `episodes/${episodeId}/subtitles/${language}-${uniqueName()}.sealed`;
    await storage.putBuffer(storageKey, sealSubtitle(text, key!), { cacheControl: 'private, no-store' });
    uploaded.push(storageKey);
    records.push({ language, storageKey });
  }
  return records;
}

async function listFiles(dir: string, rel = ''): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await fsp.readdir(path.join(dir, rel), { withFileTypes: true })) {
    const child = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...(await listFiles(dir, child)));
    else files.push(child);
  }
  return files;
}

async function currentMedia(db: Kysely<DB>, episodeId: number): Promise<Omit<IngestResult, 'status'>> {
  const { media, subtitles } = await findEpisodeMedia(db, episodeId);
  return {
    episodeId,
    prefix: media.prefix,
    durationMs: media.duration_ms,
    renditions: media.renditions,
    posterKey: media.poster_key,
    thumbnailKey: media.thumbnail_key,
    subtitles: subtitles.map((s) => ({ language: s.language, storageKey: s.storage_key })),
  };
}
