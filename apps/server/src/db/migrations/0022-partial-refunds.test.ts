import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseAfter } from './migration-test-db';

// A database as it stood with one refund per order (taken back there by this migration's `down`).
const before = databaseAfter('0021-refund-rewards');

describe('migration 0022-partial-refunds', () => {
  it('keeps the refunds made, gives each an id, lets an order have more, and counts a refunded sandbox charge as given back', async () => {
    const { db } = before;
    const { rows: users } = await sql<{ id: string }>`
      INSERT INTO users (email, is_guest) VALUES ('buyer@example.com', false) RETURNING id`.execute(db);
    const userId = users[0]!.id;
    const { rows: orders } = await sql<{ id: string }>`
      INSERT INTO orders (user_id, plan_id, amount, currency, status, provider, provider_ref)
      VALUES (${userId}::uuid, 'coins-1000', 899, 'USD', 'refunded', 'sandbox', 'ch_1') RETURNING id`.execute(db);
    const orderId = orders[0]!.id;
    await sql`INSERT INTO refunds (order_id, amount, status, reason) VALUES (${orderId}::uuid, 899, 'succeeded', 'Asked')`.execute(
      db,
    );
    await sql`INSERT INTO sandbox_charges (id, idempotency_key, amount, currency, status, return_url)
      VALUES ('ch_1', 'k1', 899, 'USD', 'refunded', 'http://x')`.execute(db);

    await before.migrateToLatest();

    const { rows: refunds } = await sql<{ id: string; amount: number; unlocks_revoked: number }>`
      SELECT id::text AS id, amount, unlocks_revoked FROM refunds WHERE order_id = ${orderId}::uuid`.execute(db);
    expect(refunds).toEqual([{ id: expect.any(String), amount: 899, unlocks_revoked: 0 }]);
    await sql`INSERT INTO refunds (order_id, amount, status, reason) VALUES (${orderId}::uuid, 1, 'failed', 'Again')`.execute(
      db,
    );
    const { rows: charge } = await sql<{ refunded_amount: number }>`
      SELECT refunded_amount FROM sandbox_charges WHERE id = 'ch_1'`.execute(db);
    expect(charge[0]!.refunded_amount).toBe(899);
  });
});
