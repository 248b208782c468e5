import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-app';
import {
  firstFrameIsKeyframe,
  looksLikeMpegTs,
  makeTestClip,
  probeStreams,
  seedEpisode,
  seedSeries,
} from '../../test/media-fixtures';
import type { Database } from '../db/connection';
import {
  openSubtitle,
  subtitleKey,
  decryptSegment,
  generateDemoClip,
  ingestEpisode,
  IngestError,
  LocalStorage,
  parseMediaPlaylist,
  type IngestProgress,
} from './index';

let database: Database;
let storage: LocalStorage;
let dir: string;
let clip: string;
let seriesId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'episodic-ingest-test-'));
  storage = new LocalStorage(path.join(dir, 'media'));
  // 6 s: a 1 s first segment, a full 4 s one, and the rest.
  clip = await makeTestClip(path.join(dir, 'clip.mp4'), { seconds: 6 });
  seriesId = await seedSeries(database.db);
});
afterAll(async () => {
  await database.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const episodeRow = (id: number) =>
  database.db.selectFrom('episodes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const mediaRow = (id: number) =>
  database.db.selectFrom('episode_media').selectAll().where('episode_id', '=', id).executeTakeFirst();

/** Decrypts one stored segment with the episode's key and the IV its playlist gives it. */
async function clearSegment(prefix: string, rendition: string, index: number, key: Buffer): Promise<Buffer> {
  const playlist = (await storage.getBuffer(`${prefix}/${rendition}/index.m3u8`))!.toString();
  const ivs = [...playlist.matchAll(/#EXT-X-KEY:METHOD=AES-128,URI="[^"]+",IV=0x([0-9a-f]{32})/g)].map((m) =>
    Buffer.from(m[1]!, 'hex'),
  );
  const segment = parseMediaPlaylist(playlist)[index]!;
  return decryptSegment((await storage.getBuffer(`${prefix}/${rendition}/${segment.uri}`))!, key, ivs[index]!);
}

describe('ingestEpisode', () => {
  let episodeId: number;
  let firstPrefix: string;

  it('packages a vertical ladder of three renditions with a complete master playlist', async () => {
    episodeId = await seedEpisode(database.db, seriesId, 1);
    const srt = path.join(dir, 'clip.en.srt');
    await fs.writeFile(
      srt,
      '1\r\n00:00:00,500 --> 00:00:02,000\r\nHello.\r\n\r\n2\r\n00:00:02,500 --> 00:00:04,000\r\nGoodbye.\r\n',
    );
    const progress: IngestProgress[] = [];
    const result = await ingestEpisode({
      db: database.db,
      storage,
      episodeId,
      input: clip,
      preset: 'ultrafast',
      subtitles: [{ language: 'en', file: srt }],
      onProgress: (p) => progress.push(p),
    });
    firstPrefix = result.prefix;

    expect(result.status).toBe('ready');
    expect(result.prefix).toMatch(new RegExp(`^episodes/${episodeId}/[a-z0-9]+$`));
    expect(result.renditions.map((r) => `${r.name} ${r.width}x${r.height}`)).toEqual([
      '360p 360x640',
      '540p 540x960',
      '720p 720x1280',
    ]);
    expect(Math.abs(result.durationMs - 6000)).toBeLessThan(150);

    const master = (await storage.getBuffer(`${result.prefix}/master.m3u8`))!.toString();
    const variants = master.split('\n').filter((l) => l.startsWith('#EXT-X-STREAM-INF:'));
    expect(variants).toHaveLength(3);
    for (const line of variants) {
      expect(line).toMatch(/BANDWIDTH=\d+/);
      expect(line).toMatch(/RESOLUTION=\d+x\d+/);
      expect(line).toMatch(/CODECS="avc1\.[0-9a-f]{6},mp4a\.40\.2"/);
    }
    expect(master).toContain('720p/index.m3u8');

    const row = (await mediaRow(episodeId))!;
    expect(row.key).toHaveLength(16);
    expect(row.renditions).toEqual(result.renditions);
    const episode = await episodeRow(episodeId);
    expect(episode).toMatchObject({ media_status: 'ready', media_error: null, duration_ms: result.durationMs });

    expect(progress.at(-1)).toEqual({ stage: 'done', percent: 100 });
    expect(progress.some((p) => p.stage === 'encoding' && p.percent > 2 && p.percent < 85)).toBe(true);
    const percents = progress.map((p) => p.percent);
    expect([...percents].sort((a, b) => a - b)).toEqual(percents);
  });

  it('starts with a short segment and keeps keyframes at every segment start, aligned across renditions', async () => {
    const row = (await mediaRow(episodeId))!;
    const durations: number[][] = [];
    for (const { name } of row.renditions) {
      const playlist = (await storage.getBuffer(`${row.prefix}/${name}/index.m3u8`))!.toString();
      const segments = parseMediaPlaylist(playlist);
      durations.push(segments.map((s) => s.duration));
      expect(segments[0]!.duration).toBeLessThan(segments[1]!.duration);
      expect(segments[0]!.duration).toBeCloseTo(1, 1);
      expect(segments[1]!.duration).toBeCloseTo(4, 1);
      for (let i = 0; i < segments.length; i++) {
        const clear = await clearSegment(row.prefix, name, i, row.key);
        expect(looksLikeMpegTs(clear)).toBe(true);
        const file = path.join(dir, `check-${name}-${i}.ts`);
        await fs.writeFile(file, clear);
        expect(await firstFrameIsKeyframe(file)).toBe(true);
      }
    }
    expect(new Set(durations.map((d) => d.join(','))).size).toBe(1);
  });

  it('gives every segment its own IV, and stores no key anywhere in storage', async () => {
    const row = (await mediaRow(episodeId))!;
    const keys = await storage.list(row.prefix);
    const ivs: string[] = [];
    for (const key of keys.filter((k) => k.endsWith('.m3u8') && !k.endsWith('master.m3u8'))) {
      const text = (await storage.getBuffer(key))!.toString();
      const lines = text.split('\n');
      lines.forEach((line, i) => {
        if (line.startsWith('#EXTINF:'))
          expect(lines[i - 1]).toMatch(/^#EXT-X-KEY:METHOD=AES-128,URI="key",IV=0x[0-9a-f]{32}$/);
      });
      ivs.push(...[...text.matchAll(/IV=0x([0-9a-f]{32})/g)].map((m) => m[1]!));
    }
    expect(new Set(ivs).size).toBe(ivs.length);
    for (const key of keys) expect((await storage.getBuffer(key))!.includes(row.key)).toBe(false);
  });

  it('writes a 720x1280 poster and a small thumbnail, and stores subtitles as WebVTT', async () => {
    const row = (await mediaRow(episodeId))!;
    const poster = path.join(storage.root, ...row.poster_key!.split('/'));
    const thumbnail = path.join(storage.root, ...row.thumbnail_key!.split('/'));
    expect(await probeStreams(poster)).toMatchObject([{ codec_name: 'mjpeg', width: 720, height: 1280 }]);
    expect(await probeStreams(thumbnail)).toMatchObject([{ codec_name: 'mjpeg', width: 240, height: 426 }]);

    const subtitles = await database.db
      .selectFrom('episode_subtitles')
      .selectAll()
      .where('episode_id', '=', episodeId)
      .execute();
    expect(subtitles).toHaveLength(1);
    expect(subtitles[0]!.language).toBe('en');
    // Stored sealed (storage may be public): no dialogue in the file, WebVTT once opened with the key.
    const stored = (await storage.getBuffer(subtitles[0]!.storage_key))!;
    expect(stored.toString('latin1')).not.toContain('Hello.');
    const vtt = openSubtitle(stored, await subtitleKey(database.db))!.toString();
    expect(vtt).toMatch(/^WEBVTT\n/);
    expect(vtt).toContain('00:00:00.500 --> 00:00:02.000\nHello.');
  });

  it('skips a source it already published', async () => {
    const result = await ingestEpisode({ db: database.db, storage, episodeId, input: clip, preset: 'ultrafast' });
    expect(result.status).toBe('skipped');
    expect(result.prefix).toBe(firstPrefix);
    expect(
      (await storage.list(`episodes/${episodeId}`))
        .filter((k) => !k.includes('/subtitles/'))
        .every((k) => k.startsWith(firstPrefix)),
    ).toBe(true);
  });

  it('keeps the published media when a new source fails, and records why', async () => {
    const text = path.join(dir, 'x.txt');
    await fs.writeFile(text, 'this is not a video');
    const before = (await mediaRow(episodeId))!;
    const storedBefore = await storage.list(`episodes/${episodeId}`);
    const unreadable = '“x.txt” could not be read as a video. Export it again as MP4 (H.264) and upload it.';
    await expect(ingestEpisode({ db: database.db, storage, episodeId, input: text })).rejects.toThrow(unreadable);
    expect(await mediaRow(episodeId)).toEqual(before);
    expect(await storage.list(`episodes/${episodeId}`)).toEqual(storedBefore);
    // Still listed and playing: the failure is the replacement's, not the episode's.
    expect(await episodeRow(episodeId)).toMatchObject({ media_status: 'ready', media_error: unreadable });
  });

  it('switches to a new packaging atomically and deletes the old one', async () => {
    const result = await ingestEpisode({
      db: database.db,
      storage,
      episodeId,
      input: clip,
      preset: 'ultrafast',
      force: true,
    });
    expect(result.status).toBe('ready');
    expect(result.prefix).not.toBe(firstPrefix);
    expect(await storage.list(firstPrefix)).toEqual([]);
    expect((await storage.list(result.prefix)).length).toBeGreaterThan(8);
    // Subtitles live outside the packaging: the English file survives the switch.
    expect(result.subtitles.map((s) => s.language)).toEqual(['en']);
    expect(await storage.exists(result.subtitles[0]!.storageKey)).toBe(true);
    expect(await episodeRow(episodeId)).toMatchObject({ media_status: 'ready', media_error: null });
  });
});

describe('ingestEpisode failures', () => {
  it('refuses a non-video file with nothing half-published', async () => {
    const id = await seedEpisode(database.db, seriesId, 2);
    const text = path.join(dir, 'notes.txt');
    await fs.writeFile(text, 'hello');
    const err = await ingestEpisode({ db: database.db, storage, episodeId: id, input: text }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(IngestError);
    const unreadable = '“notes.txt” could not be read as a video. Export it again as MP4 (H.264) and upload it.';
    expect((err as Error).message).toBe(unreadable);
    expect(await mediaRow(id)).toBeUndefined();
    expect(await storage.list(`episodes/${id}`)).toEqual([]);
    expect(await episodeRow(id)).toMatchObject({ media_status: 'failed', media_error: unreadable });
  });

  it('says so for a missing file, an unknown episode and bad subtitles', async () => {
    const id = await seedEpisode(database.db, seriesId, 3);
    await expect(
      ingestEpisode({ db: database.db, storage, episodeId: id, input: path.join(dir, 'missing.mp4') }),
    ).rejects.toThrow('“missing.mp4” could not be found on the server. Upload it again.');
    await expect(ingestEpisode({ db: database.db, storage, episodeId: 999999, input: clip })).rejects.toThrow(
      'Episode 999999 does not exist',
    );
    const bad = path.join(dir, 'bad.vtt');
    await fs.writeFile(bad, 'not a subtitle file');
    await expect(
      ingestEpisode({
        db: database.db,
        storage,
        episodeId: id,
        input: clip,
        subtitles: [{ language: 'es', file: bad }],
      }),
    ).rejects.toThrow(/bad\.vtt is not a WebVTT file/);
    expect(await storage.list(`episodes/${id}`)).toEqual([]);
  });
});

describe('sources of other shapes', () => {
  it('fits a landscape clip without sound into 9:16, with a silent track in every rendition', async () => {
    const id = await seedEpisode(database.db, seriesId, 4);
    const landscape = await makeTestClip(path.join(dir, 'landscape.mp4'), {
      seconds: 2,
      width: 640,
      height: 360,
      audio: false,
    });
    const result = await ingestEpisode({
      db: database.db,
      storage,
      episodeId: id,
      input: landscape,
      preset: 'ultrafast',
    });
    // 640 wide fills a 640x1138 frame: 720p would be an upscale.
    expect(result.renditions.map((r) => r.name)).toEqual(['360p', '540p']);
    const key = (await mediaRow(id))!.key;
    const file = path.join(dir, 'landscape-seg.ts');
    await fs.writeFile(file, await clearSegment(result.prefix, '360p', 0, key));
    const streams = await probeStreams(file);
    expect(streams.find((s) => s.codec_type === 'video')).toMatchObject({
      codec_name: 'h264',
      width: 360,
      height: 640,
    });
    expect(streams.find((s) => s.codec_type === 'audio')).toMatchObject({ codec_name: 'aac' });
  });
});

describe('generateDemoClip', () => {
  it('makes a vertical clip with picture and sound of the asked length', async () => {
    const file = path.join(dir, 'demo', 'ep7.mp4');
    await generateDemoClip({
      outFile: file,
      seconds: 2,
      title: "The CEO's Secret: Part 2",
      episodeNumber: 7,
      hue: 330,
      toneHz: 523,
    });
    const streams = await probeStreams(file);
    expect(streams.find((s) => s.codec_type === 'video')).toMatchObject({
      codec_name: 'h264',
      width: 720,
      height: 1280,
    });
    expect(streams.find((s) => s.codec_type === 'audio')).toMatchObject({ codec_name: 'aac' });
  });
});
