import { sql, type Kysely } from 'kysely';

/**
 * A price holds: a membership renews at the terms its member agreed to when paying, not at whatever
 * its plan costs today. The agreement is the price, the currency and the period length together
 * (a price is "per N days": keeping 4.99 while the plan went from 30 to 7 days would not be the same
 * deal). Each paid purchase sets them from its order; renewals only read them. Existing memberships
 * take their plan's current terms, which is what they were renewing at until now.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE memberships
    ADD COLUMN renewal_price integer CHECK (renewal_price >= 0),
    ADD COLUMN renewal_currency text,
    ADD COLUMN renewal_days integer CHECK (renewal_days > 0)`.execute(db);
  await sql`UPDATE memberships m
    SET renewal_price = p.price, renewal_currency = p.currency, renewal_days = COALESCE(p.renewal_days, 30)
    FROM plans p WHERE p.id = m.plan_id`.execute(db);
  await sql`ALTER TABLE memberships
    ALTER COLUMN renewal_price SET NOT NULL,
    ALTER COLUMN renewal_currency SET NOT NULL,
    ALTER COLUMN renewal_days SET NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE memberships DROP COLUMN renewal_price, DROP COLUMN renewal_currency, DROP COLUMN renewal_days`.execute(
    db,
  );
}
