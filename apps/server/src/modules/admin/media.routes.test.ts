import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminAuditEntry, AdminEpisode, AdminMediaJob, AdminPage, EpisodePlayback } from '@episodic/contract';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { caller, createCallers, operatorCookie, type Callers } from '../../../test/admin-fixture';
import { makeTestClip, seedSeries } from '../../../test/media-fixtures';

let t: TestApp;
let who: Callers;
let admin: ReturnType<typeof caller>;
let seriesId: number;
let clip: Buffer;

beforeAll(async () => {
  // JOBS on: the packaging queue runs in this app, as on a server.
  t = await createTestApp({ JOBS: 'true' });
  who = await createCallers(t);
  admin = caller(t, who.admin);
  seriesId = await seedSeries(t.database.db, { published: false, title: 'Uploaded Stories' });
  clip = await fs.readFile(
    await makeTestClip(path.join(t.dataDir, 'clip.mp4'), { seconds: 2, width: 360, height: 640, fps: 15 }),
  );
}, 120_000);
afterAll(() => t.close());

const b64 = (s: string) => Buffer.from(s).toString('base64');

/** Creates a tus upload for an episode; answers the upload's address. */
async function createUpload(size: number, meta: Record<string, string>, token = who.admin) {
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/uploads',
    cookies: operatorCookie(token),
    headers: {
      'x-user-token': token,
      'tus-resumable': '1.0.0',
      'upload-length': String(size),
      'upload-metadata': Object.entries(meta)
        .map(([k, v]) => `${k} ${b64(v)}`)
        .join(','),
    },
  });
}

function patch(location: string, offset: number, chunk: Buffer) {
  return t.app.inject({
    method: 'PATCH',
    url: location,
    cookies: operatorCookie(who.admin),
    headers: {
      'tus-resumable': '1.0.0',
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    payload: chunk,
  });
}

async function newEpisode(): Promise<AdminEpisode> {
  return (await admin.post<AdminEpisode>(`/api/admin/series/${seriesId}/episodes`, { free: true })).data;
}

async function until(episodeId: number, done: (e: AdminEpisode) => boolean): Promise<AdminEpisode> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const episode = (await admin.get<AdminEpisode>(`/api/admin/episodes/${episodeId}`)).data;
    if (done(episode) || Date.now() > deadline) return episode;
    await new Promise((r) => setTimeout(r, 300));
  }
}

describe('episode video upload and packaging', () => {
  it('resumes an upload where the server copy ends, packages it in the background, and the episode can be published and played', async () => {
    const episode = await newEpisode();
    const created = await createUpload(clip.length, {
      episodeId: String(episode.id),
      filename: 'pilot.mp4',
      filetype: 'video/mp4',
    });
    expect(created.statusCode).toBe(201);
    const location = String(created.headers.location);
    expect(location).toMatch(/^\/api\/admin\/uploads\/[0-9a-f]+$/);
    const uploadId = location.split('/').pop()!;

    const half = Math.floor(clip.length / 2);
    expect((await patch(location, 0, clip.subarray(0, half))).statusCode).toBe(204);
    // The connection dropped here: the client asks how far the server got and continues from there.
    const head = await t.app.inject({
      method: 'HEAD',
      url: location,
      cookies: operatorCookie(who.admin),
      headers: { 'tus-resumable': '1.0.0' },
    });
    expect(head.headers['upload-offset']).toBe(String(half));
    expect((await admin.post(`/api/admin/episodes/${episode.id}/media`, { uploadId })).code).toBe(409);
    const rest = await patch(location, half, clip.subarray(half));
    expect(rest.statusCode).toBe(204);
    expect(rest.headers['upload-offset']).toBe(String(clip.length));

    const queued = await admin.post<AdminMediaJob>(`/api/admin/episodes/${episode.id}/media`, { uploadId });
    expect(queued.code).toBe(200);
    expect(queued.data).toMatchObject({ fileName: 'pilot.mp4' });
    // Sent twice: the same job.
    expect((await admin.post<AdminMediaJob>(`/api/admin/episodes/${episode.id}/media`, { uploadId })).data.id).toBe(
      queued.data.id,
    );

    const ready = await until(episode.id, (e) => e.job?.status === 'done' || e.job?.status === 'failed');
    expect(ready).toMatchObject({ mediaStatus: 'ready', job: { status: 'done', percent: 100 } });
    expect(ready.duration).toBeGreaterThan(1);
    expect(ready.thumbnail).toMatch(/^\/media\/episodes\//);
    await expect(fs.access(path.join(t.dataDir, 'uploads', uploadId))).rejects.toThrow();

    expect((await admin.post(`/api/admin/episodes/${episode.id}/status`, { status: 'published' })).code).toBe(200);
    expect((await admin.post(`/api/admin/series/${seriesId}/status`, { status: 'published' })).code).toBe(200);
    const playback = await caller(t, who.viewer).get<EpisodePlayback>(`/api/video/episode?id=${episode.id}`);
    expect(playback.data).toMatchObject({ playable: true, hls: `/api/media/episodes/${episode.id}/master.m3u8` });
    const master = await t.app.inject({
      method: 'GET',
      url: playback.data.hls!,
      headers: { 'x-user-token': who.viewer },
    });
    expect(master.statusCode).toBe(200);
    expect(master.body).toContain('#EXT-X-STREAM-INF');

    const [entry] = (await admin.get<AdminPage<AdminAuditEntry>>('/api/admin/audit?action=episode.upload')).data.items;
    expect(entry).toMatchObject({
      targetId: String(episode.id),
      after: { uploadId, fileName: 'pilot.mp4', bytes: clip.length },
    });
  });

  it('shows why a file that is not a video could not be packaged', async () => {
    const episode = await newEpisode();
    const junk = Buffer.from('this is not a video at all');
    const created = await createUpload(junk.length, {
      episodeId: String(episode.id),
      filename: 'notes.mp4',
      filetype: 'video/mp4',
    });
    const location = String(created.headers.location);
    await patch(location, 0, junk);
    await admin.post(`/api/admin/episodes/${episode.id}/media`, { uploadId: location.split('/').pop() });
    const failed = await until(episode.id, (e) => e.job?.status === 'failed' || e.job?.status === 'done');
    expect(failed).toMatchObject({ mediaStatus: 'failed', job: { status: 'failed' } });
    expect(failed.mediaError).toMatch(/notes\.mp4|not a video|could not|failed/i);
    expect(failed.job!.error).toBe(failed.mediaError);
  });

  it('refuses uploads without an episode, of other file types, and from non-operators', async () => {
    const episode = await newEpisode();
    expect((await createUpload(10, { filename: 'a.mp4', filetype: 'video/mp4' })).statusCode).toBe(400);
    expect(
      (await createUpload(10, { episodeId: String(episode.id), filename: 'a.txt', filetype: 'text/plain' })).statusCode,
    ).toBe(415);
    expect((await createUpload(10, { episodeId: '999999', filename: 'a.mp4', filetype: 'video/mp4' })).statusCode).toBe(
      404,
    );
    const asViewer = await createUpload(
      10,
      { episodeId: String(episode.id), filename: 'a.mp4', filetype: 'video/mp4' },
      who.viewer,
    );
    expect(JSON.parse(asViewer.body)).toMatchObject({ code: 403 });
    expect((await admin.post(`/api/admin/episodes/${episode.id}/media`, { uploadId: 'feedface' })).code).toBe(404);
  });
});
