import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';

type Executor = Kysely<DB> | Transaction<DB>;

/** The user's Customer id at Stripe, if one was made. */
export async function findStripeCustomer(db: Executor, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('stripe_customers')
    .select('customer_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.customer_id ?? null;
}

/** Keeps the user's Customer id; when one was kept meanwhile, that one stays and is answered. */
export async function saveStripeCustomer(db: Executor, userId: string, customerId: string): Promise<string> {
  await db
    .insertInto('stripe_customers')
    .values({ user_id: userId, customer_id: customerId })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  return (await findStripeCustomer(db, userId)) ?? customerId;
}
