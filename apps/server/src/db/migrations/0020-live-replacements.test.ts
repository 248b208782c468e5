import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseAfter } from './migration-test-db';

// A database as it stood when a failed replacement took a published episode out of the catalog.
const before = databaseAfter('0019-likes-and-search-trends');

describe('migration 0020-live-replacements', () => {
  it('brings back episodes whose stored video a failed replacement hid, and says their failures in plain words', async () => {
    const { db } = before;
    const { rows: series } = await sql<{
      id: number;
    }>`INSERT INTO series (status) VALUES ('published') RETURNING id`.execute(db);
    const seriesId = series[0]!.id;
    const { rows: episodes } = await sql<{ id: number }>`
      INSERT INTO episodes (series_id, number, status, media_status, media_error) VALUES
        (${seriesId}, 1, 'published', 'failed', 'tus-9f2c is not a video file ffmpeg can read'),
        (${seriesId}, 2, 'published', 'processing', NULL),
        (${seriesId}, 3, 'draft', 'failed', 'first.mp4 is not a video file ffmpeg can read'),
        (${seriesId}, 4, 'published', 'ready', NULL)
      RETURNING id`.execute(db);
    const [hidden, packaging, neverPackaged, ready] = episodes.map((e) => e.id);
    for (const id of [hidden, packaging, ready])
      await sql`INSERT INTO episode_media (episode_id, prefix, key, source_hash, width, height, duration_ms, renditions)
        VALUES (${id}, ${`episodes/${id}/a`}, '\\x00112233445566778899aabbccddeeff', 'h', 720, 1280, 4000, '[]')`.execute(
        db,
      );
    await sql`INSERT INTO users (id, email, is_guest, role) VALUES (gen_random_uuid(), 'ops@example.com', false, 'admin')`.execute(
      db,
    );
    const { rows: operators } = await sql<{ id: string }>`SELECT id FROM users WHERE email = 'ops@example.com'`.execute(
      db,
    );
    await sql`INSERT INTO media_jobs (episode_id, upload_id, file_name, host, actor_id, status)
      VALUES (${hidden}, 'u1', 'take 2.mov', 'h', ${operators[0]!.id}::uuid, 'failed')`.execute(db);

    await before.migrateToLatest();

    const { rows } = await sql<{ id: number; media_status: string; media_error: string | null }>`
      SELECT id, media_status, media_error FROM episodes WHERE series_id = ${seriesId} ORDER BY number`.execute(db);
    expect(rows).toEqual([
      { id: hidden, media_status: 'ready', media_error: '“take 2.mov” could not be used. Upload it again.' },
      { id: packaging, media_status: 'ready', media_error: null },
      { id: neverPackaged, media_status: 'failed', media_error: 'The video could not be used. Upload it again.' },
      { id: ready, media_status: 'ready', media_error: null },
    ]);
  });
});
