import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminRewards, RewardsState } from '@episodic/contract';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { caller, createCallers, type Callers } from '../../../test/admin-fixture';

let t: TestApp;
let who: Callers;
let admin: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp();
  who = await createCallers(t);
  admin = caller(t, who.admin);
});
afterAll(() => t.close());

const DEFAULTS = { welcomeCoins: 30, checkInCoins: [5, 5, 10, 10, 15, 15, 30], firstPurchaseCoins: 0 };

const auditOf = (key: string) =>
  t.database.db
    .selectFrom('audit_log')
    .select(['action', 'summary', 'before', 'after'])
    .where('target_id', '=', key)
    .orderBy('id')
    .execute();

describe('the reward amounts form', () => {
  it('reads the amounts viewers are offered: the first-purchase bonus ships off (0)', async () => {
    const { code, data } = await admin.get<AdminRewards>('/api/admin/rewards');
    expect(code).toBe(200);
    expect(data).toMatchObject(DEFAULTS);
    expect(data.updatedAt).toEqual(expect.any(String));
  });

  it('refuses what is not whole coins from 0 to 10,000, field by field, and changes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ welcomeCoins: -1 }, 'welcomeCoins'],
      [{ firstPurchaseCoins: 10_001 }, 'firstPurchaseCoins'],
      [{ firstPurchaseCoins: 2.5 }, 'firstPurchaseCoins'],
      [{ welcomeCoins: '50' }, 'welcomeCoins'],
      [{ checkInCoins: [5, 10_001, 5] }, 'checkInCoins.1'],
      [{ checkInCoins: Array.from({ length: 32 }, () => 5) }, 'checkInCoins'],
    ];
    for (const [change, field] of cases) {
      const res = await admin.put('/api/admin/rewards', { ...DEFAULTS, ...change });
      expect(res.code, JSON.stringify(change)).toBe(422);
      expect(res.fields?.[field], JSON.stringify(res.fields)).toEqual(expect.any(String));
    }
    expect((await admin.get<AdminRewards>('/api/admin/rewards')).data).toMatchObject(DEFAULTS);
    expect(await auditOf('rewards_welcome_coins')).toEqual([]);
  });

  it('saves the amounts: viewers see them at once, each change is in the audit log, a repeat changes nothing', async () => {
    const viewer = caller(t, who.viewer);
    expect((await viewer.get<RewardsState>('/api/rewards')).data.firstPurchase.coins).toBe(0);

    const next = { welcomeCoins: 30, checkInCoins: [10, 20, 40], firstPurchaseCoins: 100 };
    const saved = await admin.put<AdminRewards>('/api/admin/rewards', next);
    expect(saved.code).toBe(200);
    expect(saved.data).toMatchObject(next);

    const seen = (await viewer.get<RewardsState>('/api/rewards')).data;
    expect(seen.firstPurchase.coins).toBe(100);
    expect(seen.checkIn.days).toEqual([10, 20, 40]);

    expect(await auditOf('rewards_first_purchase_coins')).toEqual([
      {
        action: 'setting.update',
        summary: 'Set the first-purchase bonus to 100 (was 0)',
        before: { value: '0' },
        after: { value: '100' },
      },
    ]);
    expect(await auditOf('rewards_checkin_coins')).toHaveLength(1);
    expect(await auditOf('rewards_welcome_coins')).toEqual([]);

    await admin.put('/api/admin/rewards', next);
    expect(await auditOf('rewards_first_purchase_coins')).toHaveLength(1);

    // Off: 0 and an empty check-in table.
    const off = await admin.put<AdminRewards>('/api/admin/rewards', {
      welcomeCoins: 0,
      checkInCoins: [],
      firstPurchaseCoins: 0,
    });
    expect(off.data).toMatchObject({ welcomeCoins: 0, checkInCoins: [], firstPurchaseCoins: 0 });
    expect((await auditOf('rewards_welcome_coins'))[0]!.summary).toBe('Set the welcome coins to off (0) (was 30)');
  });
});
