import { REWARD_CONFIG_KEYS, REWARD_LIMITS, type AdminRewards, type AdminRewardsInput } from '@episodic/contract';
import { rewardAmounts } from '../rewards/index';
import type { AdminDeps } from './admin-deps';
import { writeAudit, type Operator } from './audit';
import { FieldCheck } from './input-rules';
import { configEntries, lockConfigEntry, upsertConfigEntry } from './settings.repository';

const KEYS = Object.values(REWARD_CONFIG_KEYS) as string[];

/** What each amount is called in the audit log. */
const NAMES: Record<string, string> = {
  [REWARD_CONFIG_KEYS.welcome]: 'welcome coins',
  [REWARD_CONFIG_KEYS.checkIn]: 'daily check-in coins',
  [REWARD_CONFIG_KEYS.firstPurchase]: 'first-purchase bonus',
};

const fits = (n: number) => Number.isInteger(n) && n >= 0 && n <= REWARD_LIMITS.maxCoins;
const TOO_MANY = `Whole coins from 0 (off) to ${REWARD_LIMITS.maxCoins.toLocaleString('en')}.`;

/** The server's own check of the amounts (the route's schema checks them too; a service may be called without it). */
function checkAmounts(input: AdminRewardsInput): void {
  const check = new FieldCheck();
  if (!fits(input.welcomeCoins)) check.add('welcomeCoins', 'too_large', TOO_MANY);
  if (!fits(input.firstPurchaseCoins)) check.add('firstPurchaseCoins', 'too_large', TOO_MANY);
  if (input.checkInCoins.length > REWARD_LIMITS.maxCheckInDays)
    check.add('checkInCoins', 'too_long', `At most ${REWARD_LIMITS.maxCheckInDays} days.`);
  input.checkInCoins.forEach((n, day) => {
    if (!fits(n)) check.add(`checkInCoins.${day}`, 'too_large', TOO_MANY);
  });
  check.check();
}

/**
 * The reward amounts as one form: read from, and written to, the configuration keys the rewards
 * module reads (REWARD_CONFIG_KEYS), in one transaction with an audit entry per amount changed.
 */
export function createAdminRewardsService(deps: Pick<AdminDeps, 'db' | 'invalidateSettings'>) {
  const { db } = deps;

  async function amounts(): Promise<AdminRewards> {
    const rows = (await configEntries(db)).filter((r) => KEYS.includes(r.config_key));
    const now = rewardAmounts(rows);
    const changed = rows.map((r) => r.updated_at.getTime());
    return {
      welcomeCoins: now.welcome,
      checkInCoins: now.checkIn,
      firstPurchaseCoins: now.firstPurchase,
      updatedAt: changed.length ? new Date(Math.max(...changed)).toISOString() : null,
    };
  }

  /** Sets the amounts; viewers see them at their next look (the settings cache is cleared everywhere). */
  async function setAmounts(operator: Operator, input: AdminRewardsInput): Promise<AdminRewards> {
    checkAmounts(input);
    const values: Record<string, string> = {
      [REWARD_CONFIG_KEYS.welcome]: String(input.welcomeCoins),
      [REWARD_CONFIG_KEYS.checkIn]: input.checkInCoins.join(','),
      [REWARD_CONFIG_KEYS.firstPurchase]: String(input.firstPurchaseCoins),
    };
    await db.transaction().execute(async (trx) => {
      for (const key of KEYS) {
        const before = await lockConfigEntry(trx, key);
        const value = values[key]!;
        if (before?.config_value === value) continue;
        await upsertConfigEntry(trx, key, value);
        await writeAudit(trx, operator, {
          action: before ? 'setting.update' : 'setting.create',
          targetType: 'setting',
          targetId: key,
          summary: `Set the ${NAMES[key]!} to ${value === '' || value === '0' ? 'off (0)' : value}${before ? ` (was ${before.config_value || 'empty'})` : ''}`,
          before: before ? { value: before.config_value } : null,
          after: { value },
        });
      }
    });
    await deps.invalidateSettings();
    return amounts();
  }

  return { amounts, setAmounts };
}

export type AdminRewardsService = ReturnType<typeof createAdminRewardsService>;
