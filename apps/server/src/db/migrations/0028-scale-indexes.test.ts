import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseAfter } from './migration-test-db';

// Plays recorded before the counters existed, then every way a play can come and go after.
const before = databaseAfter('0021-refund-rewards');

/** The counters next to what they count, per day and per series and day. */
async function counted(db: typeof before.db) {
  const { rows: days } = await sql<{ day: string; kept: number; actual: number }>`
    SELECT to_char(d.day, 'YYYY-MM-DD') AS day, COALESCE(k.n, 0)::int AS kept, COALESCE(a.n, 0)::int AS actual
    FROM (SELECT day FROM play_days UNION SELECT day FROM episode_plays) d
    LEFT JOIN (SELECT day, sum(plays) AS n FROM play_days GROUP BY day) k ON k.day = d.day
    LEFT JOIN (SELECT day, count(*) AS n FROM episode_plays GROUP BY day) a ON a.day = d.day
    ORDER BY 1`.execute(db);
  const { rows: series } = await sql<{ key: string; kept: number; actual: number }>`
    SELECT k.key, COALESCE(k.n, 0)::int AS kept, COALESCE(a.n, 0)::int AS actual
    FROM (SELECT series_id || '/' || day AS key, sum(plays) AS n FROM series_play_days GROUP BY 1) k
    FULL JOIN (SELECT e.series_id || '/' || p.day AS key, count(*) AS n FROM episode_plays p
      JOIN episodes e ON e.id = p.episode_id GROUP BY 1) a ON a.key = k.key
    ORDER BY 1`.execute(db);
  return { days, series };
}

describe('migration 0028-scale-indexes', () => {
  it('counts plays per day and per series and day, through inserts, renames, deletions and removed episodes', async () => {
    const { db } = before;
    const { rows: series } = await sql<{ id: number }>`
      INSERT INTO series (status) VALUES ('published'), ('published') RETURNING id`.execute(db);
    const [a, b] = series.map((s) => s.id);
    const { rows: episodes } = await sql<{ id: number }>`
      INSERT INTO episodes (series_id, number, status, media_status)
      VALUES (${a}, 1, 'published', 'ready'), (${a}, 2, 'published', 'ready'), (${b}, 1, 'published', 'ready')
      RETURNING id`.execute(db);
    const [a1, a2, b1] = episodes.map((e) => e.id);
    await sql`INSERT INTO episode_plays (episode_id, viewer, day) VALUES
      (${a1}, 'v1', current_date), (${a1}, 'v2', current_date), (${a2}, 'v1', current_date - 1), (${b1}, 'v3', current_date)`.execute(
      db,
    );

    await before.migrateToLatest();
    let now = await counted(db);
    expect(now.days.every((d) => d.kept === d.actual)).toBe(true);
    expect(now.series.every((s) => s.kept === s.actual)).toBe(true);
    expect(now.days.reduce((n, d) => n + d.actual, 0)).toBe(4);

    // New plays, a repeated play (not counted twice), a deleted account's renamed plays, a removed play.
    await sql`INSERT INTO episode_plays (episode_id, viewer, day) VALUES (${a2}, 'v2', current_date), (${b1}, 'v1', current_date - 2)`.execute(
      db,
    );
    await sql`INSERT INTO episode_plays (episode_id, viewer, day) VALUES (${a2}, 'v2', current_date) ON CONFLICT DO NOTHING`.execute(
      db,
    );
    await sql`UPDATE episode_plays SET viewer = 'deleted:' || gen_random_uuid() WHERE viewer = 'v1'`.execute(db);
    await sql`DELETE FROM episode_plays WHERE viewer = 'v3'`.execute(db);
    // An episode removed with its plays; then a whole series.
    await sql`DELETE FROM episodes WHERE id = ${a1}`.execute(db);
    now = await counted(db);
    expect(now.days.every((d) => d.kept === d.actual)).toBe(true);
    expect(now.series.every((s) => s.kept === s.actual)).toBe(true);
    expect(now.days.reduce((n, d) => n + d.actual, 0)).toBe(3);

    await sql`DELETE FROM series WHERE id = ${b}`.execute(db);
    now = await counted(db);
    expect(now.days.every((d) => d.kept === d.actual)).toBe(true);
    expect(now.series.every((s) => s.kept === s.actual)).toBe(true);
  });

  it('counts plays recorded at the same time by many requests', async () => {
    const { db } = before;
    const { rows } = await sql<{ id: number }>`
      INSERT INTO series (status) VALUES ('published') RETURNING id`.execute(db);
    const { rows: eps } = await sql<{ id: number }>`
      INSERT INTO episodes (series_id, number, status, media_status) VALUES (${rows[0]!.id}, 1, 'published', 'ready')
      RETURNING id`.execute(db);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        sql`INSERT INTO episode_plays (episode_id, viewer, day) VALUES (${eps[0]!.id}, ${`many-${i % 15}`}, current_date)
          ON CONFLICT DO NOTHING`.execute(db),
      ),
    );
    const { rows: kept } = await sql<{ n: number }>`
      SELECT plays::int AS n FROM series_play_days WHERE series_id = ${rows[0]!.id}`.execute(db);
    expect(kept).toEqual([{ n: 15 }]);
    const now = await counted(db);
    expect(now.days.every((d) => d.kept === d.actual)).toBe(true);
  });
});
