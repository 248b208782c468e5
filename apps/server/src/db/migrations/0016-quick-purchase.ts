import { sql, type Kysely } from 'kysely';

/**
 * One-tap purchases from the player: the client's request id is kept on the order it opened, unique
 * per buyer, so a double tap, a retry after a dropped connection or twenty parallel requests find
 * the one order (and its one charge) instead of opening another.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE orders ADD COLUMN request_key uuid`.execute(db);
  await sql`CREATE UNIQUE INDEX orders_request_key ON orders (user_id, request_key) WHERE request_key IS NOT NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX orders_request_key`.execute(db);
  await sql`ALTER TABLE orders DROP COLUMN request_key`.execute(db);
}
