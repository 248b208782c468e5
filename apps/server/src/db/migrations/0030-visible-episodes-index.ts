import { sql, type Kysely } from 'kysely';

/**
 * A series card counts its visible episodes and the free ones among them, and a series is shown only
 * with one visible episode: read from this index alone instead of each episode's row (60 per series
 * at the large size; docs/QUERIES.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX episodes_visible_idx ON episodes (series_id) INCLUDE (free)
    WHERE status = 'published' AND media_status = 'ready'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX episodes_visible_idx`.execute(db);
}
