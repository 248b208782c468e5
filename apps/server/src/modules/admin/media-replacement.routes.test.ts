import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminEpisode, AdminMediaJob, AdminSeries, EpisodeListItem, EpisodePlayback } from '@episodic/contract';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { caller, createCallers, operatorCookie, type Callers } from '../../../test/admin-fixture';
import { makeTestClip, seedSeries } from '../../../test/media-fixtures';

// Replacing a published episode's video: the episode plays its current video until the new one is
// packaged, then switches at once; a file that cannot be used leaves it playing and says why.

let t: TestApp;
let who: Callers;
let admin: ReturnType<typeof caller>;
let seriesId: number;
let clip: Buffer;

beforeAll(async () => {
  t = await createTestApp({ JOBS: 'true' });
  who = await createCallers(t);
  admin = caller(t, who.admin);
  seriesId = await seedSeries(t.database.db, { published: false, title: 'Replaced Stories' });
  clip = await fs.readFile(
    await makeTestClip(path.join(t.dataDir, 'clip.mp4'), { seconds: 2, width: 360, height: 640, fps: 15 }),
  );
}, 120_000);
afterAll(() => t.close());

const b64 = (s: string) => Buffer.from(s).toString('base64');

/** Uploads `bytes` as `fileName` for an episode (tus), queues its packaging and waits for the job's end. */
async function uploadVideo(episodeId: number, bytes: Buffer, fileName: string): Promise<AdminEpisode> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/admin/uploads',
    cookies: operatorCookie(who.admin),
    headers: {
      'tus-resumable': '1.0.0',
      'upload-length': String(bytes.length),
      'upload-metadata': `episodeId ${b64(String(episodeId))},filename ${b64(fileName)},filetype ${b64('video/mp4')}`,
    },
  });
  const location = String(created.headers.location);
  const sent = await t.app.inject({
    method: 'PATCH',
    url: location,
    cookies: operatorCookie(who.admin),
    headers: { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    payload: bytes,
  });
  expect(sent.statusCode).toBe(204);
  const queued = await admin.post<AdminMediaJob>(`/api/admin/episodes/${episodeId}/media`, {
    uploadId: location.split('/').pop(),
  });
  expect(queued.code).toBe(200);
  const deadline = Date.now() + 90_000;
  for (;;) {
    const episode = (await admin.get<AdminEpisode>(`/api/admin/episodes/${episodeId}`)).data;
    const ended = episode.job?.id === queued.data.id && ['done', 'failed'].includes(episode.job.status);
    if (ended || Date.now() > deadline) return episode;
    await new Promise((r) => setTimeout(r, 250));
  }
}

const mediaPrefix = async (episodeId: number) =>
  (
    await t.database.db
      .selectFrom('episode_media')
      .select('prefix')
      .where('episode_id', '=', episodeId)
      .executeTakeFirstOrThrow()
  ).prefix;

const storedFiles = async (prefix: string) => (await t.app.storage.list(prefix)).sort();

const viewerGet = (url: string) => t.app.inject({ method: 'GET', url, headers: { 'x-user-token': who.viewer } });

/** What a viewer gets: the episode in its series' list, its playback, master and rendition playlists, its key. */
async function expectPlayable(episodeId: number): Promise<void> {
  const viewer = caller(t, who.viewer);
  const list = await viewer.get<EpisodeListItem[]>(`/api/video/episode?seriesId=${seriesId}`);
  expect(list.data.map((e) => e.id)).toContain(episodeId);
  const playback = await viewer.get<EpisodePlayback>(`/api/video/episode?id=${episodeId}`);
  expect(playback.data).toMatchObject({ playable: true, hls: `/api/media/episodes/${episodeId}/master.m3u8` });
  const master = await viewerGet(playback.data.hls!);
  expect(master.statusCode).toBe(200);
  const rendition = master.body.split('\n').find((l) => l && !l.startsWith('#'))!;
  const media = await viewerGet(new URL(rendition, `http://x${playback.data.hls!}`).pathname);
  expect(media.statusCode).toBe(200);
  const segment = media.body.split('\n').find((l) => l && !l.startsWith('#'))!;
  expect((await t.app.inject({ method: 'GET', url: new URL(segment, 'http://x/').pathname })).statusCode).toBe(200);
  const key = await viewerGet(`/api/media/keys/${episodeId}`);
  expect(key.statusCode).toBe(200);
  expect(key.rawPayload).toHaveLength(16);
}

describe('replacing a published video', () => {
  let episodeId: number;
  let livePrefix: string;
  let liveFiles: string[];

  it('publishes a first video', async () => {
    episodeId = (await admin.post<AdminEpisode>(`/api/admin/series/${seriesId}/episodes`, { free: true })).data.id;
    expect(await uploadVideo(episodeId, clip, 'pilot.mp4')).toMatchObject({ mediaStatus: 'ready', mediaError: null });
    expect((await admin.post(`/api/admin/episodes/${episodeId}/status`, { status: 'published' })).code).toBe(200);
    expect((await admin.post(`/api/admin/series/${seriesId}/status`, { status: 'published' })).code).toBe(200);
    livePrefix = await mediaPrefix(episodeId);
    liveFiles = await storedFiles(livePrefix);
    expect(liveFiles.length).toBeGreaterThan(5);
    await expectPlayable(episodeId);
  });

  it.each([
    ['random bytes named .mp4', 'holiday.mp4', () => randomBytes(64 * 1024)],
    // The start of a camera file whose index (moov) comes last: an upload cut short.
    ['a truncated mp4', 'take 2.mp4', () => clip.subarray(0, Math.floor(clip.length / 2))],
  ])('keeps the current video live when the replacement is %s, and says why in plain words', async (_, name, bytes) => {
    const episode = await uploadVideo(episodeId, bytes(), name);
    const message = `“${name}” could not be read as a video. Export it again as MP4 (H.264) and upload it.`;
    expect(episode).toMatchObject({
      status: 'published',
      mediaStatus: 'ready',
      mediaError: message,
      job: { status: 'failed', fileName: name, error: message },
    });
    // The row of the series page says the same.
    const series = (await admin.get<AdminSeries>(`/api/admin/series/${seriesId}`)).data;
    expect(series.visible).toBe(true);
    expect(series.episodeList.find((e) => e.id === episodeId)).toMatchObject({
      mediaStatus: 'ready',
      mediaError: message,
    });
    // The same rendition, untouched, and nothing of the failed attempt left behind.
    expect(await mediaPrefix(episodeId)).toBe(livePrefix);
    expect(await storedFiles(`episodes/${episodeId}`)).toEqual(liveFiles);
    await expectPlayable(episodeId);
  });

  it('switches to a good replacement at once and only then removes the old files', async () => {
    const episode = await uploadVideo(episodeId, clip, 'pilot final.mp4');
    expect(episode).toMatchObject({ mediaStatus: 'ready', mediaError: null, job: { status: 'done' } });
    const prefix = await mediaPrefix(episodeId);
    expect(prefix).not.toBe(livePrefix);
    expect(await storedFiles(livePrefix)).toEqual([]);
    expect((await storedFiles(prefix)).length).toBe(liveFiles.length);
    await expectPlayable(episodeId);
  });
});

describe('a first upload that fails', () => {
  it('leaves the episode without video, with a plain message naming the file', async () => {
    const id = (await admin.post<AdminEpisode>(`/api/admin/series/${seriesId}/episodes`, { free: true })).data.id;
    const episode = await uploadVideo(id, randomBytes(4096), 'episode 7.mov');
    const message = '“episode 7.mov” could not be read as a video. Export it again as MP4 (H.264) and upload it.';
    expect(episode).toMatchObject({ mediaStatus: 'failed', mediaError: message, job: { status: 'failed' } });
    for (const word of [/ffmpeg|ffprobe/i, /[0-9a-f]{32}/, /episode \d+ /i, /\bat \w+ \(/])
      expect(episode.mediaError).not.toMatch(word);
    expect((await admin.post(`/api/admin/episodes/${id}/status`, { status: 'published' })).code).toBe(409);
  });
});
