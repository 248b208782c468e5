import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { testDbKind } from '../../test/test-app';
import { makeTestClip } from '../../test/media-fixtures';
import { openDatabase, openPglite, type Database } from '../db/connection';
import { lockDataDir } from '../db/data-dir-lock';

const script = path.resolve(import.meta.dirname, 'ingest.ts');
let dir: string;
let env: Record<string, string>;
let dropDatabase = async () => {};

/** Runs `npm run ingest`'s program from source, as a separate process. */
function ingestCli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      env: { ...process.env, ...env, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const openCliDatabase = (): Promise<Database> =>
  openDatabase({ databaseUrl: env.DATABASE_URL ?? null, dataDir: env.DATA_DIR!, poolSize: 1, connectTimeoutMs: 3000 });

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'episodic-cli-'));
  env = { DATA_DIR: path.join(dir, 'data') };
  if (testDbKind === 'postgres') {
    const name = `${inject('postgresDbPrefix')}${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: inject('postgresUrl') });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
    await admin.end();
    const url = new URL(inject('postgresUrl'));
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      const drop = new pg.Client({ connectionString: inject('postgresUrl') });
      await drop.connect();
      await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => drop.end());
    };
  } else {
    // Start from the migrated template: creating a PGlite folder from nothing takes many seconds.
    const seeded = await openPglite(
      path.join(env.DATA_DIR!, 'db'),
      new Blob([await fs.readFile(inject('pgliteTemplate'))]),
    );
    await seeded.close();
  }
  await fs.mkdir(path.join(dir, 'clips'));
  await fs.mkdir(path.join(dir, 'subs'));
  await makeTestClip(path.join(dir, 'clips', 'ep10.mp4'), { seconds: 1, width: 360, height: 640 });
  await fs.copyFile(path.join(dir, 'clips', 'ep10.mp4'), path.join(dir, 'clips', 'ep2.mp4'));
  await fs.writeFile(path.join(dir, 'clips', 'notes.txt'), 'not an episode');
  await fs.writeFile(path.join(dir, 'subs', 'ep10.fr.vtt'), 'WEBVTT\n\n00:00.100 --> 00:00.900\nBonjour\n');
});
afterAll(async () => {
  await dropDatabase();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('npm run ingest', { timeout: 60_000 }, () => {
  it('turns a folder into episodes of a new series, in natural order, with prices, subtitles and publication', async () => {
    const run = await ingestCli([
      path.join(dir, 'clips'),
      '--series',
      'Brand New Show',
      '--free',
      '1',
      '--cost',
      '45',
      '--subtitles',
      path.join(dir, 'subs'),
      '--publish',
    ]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/New draft series \d+ "Brand New Show": 2 episode\(s\) from 1/);
    expect(run.stdout).toMatch(/EP {3}1 ok {3}ep2\.mp4/);
    expect(run.stdout).toMatch(/EP {3}2 ok {3}ep10\.mp4 .*subtitles fy/);

    const database = await openCliDatabase();
    try {
      const { db } = database;
      const series = await db
        .selectFrom('series as s')
        .innerJoin('series_translations as t', 't.series_id', 's.id')
        .select(['s.id', 's.status', 't.title'])
        .executeTakeFirstOrThrow();
      expect(series).toMatchObject({ status: 'published', title: 'Brand New Show' });
      const episodes = await db
        .selectFrom('episodes')
        .selectAll()
        .where('series_id', '=', series.id)
        .orderBy('number')
        .execute();
      expect(episodes.map((e) => [e.number, e.free, e.unlock_cost, e.status, e.media_status])).toEqual([
        [1, true, 45, 'published', 'ready'],
        [2, false, 45, 'published', 'ready'],
      ]);
      const subtitles = await db.selectFrom('episode_subtitles').select(['episode_id', 'language']).execute();
      expect(subtitles).toEqual([{ episode_id: episodes[1]!.id, language: 'fy' }]);
    } finally {
      await database.close();
    }
  });

  it('skips episodes whose source is already published', async () => {
    const run = await ingestCli([path.join(dir, 'clips', 'ep2.mp4'), '--series', '1']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('unchanged, skipped');
  });

  it('fails with one clear line', async () => {
    const usage = await ingestCli([path.join(dir, 'clips')]);
    expect(usage.code).toBe(1);
    expect(usage.stderr.trim()).toMatch(/^Error: usage: npm run ingest -- <file\|folder> --series/);
    const notVideo = await ingestCli([path.join(dir, 'clips', 'notes.txt'), '--series', '1', '--start', '5']);
    expect(notVideo.code).toBe(1);
    expect(notVideo.stdout).toContain(
      '“notes.txt” could not be read as a video. Export it again as MP4 (H.264) and upload it.',
    );
    expect(notVideo.stderr.trim().split('\n')).toHaveLength(1);
    const noSeries = await ingestCli([path.join(dir, 'clips'), '--series', '404']);
    expect(noSeries.stderr.trim()).toBe(
      'Error: There is no series 404: give an existing id, or a title to create a new series',
    );
  });

  it.runIf(testDbKind === 'pglite')('says so when a server holds the embedded database', async () => {
    const release = lockDataDir(path.join(env.DATA_DIR!, 'db'));
    try {
      const run = await ingestCli([path.join(dir, 'clips'), '--series', '1']);
      expect(run.code).toBe(1);
      expect(run.stderr.trim()).toBe(
        `Error: The database folder ${path.join(env.DATA_DIR!, 'db')} is in use by another process (pid ${process.pid}), probably a running server. Only one process at a time may open it: stop that process first, or use PostgreSQL (DATABASE_URL).`,
      );
    } finally {
      release();
    }
  });
});
