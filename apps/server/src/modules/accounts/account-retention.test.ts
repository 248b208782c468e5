import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, envelope, newGuest, type TestApp } from '../../testing';
import { seedCatalogFixture, type CatalogFixture } from '../../../test/catalog-fixture';
import { appendLedgerEntry } from '../billing/index';
import { purgeUnusedAccounts } from './account-retention';

let t: TestApp;
let f: CatalogFixture;
beforeAll(async () => {
  t = await createTestApp();
  f = await seedCatalogFixture(t.database.db);
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;

const guest = () => newGuest(t);

/** Makes a guest look `days` old and unseen since. */
async function age(id: string, days: number): Promise<void> {
  const then = new Date(Date.now() - days * DAY);
  await t.database.db.updateTable('users').set({ created_at: then }).where('id', '=', id).execute();
  await t.database.db
    .updateTable('sessions')
    .set({ created_at: then, last_seen_at: then })
    .where('user_id', '=', id)
    .execute();
}

const exists = async (id: string) =>
  (await t.database.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

describe('purging unused guests and expired sessions', () => {
  it('deletes guests that own nothing and were not seen for the retention period, and nothing else', async () => {
    const unused = await Promise.all([guest(), guest(), guest()]);
    for (const g of unused) await age(g.id, 40);
    const withList = await guest();
    await t.app.inject({
      method: 'POST',
      url: '/api/user/favorite',
      headers: { 'x-user-token': withList.token },
      payload: { seriesId: f.series.ceo },
    });
    await age(withList.id, 40);
    const withCoins = await guest();
    await t.database.db
      .transaction()
      .execute((trx) =>
        appendLedgerEntry(trx, { userId: withCoins.id, delta: 10, kind: 'grant', key: `retention:${withCoins.id}` }),
      );
    await age(withCoins.id, 40);
    const seenLately = await guest();
    await age(seenLately.id, 40);
    await t.database.db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 2 * DAY) })
      .where('user_id', '=', seenLately.id)
      .execute();
    const young = await guest();
    await age(young.id, 10);
    const account = await guest();
    await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      headers: { 'x-user-token': account.token },
      payload: {
        email: 'kept@example.com',
        password: 'kept account 1',
        confirmPassword: 'kept account 1',
        agree: true,
      },
    });
    await age(account.id, 400);
    const expired = await guest();
    await t.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - DAY) })
      .where('user_id', '=', expired.id)
      .execute();

    const report = await purgeUnusedAccounts(t.database.db, 30);
    expect(report.guests).toBe(3);
    for (const g of unused) expect(await exists(g.id)).toBe(false);
    for (const g of [withList, withCoins, seenLately, young, account, expired]) expect(await exists(g.id)).toBe(true);
    // Still counted as the visitors they were, on the day they arrived (the dashboard adds them).
    const purged = await t.database.db.selectFrom('purged_guests').select(['day', 'n']).execute();
    expect(purged.reduce((sum, r) => sum + r.n, 0)).toBe(3);
    expect(report.sessions).toBeGreaterThanOrEqual(1);
    expect(await t.database.db.selectFrom('sessions').select('id').where('user_id', '=', expired.id).execute()).toEqual(
      [],
    );
    expect(
      envelope(
        await t.app.inject({ method: 'GET', url: '/api/user/favorite', headers: { 'x-user-token': withList.token } }),
      ).code,
    ).toBe(200);
  });

  it('deletes each guest once when several instances purge at the same time', async () => {
    const unused = await Promise.all(Array.from({ length: 30 }, () => guest()));
    for (const g of unused) await age(g.id, 40);
    const reports = await Promise.all([
      purgeUnusedAccounts(t.database.db, 30),
      purgeUnusedAccounts(t.database.db, 30),
      purgeUnusedAccounts(t.database.db, 30),
    ]);
    expect(reports.reduce((sum, r) => sum + r.guests, 0)).toBe(30);
    for (const g of unused) expect(await exists(g.id)).toBe(false);
  });
});
