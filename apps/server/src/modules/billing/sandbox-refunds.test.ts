import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrder } from '@episodic/contract';
import { createTestApp, testDbKind, type TestApp } from '../../../test/test-app';
import { caller, createCallers } from '../../../test/admin-fixture';
import { billingInstance } from '../../../test/billing-instance';
import { buy, newGuest } from '../../../test/viewer-api';

// The built-in sandbox processor keys refunds as a real processor does: one refund per key, however
// often and however concurrently it is sent.

let t: TestApp;
let admin: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://episodic.test' });
  admin = caller(t, (await createCallers(t)).admin);
});
afterAll(() => t.close());

/** A paid coin order (899) and its charge at the sandbox. */
async function paidOrder() {
  const guest = await newGuest(t);
  const { orderId, result } = await buy(t, guest.token, 'coins-1000');
  expect(result.data.status).toBe('paid');
  const order = await t.database.db
    .selectFrom('orders')
    .select(['provider_ref', 'amount'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  return { orderId, chargeId: order.provider_ref!, amount: order.amount };
}

const refundedAt = async (chargeId: string) =>
  (
    await t.database.db
      .selectFrom('sandbox_charges')
      .select('refunded_amount')
      .where('id', '=', chargeId)
      .executeTakeFirstOrThrow()
  ).refunded_amount;

describe(`sandbox refunds (${testDbKind})`, () => {
  it('refunds once for one key sent several times at once, and again for another key', async () => {
    const { sandbox } = billingInstance(t);
    const { chargeId } = await paidOrder();
    const key = `refund:${randomUUID()}`;
    const answers = await Promise.allSettled([1, 2, 3, 4].map(() => sandbox.refund(chargeId, 300, 'USD', key)));
    expect(answers.map((a) => a.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect(await refundedAt(chargeId)).toBe(300);
    await sandbox.refund(chargeId, 300, 'USD', key);
    expect(await refundedAt(chargeId)).toBe(300);

    await sandbox.refund(chargeId, 300, 'USD', `refund:${randomUUID()}`);
    expect(await refundedAt(chargeId)).toBe(600);
  });

  it('refuses a key used for another amount, and a refund larger than what is left', async () => {
    const { sandbox } = billingInstance(t);
    const { chargeId } = await paidOrder();
    const key = `refund:${randomUUID()}`;
    await sandbox.refund(chargeId, 500, 'USD', key);
    await expect(sandbox.refund(chargeId, 400, 'USD', key)).rejects.toThrow(/another refund/);
    await expect(sandbox.refund(chargeId, 400, 'USD', `refund:${randomUUID()}`)).rejects.toThrow(/more than is left/);
    expect(await refundedAt(chargeId)).toBe(500);
    // A refused key was not used up: the same key for what is left is made.
    await sandbox.refund(chargeId, 399, 'USD', `refund:${randomUUID()}`);
    expect(await refundedAt(chargeId)).toBe(899);
  });

  it('does not refund twice when a console refund left behind by a crash is asked again', async () => {
    const { sandbox } = billingInstance(t);
    const { orderId, chargeId } = await paidOrder();
    const requestId = randomUUID();
    // The first asker claimed the refund and the processor made it; then the server stopped before
    // recording the answer, so the claim is still "processing" past its lease.
    const claim = await t.database.db
      .insertInto('refunds')
      .values({
        order_id: orderId,
        amount: 300,
        status: 'processing',
        reason: 'Customer asked',
        actor_id: (
          await t.database.db.selectFrom('users').select('id').where('role', '=', 'admin').executeTakeFirstOrThrow()
        ).id,
        request_id: requestId,
        updated_at: new Date(Date.now() - 3_600_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sandbox.refund(chargeId, 300, 'USD', `refund:${orderId}:${String(claim.id)}`);

    const again = await admin.post<AdminOrder>(`/api/admin/orders/${orderId}/refund`, {
      reason: 'Customer asked',
      amount: 300,
      requestId,
    });
    expect(again.code).toBe(200);
    expect(again.data.refundedAmount).toBe(300);
    expect(await refundedAt(chargeId)).toBe(300);
  });
});
