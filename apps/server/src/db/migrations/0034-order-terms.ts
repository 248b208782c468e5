import { sql, type Kysely } from 'kysely';

/**
 * An order keeps what it sells as well as its price: the coins and bonus coins of a coin pack, the
 * days of a membership period, as they were when it was opened. An operator editing a plan changes
 * what later orders sell, never an order already open (or a renewal already made). Orders opened
 * before this have none (null): they settle on their plan's terms, as they always did.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE orders
      ADD COLUMN coins integer CHECK (coins >= 0),
      ADD COLUMN bonus_coins integer CHECK (bonus_coins >= 0),
      ADD COLUMN renewal_days integer CHECK (renewal_days > 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE orders DROP COLUMN coins, DROP COLUMN bonus_coins, DROP COLUMN renewal_days`.execute(db);
}
