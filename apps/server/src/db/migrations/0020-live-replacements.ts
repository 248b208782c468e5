import { sql, type Kysely } from 'kysely';

/**
 * An episode whose replacement video failed was marked `failed` and left the catalog though its
 * published media was still stored; such episodes are `ready` again, their failure kept as their
 * media_error in plain words. And two partial indexes for the dashboard: the accounts that are
 * not audience (operators, disabled accounts: a handful of rows) and the refunds made, by date.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Failures kept in the old words (the upload's id, the tool's name) are said again with the file's name.
  await sql`
    UPDATE episodes e SET updated_at = now(),
      media_status = CASE WHEN EXISTS (SELECT 1 FROM episode_media m WHERE m.episode_id = e.id) THEN 'ready' ELSE e.media_status END,
      media_error = CASE WHEN e.media_status = 'failed' THEN
        COALESCE((SELECT '“' || j.file_name || '”' FROM media_jobs j WHERE j.episode_id = e.id AND j.file_name <> ''
          ORDER BY j.id DESC LIMIT 1), 'The video') || ' could not be used. Upload it again.'
      END
    WHERE e.media_status = 'failed'
      OR (e.media_status = 'processing' AND EXISTS (SELECT 1 FROM episode_media m WHERE m.episode_id = e.id))`.execute(
    db,
  );
  await sql`CREATE INDEX users_not_viewers_idx ON users (id) WHERE role <> 'viewer' OR disabled_at IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX refunds_completed_idx ON refunds (completed_at) WHERE status = 'succeeded'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX refunds_completed_idx, users_not_viewers_idx`.execute(db);
}
