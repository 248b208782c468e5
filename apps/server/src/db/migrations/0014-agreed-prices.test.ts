import { Migrator, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-app';
import type { Database } from '../connection';
import { migrationProvider } from './index';

// A database as it stood before memberships kept their agreed terms, with members on the seeded plans.
let database: Database;
let db: Kysely<unknown>;
const migrator = () =>
  new Migrator({
    db,
    provider: migrationProvider,
    migrationTableName: 'schema_migrations',
    migrationLockTableName: 'schema_migrations_lock',
  });

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db as unknown as Kysely<unknown>;
  const back = await migrator().migrateTo('0013-operator-sessions');
  expect(back.error).toBeUndefined();
});
afterAll(() => database.close());

async function member(email: string, planId: string): Promise<string> {
  const { rows } = await sql<{
    id: string;
  }>`INSERT INTO users (email, is_guest) VALUES (${email}, false) RETURNING id`.execute(db);
  const id = rows[0]!.id;
  await sql`INSERT INTO memberships (user_id, plan_id, status, current_period_start, current_period_end)
    VALUES (${id}, ${planId}, 'active', now(), now() + interval '30 days')`.execute(db);
  return id;
}

describe('migration 0014-agreed-prices', () => {
  it('gives existing memberships their plan’s current terms, which they were renewing at', async () => {
    const monthly = await member('monthly@example.com', 'monthly');
    const yearly = await member('yearly@example.com', 'yearly');
    await migrator().migrateToLatest();
    const { rows } = await sql<{
      user_id: string;
      renewal_price: number;
      renewal_currency: string;
      renewal_days: number;
    }>`SELECT user_id, renewal_price, renewal_currency, renewal_days FROM memberships`.execute(db);
    const terms = new Map(rows.map((r) => [r.user_id, r]));
    expect(terms.get(monthly)).toMatchObject({ renewal_price: 1499, renewal_currency: 'USD', renewal_days: 30 });
    expect(terms.get(yearly)).toMatchObject({ renewal_price: 9999, renewal_currency: 'USD', renewal_days: 365 });
  });
});
