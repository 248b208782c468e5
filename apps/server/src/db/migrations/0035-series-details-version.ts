import { sql, type Kysely } from 'kysely';

/**
 * A series counts the saves of the fields the console's details form writes (texts, accent color,
 * series price, tags): the form sends the count it read back with its save, and a save whose count is
 * no longer the series' is refused (another operator saved meanwhile). Other writes to the series
 * (artwork, episodes, status, archiving) leave it alone, so they never stand in the form's way;
 * `updated_at` keeps dating every change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE series ADD COLUMN details_version integer NOT NULL DEFAULT 1 CHECK (details_version >= 1)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE series DROP COLUMN details_version`.execute(db);
}
