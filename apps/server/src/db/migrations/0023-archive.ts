import { sql, type Kysely } from 'kysely';

/**
 * Archiving: a series or an episode can be taken out of the app without deleting it. `archived` is a
 * third status, so every query that lists published items leaves archived ones out without knowing
 * of them; `archived_from` keeps the status it had, so a restore puts it back exactly as it was.
 * Viewers who unlocked an archived episode keep playing it (the access rule reads both statuses).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['series', 'episodes']) {
    await sql`ALTER TABLE ${sql.table(table)} DROP CONSTRAINT ${sql.id(`${table}_status_check`)}`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)}
      ADD CONSTRAINT ${sql.id(`${table}_status_check`)} CHECK (status IN ('draft', 'published', 'archived')),
      ADD COLUMN archived_at timestamptz,
      ADD COLUMN archived_from text CHECK (archived_from IN ('draft', 'published')),
      ADD CONSTRAINT ${sql.id(`${table}_archived_check`)}
        CHECK ((status = 'archived') = (archived_at IS NOT NULL AND archived_from IS NOT NULL))`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['series', 'episodes']) {
    await sql`UPDATE ${sql.table(table)} SET status = archived_from WHERE status = 'archived'`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)}
      DROP CONSTRAINT ${sql.id(`${table}_archived_check`)},
      DROP COLUMN archived_at,
      DROP COLUMN archived_from,
      DROP CONSTRAINT ${sql.id(`${table}_status_check`)},
      ADD CONSTRAINT ${sql.id(`${table}_status_check`)} CHECK (status IN ('draft', 'published'))`.execute(db);
  }
}
