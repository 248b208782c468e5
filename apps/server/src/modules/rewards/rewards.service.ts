import type { Kysely, Transaction } from 'kysely';
import { CHECK_IN_TIME_ZONE, type RewardsState, type WalletLine, type WalletPage } from '@episodic/contract';
import type { DB, Language } from '../../db/schema';
import type { PaidOrder } from '../../events';
import { AppError, conflict, loginRequired } from '../../http/errors';
import { appendLedgerEntry, coinBalances, lockCoins } from '../billing/index';
import * as repo from './rewards.repository';
import {
  checkInCoins,
  emailSubject,
  rewardAmounts,
  rewardKey,
  rewardOfKey,
  utcDay,
  type RewardAmounts,
} from './reward-rules';

export interface RewardsDeps {
  db: Kysely<DB>;
  /** The configuration list (operators set the amounts on the console's Settings page). */
  config: () => Promise<{ list: ConfigEntries }>;
  /** The same list as a transaction sees it (the first-purchase bonus is decided inside the payment's). */
  configIn: (trx: Transaction<DB>) => Promise<{ list: ConfigEntries }>;
}

type ConfigEntries = { config_key: string; config_value: string }[];

const notVerified = () => new AppError(403, 'Verify your email to collect rewards.', 'email_not_verified');

/**
 * Welcome coins, the daily check-in and the first-purchase bonus, all paid as bonus coins in the
 * ledger (so each is once per key, whatever the retries). Welcome coins and check-ins go to accounts
 * with a verified email only: a new guest is a new cookie, free and endless, while a verified address
 * costs a real mailbox and is remembered (hashed) after the account is deleted. See docs/SECURITY.md.
 */
export function createRewardsService({ db, config, configIn }: RewardsDeps) {
  const amounts = async (): Promise<RewardAmounts> => rewardAmounts((await config()).list);

  /** The user when rewards may go to them; why not otherwise. */
  async function rewardee(userId: string) {
    const row = await repo.findRewardee(db, userId);
    if (!row || row.is_guest || !row.email) return { ok: false as const, guest: true };
    if (!row.email_verified_at) return { ok: false as const, guest: false };
    return { ok: true as const, email: row.email };
  }

  async function state(userId: string, now = new Date()): Promise<RewardsState> {
    const today = utcDay(now);
    const [money, who, table] = await Promise.all([coinBalances(db, userId), rewardee(userId), amounts()]);
    const subjects = [`user:${userId}`, ...(who.ok ? [emailSubject(who.email)] : [])];
    const [claimed, around] = await Promise.all([
      repo.claimedKinds(db, subjects),
      repo.checkInsAround(db, userId, today),
    ]);
    const todays = around.find((r) => r.day === today);
    const yesterdays = around.find((r) => r.day !== today);
    return {
      eligible: who.ok,
      today,
      timeZone: CHECK_IN_TIME_ZONE,
      welcome: { coins: table.welcome, claimed: claimed.includes('welcome') },
      checkIn: {
        days: table.checkIn,
        streak: todays?.streak ?? yesterdays?.streak ?? 0,
        claimedToday: todays !== undefined,
        todayCoins: todays?.coins ?? checkInCoins(table.checkIn, (yesterdays?.streak ?? 0) + 1),
      },
      firstPurchase: { coins: table.firstPurchase, claimed: claimed.includes('first_purchase') },
      wallet: { coins: money.balance, paidCoins: money.balance - money.bonus, bonusCoins: money.bonus },
    };
  }

  async function eligibleEmail(userId: string): Promise<string> {
    const who = await rewardee(userId);
    if (!who.ok)
      throw who.guest ? loginRequired('login_required', 'Create an account to collect rewards.') : notVerified();
    return who.email;
  }

  /** Gives the welcome coins once per person (per verified address, even across deleted accounts). */
  async function claimWelcome(userId: string): Promise<RewardsState> {
    const email = await eligibleEmail(userId);
    const { welcome } = await amounts();
    if (welcome === 0) throw conflict('not_allowed_now', 'There are no welcome coins to collect now.');
    await db.transaction().execute(async (trx) => {
      // Concurrent claims meet on the claim's key: one inserts, the others find it taken. Both the
      // account and its address must be new to it (a changed address does not make a new person).
      for (const subject of [`user:${userId}`, emailSubject(email)])
        if (!(await repo.insertClaim(trx, { kind: 'welcome', subject, userId }))) return;
      await appendLedgerEntry(trx, {
        userId,
        delta: welcome,
        kind: 'reward',
        key: rewardKey('welcome', userId),
        reason: 'welcome coins',
      });
    });
    return state(userId);
  }

  /** Today's check-in, once a day: the streak grows on consecutive days and starts again after a missed one. */
  async function checkIn(userId: string, now = new Date()): Promise<RewardsState> {
    await eligibleEmail(userId);
    const table = (await amounts()).checkIn;
    if (!table.some((n) => n > 0)) throw conflict('not_allowed_now', 'There is no daily check-in now.');
    const day = utcDay(now);
    await db.transaction().execute(async (trx) => {
      const yesterday = (await repo.checkInsAround(trx, userId, day)).find((r) => r.day !== day);
      const streak = (yesterday?.streak ?? 0) + 1;
      const coins = checkInCoins(table, streak);
      // The day's row is the claim: a second claim the same day (or a concurrent one) inserts nothing.
      if (!(await repo.insertCheckIn(trx, { userId, day, streak, coins }))) return;
      if (coins > 0)
        await appendLedgerEntry(trx, {
          userId,
          delta: coins,
          kind: 'reward',
          key: rewardKey('check_in', userId, day),
          reason: `streak day ${streak}`,
        });
    });
    return state(userId, now);
  }

  /**
   * The first-purchase bonus, in the transaction that settles the order and grants what it bought: the
   * bonus stands or falls with the payment. Once per user and per buyer address: the first paid order
   * gets it; concurrent settlements of two orders meet on the buyer's row (locked by the settlement)
   * and on the claim's key, and a settlement retried (a webhook sent again) finds the order paid.
   */
  async function firstPurchase(trx: Transaction<DB>, order: PaidOrder): Promise<void> {
    if (order.purpose !== 'purchase') return;
    const { firstPurchase: coins } = rewardAmounts((await configIn(trx)).list);
    if (coins === 0) return;
    if (await repo.hasEarlierPaidOrder(trx, order.userId, order.id)) return;
    const who = await repo.findRewardee(trx, order.userId);
    const email = who?.email ?? (await repo.orderBuyerEmail(trx, order.id));
    const subjects = [`user:${order.userId}`, ...(email ? [emailSubject(email)] : [])];
    // The balance before the claim, as the coins a settlement grants take it: a coin order's settlement
    // holds the balance when it reaches its claim, so a membership's must not hold the claim first.
    await lockCoins(trx, order.userId);
    for (const subject of subjects)
      if (!(await repo.insertClaim(trx, { kind: 'first_purchase', subject, userId: order.userId }))) return;
    await appendLedgerEntry(trx, {
      userId: order.userId,
      delta: coins,
      kind: 'reward',
      key: rewardKey('first_purchase', order.userId),
      orderId: order.id,
      reason: 'first purchase bonus',
    });
  }

  /** The two balances and a page of every coin movement, newest first. */
  async function wallet(userId: string, lang: Language, page: number, pageSize: number): Promise<WalletPage> {
    const [money, rows] = await Promise.all([
      coinBalances(db, userId),
      repo.walletLines(db, userId, lang, pageSize + 1, (page - 1) * pageSize),
    ]);
    return {
      balances: { coins: money.balance, paidCoins: money.balance - money.bonus, bonusCoins: money.bonus },
      items: rows.slice(0, pageSize).map(lineDto),
      page,
      pageSize,
      hasMore: rows.length > pageSize,
    };
  }

  return { state, claimWelcome, checkIn, firstPurchase, wallet };
}

function lineDto(r: repo.WalletRow): WalletLine {
  // A reward's line, or the line that took a reward back with its order's refund (its key + `:refund`).
  const reward = r.kind === 'reward' || r.kind === 'refund' ? rewardOfKey(r.idempotency_key) : null;
  const streak = reward === 'check_in' ? /streak day (\d+)/.exec(r.reason ?? '')?.[1] : undefined;
  return {
    id: Number(r.id),
    kind: r.kind as WalletLine['kind'],
    delta: r.delta,
    bonusDelta: r.bonus_delta,
    at: new Date(r.created_at).toISOString(),
    reward,
    streakDay: streak ? Number(streak) : null,
    planName: r.plan_name,
    seriesId: r.series_id,
    seriesTitle: r.series_title,
    episodeNumber: r.episode_number,
  };
}

export type RewardsService = ReturnType<typeof createRewardsService>;
