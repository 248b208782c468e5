import { sql, type Kysely } from 'kysely';

/**
 * A guest's purchase is never orphaned: an order keeps the email its buyer gave (`buyer_email`, where
 * its receipt goes; unverified, so it proves nothing and several guests may give the same one), and a
 * password link may carry the address it was mailed to (`email`): opening that mail is what proves
 * the address, so using such a link may attach it to the guest who bought with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE orders ADD COLUMN buyer_email text CHECK (buyer_email = lower(buyer_email) AND length(buyer_email) <= 254)`.execute(
    db,
  );
  await sql`CREATE INDEX orders_buyer_email_idx ON orders (buyer_email) WHERE buyer_email IS NOT NULL`.execute(db);
  await sql`ALTER TABLE password_resets ADD COLUMN email text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE password_resets DROP COLUMN email`.execute(db);
  await sql`DROP INDEX orders_buyer_email_idx`.execute(db);
  await sql`ALTER TABLE orders DROP COLUMN buyer_email`.execute(db);
}
