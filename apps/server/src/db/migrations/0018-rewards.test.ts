import { randomUUID } from 'node:crypto';
import { Migrator, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-app';
import type { Database } from '../connection';
import { migrationProvider } from './index';

// A database as it stood before bought and bonus coins were kept apart, holding a ledger to split.
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
  const back = await migrator().migrateTo('0017-stripe-customers');
  expect(back.error).toBeUndefined();
});
afterAll(() => database.close());

describe('migration 0018-rewards', () => {
  it('gives every existing line and balance its bonus part, replaying the ledger with bonus coins spent first', async () => {
    const { rows } = await sql<{ id: string }>`
      INSERT INTO users (email, is_guest) VALUES (${`split-${randomUUID()}@example.com`}, false) RETURNING id`.execute(
      db,
    );
    const user = rows[0]!.id;
    const order = randomUUID();
    const lines: [number, string][] = [
      [100, 'purchase'],
      [20, 'bonus'],
      [-50, 'spend'],
      [10, 'grant'],
      [-30, 'refund'],
    ];
    for (const [i, [delta, kind]] of lines.entries())
      await sql`INSERT INTO coin_ledger (user_id, delta, kind, idempotency_key, order_id)
        VALUES (${user}::uuid, ${delta}, ${kind}, ${`k-${user}-${String(i)}`}, ${kind === 'spend' || kind === 'grant' ? null : order}::uuid)`.execute(
        db,
      );
    await sql`INSERT INTO coin_balances (user_id, balance) VALUES (${user}::uuid, 50)`.execute(db);

    expect((await migrator().migrateToLatest()).error).toBeUndefined();

    const split = await sql<{ delta: number; bonus_delta: number }>`
      SELECT delta, bonus_delta FROM coin_ledger WHERE user_id = ${user}::uuid ORDER BY id`.execute(db);
    // The spend took the 20 bonus coins first; the refund takes back up to the order's 20 bonus coins
    // from the bonus coins held (the operator's 10), the rest from bought coins — as refunds do now.
    expect(split.rows.map((r) => [r.delta, r.bonus_delta])).toEqual([
      [100, 0],
      [20, 20],
      [-50, -20],
      [10, 10],
      [-30, -10],
    ]);
    const balance = await sql<{ balance: number; bonus: number }>`
      SELECT balance, bonus FROM coin_balances WHERE user_id = ${user}::uuid`.execute(db);
    expect(balance.rows[0]).toEqual({ balance: 50, bonus: 0 });
    await expect(
      sql`UPDATE coin_ledger SET bonus_delta = 0 WHERE user_id = ${user}::uuid AND kind = 'grant'`.execute(db),
    ).rejects.toThrow(/append-only/);
  });
});
