import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseAfter } from './migration-test-db';

// A database as it stood before memberships kept their agreed terms, with members on the seeded plans.
const t = databaseAfter('0013-operator-sessions');

async function member(email: string, planId: string): Promise<string> {
  const { rows } = await sql<{
    id: string;
  }>`INSERT INTO users (email, is_guest) VALUES (${email}, false) RETURNING id`.execute(t.db);
  const id = rows[0]!.id;
  await sql`INSERT INTO memberships (user_id, plan_id, status, current_period_start, current_period_end)
    VALUES (${id}, ${planId}, 'active', now(), now() + interval '30 days')`.execute(t.db);
  return id;
}

describe('migration 0014-agreed-prices', () => {
  it('gives existing memberships their plan’s current terms, which they were renewing at', async () => {
    const monthly = await member('monthly@example.com', 'monthly');
    const yearly = await member('yearly@example.com', 'yearly');
    await t.migrateToLatest();
    const { rows } = await sql<{
      user_id: string;
      renewal_price: number;
      renewal_currency: string;
      renewal_days: number;
    }>`SELECT user_id, renewal_price, renewal_currency, renewal_days FROM memberships`.execute(t.db);
    const terms = new Map(rows.map((r) => [r.user_id, r]));
    expect(terms.get(monthly)).toMatchObject({ renewal_price: 1499, renewal_currency: 'USD', renewal_days: 30 });
    expect(terms.get(yearly)).toMatchObject({ renewal_price: 9999, renewal_currency: 'USD', renewal_days: 365 });
  });
});
