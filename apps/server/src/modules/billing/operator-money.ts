import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { appendLedgerEntry, lockLedgerOwner } from './coin-ledger';
import { coinsCreditedBy, lockExistingBalance, rewardsCreditedBy, type Balances } from './coin-ledger.repository';
import { planTerms } from './billing.repository';
import { insertMembership, lockMembership, updateMembership } from './memberships.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Gives a user membership time without a payment (an operator's grant): an active membership is
 * extended and keeps its plan, renewal and agreed price; otherwise a new period starts now on
 * `planId`, without auto-renewal (there is no card to charge), its terms the plan's of today (shown
 * only: it renews only after a purchase, which sets its own). Runs in the caller's transaction.
 */
export async function grantMembershipTime(
  trx: Transaction<DB>,
  input: { userId: string; planId: string; days: number; now?: Date },
): Promise<{ endsAt: Date; before: { status: string; endsAt: Date } | null }> {
  const now = input.now ?? new Date();
  const current = await lockMembership(trx, input.userId);
  const before = current ? { status: current.status, endsAt: current.current_period_end } : null;
  if (current && current.status === 'active' && current.current_period_end > now) {
    const endsAt = new Date(current.current_period_end.getTime() + input.days * DAY_MS);
    await updateMembership(trx, input.userId, { current_period_end: endsAt, updated_at: now });
    return { endsAt, before };
  }
  const endsAt = new Date(now.getTime() + input.days * DAY_MS);
  const plan = await planTerms(trx, input.planId);
  const values = {
    plan_id: input.planId,
    renewal_price: plan.price,
    renewal_currency: plan.currency,
    renewal_days: plan.renewal_days ?? input.days,
    status: 'active' as const,
    current_period_start: now,
    current_period_end: endsAt,
    auto_renew: false,
    renewal_attempts: 0,
    next_attempt_at: null,
    cancelled_at: null,
    updated_at: now,
  };
  if (current) await updateMembership(trx, input.userId, values);
  else await insertMembership(trx, { user_id: input.userId, payment_method_id: null, ...values });
  return { endsAt, before };
}

export interface Reversal {
  coinsReversed: number;
  /** Coins the order gave that were already spent: they cannot be taken back. */
  coinsShort: number;
  /** Reward coins that came with the order (the first-purchase bonus), taken back with it. */
  rewardCoinsReversed: number;
  /** Reward coins of the order already spent: not taken back (no balance goes below zero). */
  rewardCoinsShort: number;
  /** The membership's end after the reversal (null when the order bought coins, or there is no membership). */
  membershipEndsAt: Date | null;
}

export const NOTHING_REVERSED: Reversal = {
  coinsReversed: 0,
  coinsShort: 0,
  rewardCoinsReversed: 0,
  rewardCoinsShort: 0,
  membershipEndsAt: null,
};

/** Which part of the order's price a refund gives back: what refunds gave before it, and after it. */
export interface RefundShare {
  refundId: string;
  orderAmount: number;
  before: number;
  after: number;
}

/**
 * A refund takes back the order's coins in proportion to the money it gives back: the share of
 * `total` between what was refunded before and after it (rounded down, so the refund that completes
 * the order takes back the rest).
 */
export function portionOf(total: number, share: Pick<RefundShare, 'orderAmount' | 'before' | 'after'>): number {
  const upTo = (refunded: number) =>
    refunded >= share.orderAmount ? total : Math.floor((total * refunded) / share.orderAmount);
  return upTo(share.after) - upTo(share.before);
}

/**
 * What a refund takes back of an order's coins: its share of the bought coins from the bought
 * balance, of the pack's bonus and then of each reward it brought (the first-purchase bonus) from the
 * bonus balance; neither bucket goes below zero, what is missing was spent (`short`).
 */
export function coinsToTakeBack(
  credited: Balances,
  rewards: readonly { delta: number }[],
  held: Balances,
  share: Pick<RefundShare, 'orderAmount' | 'before' | 'after'>,
) {
  const paidTarget = portionOf(credited.balance - credited.bonus, share);
  const bonusTarget = portionOf(credited.bonus, share);
  const fromPaid = Math.min(paidTarget, held.balance - held.bonus);
  const fromBonus = Math.min(bonusTarget, held.bonus);
  let bonusLeft = held.bonus - fromBonus;
  let rewardShort = 0;
  const fromRewards = rewards.map((reward) => {
    const target = portionOf(reward.delta, share);
    const take = Math.min(target, bonusLeft);
    bonusLeft -= take;
    rewardShort += target - take;
    return take;
  });
  return {
    fromPaid,
    fromBonus,
    fromRewards,
    fromReward: fromRewards.reduce((sum, n) => sum + n, 0),
    coinsShort: paidTarget + bonusTarget - fromPaid - fromBonus,
    rewardShort,
  };
}

/**
 * Takes back the refund's share of the coins an order credited (coinsToTakeBack), as far as the
 * balance allows. The rewards it brought are taken back on a line of their own, so the wallet names
 * them. Each line's key names the refund: a refund is applied once.
 */
async function takeBackCoins(
  trx: Transaction<DB>,
  order: { id: string; user_id: string },
  share: RefundShare,
): Promise<Omit<Reversal, 'membershipEndsAt'>> {
  const credited = await coinsCreditedBy(trx, order.id);
  const rewards = await rewardsCreditedBy(trx, order.id);
  if (credited.balance === 0 && rewards.length === 0) return NOTHING_REVERSED;
  // The user's row first, as every coin movement takes it (a merge running meanwhile finishes
  // first); then the balance row, locked before it is read, so a concurrent spend cannot slip in.
  await lockLedgerOwner(trx, order.user_id);
  const held = await lockExistingBalance(trx, order.user_id);
  const take = coinsToTakeBack(credited, rewards, held, share);
  const taken = take.fromPaid + take.fromBonus;
  if (taken > 0) {
    await appendLedgerEntry(trx, {
      userId: order.user_id,
      delta: -taken,
      bonusDelta: -take.fromBonus,
      kind: 'refund',
      key: `order:${order.id}:refund:${share.refundId}`,
      orderId: order.id,
      reason: share.after >= share.orderAmount && share.before === 0 ? 'order refunded' : 'order partly refunded',
    });
  }
  // Each reward on a line of its own, its key starting with the reward's: the wallet names it.
  for (const [i, reward] of rewards.entries()) {
    const amount = take.fromRewards[i]!;
    if (amount > 0)
      await appendLedgerEntry(trx, {
        userId: order.user_id,
        delta: -amount,
        bonusDelta: -amount,
        kind: 'refund',
        key: `${reward.key}:refund:${share.refundId}`,
        orderId: order.id,
        reason: 'reward taken back with its order',
      });
  }
  return {
    coinsReversed: taken,
    coinsShort: take.coinsShort,
    rewardCoinsReversed: take.fromReward,
    rewardCoinsShort: take.rewardShort,
  };
}

/**
 * The days a membership order bought: its own, or for an order older than its own terms the
 * membership's agreed period while it is still on that plan (the plan's own may have changed since).
 */
export function daysBought(
  order: { plan_id: string; renewal_days: number | null },
  current: { plan_id: string; renewal_days: number },
  plan: { renewal_days: number | null },
): number {
  if (order.renewal_days !== null) return order.renewal_days;
  return current.plan_id === order.plan_id ? current.renewal_days : (plan.renewal_days ?? 0);
}

/**
 * Takes back what a refund of a paid order gives back, once: its share of the coins the order
 * credited and of the rewards it brought, as far as the balance allows (takeBackCoins), and — only
 * with the refund that completes the order — the membership time it bought: when that leaves no paid
 * time, the membership ends now and will not renew. A partial refund of a membership leaves its time
 * as it is. Runs in the caller's transaction, which also records the refund.
 */
export async function reverseOrderFulfilment(
  trx: Transaction<DB>,
  order: { id: string; user_id: string; plan_id: string; renewal_days: number | null },
  share: RefundShare,
  now = new Date(),
): Promise<Reversal> {
  const plan = await planTerms(trx, order.plan_id);
  if (plan.kind === 'coins') return { ...(await takeBackCoins(trx, order, share)), membershipEndsAt: null };
  // The membership before the balance, in the order a membership's settlement takes them (its time,
  // then its first-purchase bonus).
  const current = await lockMembership(trx, order.user_id);
  const coins = await takeBackCoins(trx, order, share);
  if (!current || share.after < share.orderAmount) return { ...coins, membershipEndsAt: null };
  const days = daysBought(order, current, plan);
  const shortened = new Date(current.current_period_end.getTime() - days * DAY_MS);
  if (shortened <= now) {
    const endsAt = current.current_period_end < now ? current.current_period_end : now;
    await updateMembership(trx, order.user_id, {
      status: 'lapsed',
      current_period_end: endsAt,
      current_period_start: current.current_period_start < endsAt ? current.current_period_start : endsAt,
      auto_renew: false,
      next_attempt_at: null,
      cancelled_at: current.cancelled_at ?? now,
      updated_at: now,
    });
    return { ...coins, membershipEndsAt: endsAt };
  }
  await updateMembership(trx, order.user_id, {
    current_period_end: shortened,
    current_period_start: current.current_period_start < shortened ? current.current_period_start : shortened,
    updated_at: now,
  });
  return { ...coins, membershipEndsAt: shortened };
}
