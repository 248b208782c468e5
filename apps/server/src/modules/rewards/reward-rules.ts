import { createHash } from 'node:crypto';
import { REWARD_CONFIG_KEYS, REWARD_LIMITS, type RewardKind } from '@episodic/contract';

/** The most coins one reward may give, and the days a check-in table may list. */
export const { maxCoins: MAX_REWARD_COINS, maxCheckInDays: MAX_CHECK_IN_DAYS } = REWARD_LIMITS;

export interface RewardAmounts {
  welcome: number;
  checkIn: number[];
  firstPurchase: number;
}

const whole = (text: string | undefined): number => {
  const n = Number((text ?? '').trim());
  return Number.isInteger(n) && n >= 0 && n <= MAX_REWARD_COINS ? n : 0;
};

/** Reads the amounts from the configuration list; a missing or unreadable value is 0 (off). */
export function rewardAmounts(list: readonly { config_key: string; config_value: string }[]): RewardAmounts {
  const value = (key: string) => list.find((e) => e.config_key === key)?.config_value;
  const days = (value(REWARD_CONFIG_KEYS.checkIn) ?? '').trim();
  return {
    welcome: whole(value(REWARD_CONFIG_KEYS.welcome)),
    checkIn: days ? days.split(',').slice(0, MAX_CHECK_IN_DAYS).map(whole) : [],
    firstPurchase: whole(value(REWARD_CONFIG_KEYS.firstPurchase)),
  };
}

/** What streak day `day` (from 1) gives: its entry in the table, or the table's last after its end. */
export function checkInCoins(table: readonly number[], day: number): number {
  if (table.length === 0) return 0;
  return table[Math.min(day, table.length) - 1] ?? 0;
}

/** Why a console value for a reward key is refused, or null when it is fine. */
export function rewardValueProblem(key: string, value: string): string | null {
  const fits = (part: string) => /^\d+$/.test(part) && Number(part) <= MAX_REWARD_COINS;
  if (key === REWARD_CONFIG_KEYS.checkIn) {
    if (value === '') return null;
    const parts = value.split(',').map((p) => p.trim());
    if (parts.length > MAX_CHECK_IN_DAYS || !parts.every(fits))
      return `List up to ${MAX_CHECK_IN_DAYS} whole numbers of coins (0 to ${MAX_REWARD_COINS}), one per streak day, separated by commas: 5,5,10,10,15,15,30.`;
    return null;
  }
  if (value !== '' && !fits(value)) return `A whole number of coins from 0 (off) to ${MAX_REWARD_COINS}.`;
  return null;
}

/** The calendar day of `now` in the check-in's time zone (UTC), as YYYY-MM-DD. */
export const utcDay = (now: Date): string => now.toISOString().slice(0, 10);

/**
 * The person behind an email, for once-only rewards: a hash, so the record that outlives a deleted
 * account does not keep the address itself.
 */
export const emailSubject = (email: string): string =>
  `email:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`;

/** The ledger key of a reward: one line per user and reward (per day for check-ins). */
export const rewardKey = (kind: RewardKind, userId: string, day?: string): string =>
  `reward:${kind}:${userId}${day ? `:${day}` : ''}`;

/** Which reward a ledger key is. */
export function rewardOfKey(key: string): RewardKind | null {
  const kind = /^reward:([a-z_]+):/.exec(key)?.[1];
  return kind === 'welcome' || kind === 'check_in' || kind === 'first_purchase' ? kind : null;
}
