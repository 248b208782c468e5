import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminAuditEntry, AdminEpisodeSubtitles, AdminPage, EpisodePlayback } from '@episodic/contract';
import { createTestApp, envelope, type TestApp } from '../../../test/test-app';
import { caller, createCallers, sessionOf, type Callers } from '../../../test/admin-fixture';
import { seedCatalogFixture } from '../../../test/catalog-fixture';
import { newMember, send, type Principal } from '../../../test/principals';
import { SUBTITLE_MAX_BYTES } from '../../media/index';

let t: TestApp;
let who: Callers;
let admin: ReturnType<typeof caller>;
let locked: number;
let member: Principal;

const SRT =
  '1\r\n00:00:01,000 --> 00:00:02,000\r\nA paid <i>line</i>.\r\n\r\n2\r\n00:00:09,000 --> 00:00:12,000\r\nToo late\r\n';
const b64 = (text: string | Buffer) => Buffer.from(text).toString('base64');
const url = (lang = 'es') => `/api/admin/episodes/${locked}/subtitles/${lang}`;

async function storedFiles(): Promise<string[]> {
  const dir = path.join(t.dataDir, 'media', 'episodes', String(locked), 'subtitles');
  return (await fs.readdir(dir).catch(() => [] as string[])).sort();
}

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://episodic.test' });
  const { db } = t.database;
  const cat = await seedCatalogFixture(db);
  locked = cat.episodes.ceo[5]!;
  // Media as packaging records it (ten seconds long); the video files themselves are not needed here.
  await db
    .insertInto('episode_media')
    .values({
      episode_id: locked,
      prefix: `episodes/${locked}/p1`,
      key: Buffer.alloc(16, 1),
      source_hash: 'x',
      width: 360,
      height: 640,
      duration_ms: 10_000,
      renditions: JSON.stringify([]),
    })
    .execute();
  await db.updateTable('episodes').set({ media_status: 'ready' }).where('id', '=', locked).execute();
  who = await createCallers(t);
  admin = caller(t, who.admin);
  member = await newMember(t);
}, 60_000);
afterAll(() => t.close());

describe('subtitles in the console', () => {
  it('converts an SRT upload, warns about cues past the video, and serves it to entitled viewers only', async () => {
    const res = await admin.put<AdminEpisodeSubtitles>(url(), { fileName: 'ep6.es.srt', data: b64(SRT) });
    expect(res.code).toBe(200);
    expect(res.data.durationMs).toBe(10_000);
    expect(res.data.warnings).toEqual(['1 subtitle runs past the end of the video (0:10); the last ends at 0:12.']);
    expect(res.data.tracks).toEqual([
      {
        language: 'es',
        vtt: 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nA paid <i>line</i>.\n\n00:00:09.000 --> 00:00:12.000\nToo late\n',
        cues: [
          { start: 1000, end: 2000, text: 'A paid <i>line</i>.' },
          { start: 9000, end: 12_000, text: 'Too late' },
        ],
      },
    ]);
    // Stored sealed: the storage (which may be a public bucket) never holds the dialogue in the clear.
    const [file] = await storedFiles();
    const raw = await fs.readFile(path.join(t.dataDir, 'media', 'episodes', String(locked), 'subtitles', file!));
    expect(raw.toString('latin1')).not.toContain('A paid');

    const vtt = `/api/media/episodes/${locked}/subtitles/es.vtt`;
    for (const token of [null, who.guest, who.viewer]) {
      const denied = await send(t, token, 'GET', vtt);
      expect(denied.statusCode).toBe(403);
      expect(denied.body).not.toContain('A paid');
      const info = envelope<EpisodePlayback>(await send(t, token, 'GET', `/api/video/episode?id=${locked}`));
      expect(info.data.subtitles ?? []).toEqual([]);
    }
    // Other spellings of the file name reach the same check and give nothing either.
    for (const forged of ['ES.vtt', 'es.vtt%00.png', 'es.vtt/', '..%2Fes.vtt'])
      expect(
        (await send(t, who.viewer, 'GET', `/api/media/episodes/${locked}/subtitles/${forged}`)).body,
      ).not.toContain('A paid');
    const allowed = await send(t, member.token, 'GET', vtt);
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toContain('A paid <i>line</i>.');
    const info = envelope<EpisodePlayback>(await send(t, member.token, 'GET', `/api/video/episode?id=${locked}`));
    expect(info.data.subtitles).toEqual([{ language: 'es', url: vtt }]);
  });

  it('refuses bad files with the reason on the file field, and keeps what was there', async () => {
    const before = await admin.get<AdminEpisodeSubtitles>(`/api/admin/episodes/${locked}/subtitles`);
    const cases: [string, string, RegExp][] = [
      ['notes.txt', b64('hello'), /^Subtitles must be a \.vtt/],
      ['ep.vtt', b64('00:00:01.000 --> 00:00:02.000\nHi'), /^Line 1 must be "WEBVTT"/],
      [
        'ep.srt',
        b64('1\n00:00:05,000 --> 00:00:06,000\na\n\n2\n00:00:01,000 --> 00:00:02,000\nb'),
        /^Line 6: .*time order/,
      ],
      [
        'ep.srt',
        b64(Buffer.concat([Buffer.from('1\n00:00:01,000 --> 00:00:02,000\n'), Buffer.from([0xc3, 0x28])])),
        /^Line 3 is not UTF-8/,
      ],
      ['ep.srt', b64(Buffer.alloc(SUBTITLE_MAX_BYTES + 1, 'a')), /^The file is larger than 512 KB/],
      ['ep.srt', '!!not base64!!', /^The file could not be read/],
      ['ep.srt', '', /^The file is empty/],
    ];
    for (const [fileName, data, message] of cases) {
      const res = await admin.put(url('en'), { fileName, data });
      expect(res.code, fileName).toBe(422);
      expect(res.fields?.file).toMatch(message);
    }
    // The body's own limit: a file far over the limit is refused by the schema, never stored.
    expect((await admin.put(url('en'), { fileName: 'ep.srt', data: 'A'.repeat(800_000) })).code).toBe(422);
    expect((await admin.get<AdminEpisodeSubtitles>(`/api/admin/episodes/${locked}/subtitles`)).data).toEqual(
      before.data,
    );
    expect((await admin.put(url('xx'), { fileName: 'ep.srt', data: b64(SRT) })).code).toBe(422);
    expect(
      (await admin.put('/api/admin/episodes/999999/subtitles/en', { fileName: 'ep.srt', data: b64(SRT) })).code,
    ).toBe(404);
  });

  it('replaces and deletes, removing the old files and recording each change', async () => {
    const first = await storedFiles();
    await admin.put(url(), { fileName: 'v2.vtt', data: b64('WEBVTT\n\n00:01.000 --> 00:02.000\nSegunda versión\n') });
    const second = await storedFiles();
    expect(second).toHaveLength(1);
    expect(second).not.toEqual(first);
    const removed = await admin.del<AdminEpisodeSubtitles>(url());
    expect(removed.data.tracks).toEqual([]);
    expect(await storedFiles()).toEqual([]);
    expect((await admin.del(url())).code).toBe(404);
    const audit = await admin.get<AdminPage<AdminAuditEntry>>(`/api/admin/audit?targetType=episode&targetId=${locked}`);
    expect(audit.data.items.map((e) => e.action)).toEqual([
      'subtitles.delete',
      'subtitles.replace',
      'subtitles.upload',
    ]);
  });

  it('keeps one file when two uploads of a language arrive at once', async () => {
    const both = await Promise.all(
      ['Uno', 'Dos'].map((line) =>
        admin.put(url('pt'), { fileName: 'a.vtt', data: b64(`WEBVTT\n\n00:01.000 --> 00:02.000\n${line}\n`) }),
      ),
    );
    expect(both.map((r) => r.code)).toEqual([200, 200]);
    const files = await storedFiles();
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^pt-/);
    await admin.del(url('pt'));
  });

  it('refuses viewers, guests and an operator’s viewer session, and they change nothing', async () => {
    await admin.put(url('en'), { fileName: 'a.srt', data: b64(SRT) });
    const files = await storedFiles();
    for (const token of [who.viewer, who.guest, who.adminViewer, member.token!]) {
      for (const [method, payload] of [
        ['GET', undefined],
        ['PUT', { fileName: 'x.srt', data: b64(SRT) }],
        ['DELETE', undefined],
      ] as const) {
        const res = await t.app.inject({
          method,
          url: method === 'GET' ? `/api/admin/episodes/${locked}/subtitles` : url('en'),
          ...sessionOf(token),
          ...(payload ? { payload } : {}),
        });
        expect([401, 403]).toContain(envelope(res).code);
        expect(res.body).not.toContain('A paid');
      }
    }
    expect(await storedFiles()).toEqual(files);
  });
});
