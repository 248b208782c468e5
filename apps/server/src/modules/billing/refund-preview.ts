import type { Kysely, Transaction } from 'kysely';
import type { AdminRefundPreview, AdminSpentUnlock } from '@episodic/contract';
import type { DB } from '../../db/schema';
import { fieldProblem, invalidInput, notFound } from '../../http/errors';
import { planTerms } from './billing.repository';
import { coinBalances, coinsCreditedBy, rewardsCreditedBy } from './coin-ledger.repository';
import { findMembership } from './memberships.repository';
import { coinsToTakeBack, daysBought } from './operator-money';
import * as orderRepo from './orders.repository';
import * as refundRepo from './refunds.repository';

type Executor = Kysely<DB> | Transaction<DB>;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The series and episodes a whole-series unlock bought, read from its ledger key (`unlock-series:user:series:ids`). */
function seriesUnlockOf(key: string): { seriesId: number; episodeIds: number[] } | null {
  const [kind, , series, ids] = key.split(':');
  if (kind !== 'unlock-series' || !series || !ids) return null;
  return { seriesId: Number(series), episodeIds: ids.split('.').map(Number).filter(Number.isInteger) };
}

/**
 * What an order's spent coins went on. The rule: the order's coins still in the balance are the
 * ones left (a refund takes them back first); the rest were spent, and they are matched to the
 * coin unlocks made after the order was paid, oldest first, until the spent coins are covered (an
 * unlock paid partly with them is listed whole).
 */
export async function unlocksPaidWith(
  db: Executor,
  order: { id: string; user_id: string },
  spent: number,
): Promise<AdminSpentUnlock[]> {
  if (spent <= 0) return [];
  const spends = await refundRepo.spendsAfterOrder(db, order.user_id, order.id);
  const picked: { coins: number; at: Date; seriesId: number | null; episodeIds: number[]; single: boolean }[] = [];
  let covered = 0;
  for (const s of spends) {
    if (covered >= spent) break;
    const series = s.episodeId === null ? seriesUnlockOf(s.key) : null;
    if (s.episodeId === null && !series) continue;
    picked.push({
      coins: s.coins,
      at: s.at,
      seriesId: series?.seriesId ?? null,
      episodeIds: s.episodeId !== null ? [s.episodeId] : series!.episodeIds,
      single: s.episodeId !== null,
    });
    covered += s.coins;
  }
  const episodes = new Map(
    (await refundRepo.episodesHeld(db, order.user_id, [...new Set(picked.flatMap((p) => p.episodeIds))])).map((e) => [
      e.id,
      e,
    ]),
  );
  return picked.map((p) => {
    const first = episodes.get(p.episodeIds[0]!);
    return {
      episodeId: p.single ? p.episodeIds[0]! : null,
      seriesId: first?.series_id ?? p.seriesId,
      seriesTitle: first?.title ?? '(deleted series)',
      episodeNumber: p.single ? (first?.number ?? null) : null,
      episodeIds: p.episodeIds,
      coins: p.coins,
      at: p.at.toISOString(),
      held: p.episodeIds.some((id) => episodes.get(id)?.held),
    };
  });
}

/** The order's coins not yet taken back: how many, and how many of them are still in the balance. */
async function coinsOutstanding(db: Executor, order: { id: string; user_id: string }) {
  const [credited, rewards, takenBack, balances] = await Promise.all([
    coinsCreditedBy(db, order.id),
    rewardsCreditedBy(db, order.id),
    refundRepo.coinsTakenBackFor(db, order.id),
    coinBalances(db, order.user_id),
  ]);
  const rewardGranted = rewards.reduce((sum, r) => sum + r.delta, 0);
  const notTaken = Math.max(0, credited.balance + rewardGranted - takenBack);
  const left = Math.min(notTaken, balances.balance);
  return { credited, rewards, rewardGranted, takenBack, balances, left, spent: notTaken - left };
}

/** The unlocks paid with an order's spent coins that the viewer still holds (a refund may take them away). */
export async function heldUnlocksPaidWith(db: Executor, order: { id: string; user_id: string }): Promise<number[]> {
  const { spent } = await coinsOutstanding(db, order);
  const unlocks = await unlocksPaidWith(db, order, spent);
  return unlocks.filter((u) => u.held).flatMap((u) => u.episodeIds);
}

/**
 * What refunding `amountInput` (all that is left without it) of an order would do: the money, the
 * coins it takes back (in proportion, as far as the balance allows) and what was spent on what, or
 * the membership's end. Read only.
 */
export async function previewRefund(
  db: Kysely<DB>,
  orderId: string,
  amountInput: number | undefined,
  now = new Date(),
): Promise<AdminRefundPreview> {
  const order = await orderRepo.findOrder(db, orderId);
  if (!order) throw notFound('order_not_found', 'There is no such order.');
  const plan = await planTerms(db, order.plan_id);
  const { refunded, inFlight } = await refundRepo.refundTotals(db, orderId);
  const paid = order.status === 'paid' || order.status === 'refunded' ? order.amount : 0;
  const refundable = order.status === 'paid' ? Math.max(0, order.amount - refunded - inFlight) : 0;
  const amount = amountInput ?? refundable;
  checkAmount(amount, refundable, order.currency, amountInput !== undefined);
  const share = { orderAmount: order.amount, before: refunded, after: refunded + amount };

  const outstanding = await coinsOutstanding(db, order);
  const hasCoins = outstanding.credited.balance + outstanding.rewardGranted > 0;
  let coins: AdminRefundPreview['coins'] = null;
  if (plan.kind === 'coins' || hasCoins) {
    const take = coinsToTakeBack(outstanding.credited, outstanding.rewards, outstanding.balances, share);
    coins = {
      granted: outstanding.credited.balance,
      rewardGranted: outstanding.rewardGranted,
      takenBack: outstanding.takenBack,
      left: outstanding.left,
      spent: outstanding.spent,
      toTakeBack: take.fromPaid + take.fromBonus + take.fromReward,
      toTakeBackShort: take.coinsShort + take.rewardShort,
      balance: outstanding.balances.balance,
      spentOn: await unlocksPaidWith(db, order, outstanding.spent),
    };
  }

  let membership: AdminRefundPreview['membership'] = null;
  if (plan.kind === 'membership') {
    const current = await findMembership(db, order.user_id);
    let endsAfterRefund: Date | null = null;
    if (current && amount > 0 && share.after >= order.amount) {
      const days = daysBought(order, current, plan);
      const shortened = new Date(current.current_period_end.getTime() - days * DAY_MS);
      endsAfterRefund =
        shortened > now ? shortened : current.current_period_end < now ? current.current_period_end : now;
    }
    membership = {
      active: !!current && current.status === 'active' && current.current_period_end > now,
      endsAt: current?.current_period_end.toISOString() ?? null,
      autoRenew: current?.auto_renew ?? false,
      endsAfterRefund: endsAfterRefund?.toISOString() ?? null,
    };
  }
  return {
    orderId: order.id,
    kind: plan.kind,
    currency: order.currency,
    paid,
    refunded,
    inFlight,
    refundable,
    amount,
    coins,
    membership,
  };
}

const money = (minor: number, currency: string) => `${(minor / 100).toFixed(2)} ${currency}`;

/** An amount to refund: at least one minor unit, at most what is left (422 on the amount field). */
export function checkAmount(amount: number, refundable: number, currency: string, asked = true): void {
  if (!asked && refundable === 0) return;
  if (!Number.isInteger(amount) || amount < 1)
    throw invalidInput({ amount: fieldProblem('too_small', 'Enter an amount of at least 0.01.') });
  if (amount > refundable)
    throw invalidInput({
      amount: fieldProblem(
        'too_large',
        refundable === 0
          ? 'Nothing is left to refund on this order.'
          : `At most ${money(refundable, currency)} is left to refund.`,
      ),
    });
}
