import type { Transaction } from 'kysely';
import type { AdminPlan, AdminPlanInput, AdminPlanTexts } from '@episodic/contract';
import type { DB } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import type { AdminDeps } from './admin-deps';
import { writeAudit, type Operator } from './audit';
import { checkSlug, checkTexts, FieldCheck, isUniqueViolation } from './input-rules';
import {
  allPlanTexts,
  insertPlan,
  lockPlan,
  planRows,
  renewingMembersOf,
  planTexts,
  replacePlanTexts,
  updatePlanRow,
} from './plans.repository';

type PlanSnapshot = Omit<AdminPlan, 'paidOrders' | 'activeMembers' | 'renewingMembers'>;

const CURRENCY = /^[A-Z]{3}$/;

/**
 * Memberships and coin packs. A price or renewal-days change applies to orders opened afterwards and
 * so to new members only: an order keeps the price it was opened at, and a membership renews at the
 * price and period its member agreed to (stored on the membership, which a plan change never touches).
 */
export function createPlansService(deps: AdminDeps) {
  const { db } = deps;

  /** Every plan, with how many members renew on it (they keep their own price when the plan's changes). */
  async function listPlans(): Promise<AdminPlan[]> {
    const rows = await planRows(db);
    const texts = await allPlanTexts(db);
    return rows.map((p) => ({
      id: p.id,
      kind: p.kind,
      price: p.price,
      currency: p.currency,
      renewalDays: p.renewal_days,
      coins: p.coins,
      bonusCoins: p.bonus_coins,
      active: p.active,
      position: p.position,
      texts: Object.fromEntries(
        texts.filter((t) => t.plan_id === p.id).map((t) => [t.language, { name: t.name, description: t.description }]),
      ),
      paidOrders: Number(p.paid_orders),
      activeMembers: Number(p.active_members),
      renewingMembers: Number(p.renewing_members),
    }));
  }

  async function findPlan(id: string): Promise<AdminPlan> {
    const plan = (await listPlans()).find((p) => p.id === id);
    if (!plan) throw notFound('not_found', 'There is no such plan.');
    return plan;
  }

  async function snapshot(trx: Transaction<DB>, id: string): Promise<PlanSnapshot | undefined> {
    const p = await lockPlan(trx, id);
    if (!p) return undefined;
    const texts = await planTexts(trx, id);
    return {
      id: p.id,
      kind: p.kind,
      price: p.price,
      currency: p.currency,
      renewalDays: p.renewal_days,
      coins: p.coins,
      bonusCoins: p.bonus_coins,
      active: p.active,
      position: p.position,
      texts: Object.fromEntries(texts.map((t) => [t.language, { name: t.name, description: t.description }])),
    };
  }

  /** The forms speak of names; the text rules speak of titles. */
  const asTitled = (texts: AdminPlanTexts | undefined) =>
    texts === undefined
      ? undefined
      : Object.fromEntries(
          Object.entries(texts).map(([lang, t]) => [lang, { title: t.name, description: t.description }]),
        );

  /** Checks the plan that would result: membership plans renew every N days, coin packs give coins. */
  function checkShape(check: FieldCheck, plan: { kind: string; renewalDays: number | null; coins: number }): void {
    if (plan.kind === 'membership' && !plan.renewalDays)
      check.add('renewalDays', 'required', 'A membership renews every N days: enter N.');
    if (plan.kind === 'coins' && plan.coins < 1) check.add('coins', 'too_small', 'A coin pack gives at least 1 coin.');
  }

  /** Creates a plan; its id and kind never change. */
  async function createPlan(operator: Operator, input: AdminPlanInput): Promise<AdminPlan> {
    const check = new FieldCheck();
    const id = checkSlug(check, 'id', input.id ?? '', 40);
    if (!input.kind) check.add('kind', 'required', 'Choose a membership or a coin pack.');
    if (input.price === undefined) check.add('price', 'required', 'Enter a price.');
    const currency = (input.currency ?? 'USD').trim().toUpperCase();
    if (!CURRENCY.test(currency))
      check.add('currency', 'currency_invalid', 'Use a three-letter currency code such as USD.');
    const texts = checkTexts(check, 'texts', asTitled(input.texts), 'description', true);
    const kind = input.kind ?? 'coins';
    const shape = {
      kind,
      renewalDays: kind === 'membership' ? (input.renewalDays ?? null) : null,
      coins: kind === 'coins' ? (input.coins ?? 0) : 0,
    };
    checkShape(check, shape);
    check.check();
    try {
      await db.transaction().execute(async (trx) => {
        await insertPlan(trx, {
          id: id!,
          kind,
          price: input.price!,
          currency,
          renewal_days: shape.renewalDays,
          coins: shape.coins,
          bonus_coins: kind === 'coins' ? (input.bonusCoins ?? 0) : 0,
          active: input.active ?? false,
          position: input.position,
        });
        await replacePlanTexts(trx, id!, texts!);
        const after = await snapshot(trx, id!);
        await writeAudit(trx, operator, {
          action: 'plan.create',
          targetType: 'plan',
          targetId: id,
          summary: `Created the ${kind === 'coins' ? 'coin pack' : 'membership'} “${texts!.en!.title}”`,
          after,
        });
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('id_taken', 'Another plan already uses this id.');
      throw err;
    }
    return findPlan(id!);
  }

  /**
   * Changes a plan; its kind and currency stay (orders and memberships refer to them). Existing
   * memberships keep their agreed price and period: only new purchases see the change.
   */
  async function updatePlan(operator: Operator, id: string, input: AdminPlanInput): Promise<AdminPlan> {
    const check = new FieldCheck();
    const texts = checkTexts(check, 'texts', asTitled(input.texts), 'description', input.texts !== undefined);
    check.check();
    await db.transaction().execute(async (trx) => {
      const before = await snapshot(trx, id);
      if (!before) throw notFound('not_found', 'There is no such plan.');
      if (input.id !== undefined && input.id !== id) check.add('id', 'cannot_change', 'A plan keeps its id.');
      if (input.kind !== undefined && input.kind !== before.kind)
        check.add('kind', 'cannot_change', 'A plan keeps its kind: create a new plan instead.');
      if (input.currency !== undefined && input.currency.toUpperCase() !== before.currency)
        check.add('currency', 'cannot_change', 'A plan keeps its currency: create a new plan instead.');
      if (before.kind === 'coins' && input.renewalDays)
        check.add('renewalDays', 'not_allowed_value', 'Coin packs do not renew.');
      if (before.kind === 'membership' && (input.coins || input.bonusCoins))
        check.add('coins', 'not_allowed_value', 'Memberships give access, not coins.');
      const next = {
        price: input.price ?? before.price,
        renewal_days: before.kind === 'membership' ? (input.renewalDays ?? before.renewalDays) : null,
        coins: before.kind === 'coins' ? (input.coins ?? before.coins) : 0,
        bonus_coins: before.kind === 'coins' ? (input.bonusCoins ?? before.bonusCoins) : 0,
        active: input.active ?? before.active,
        position: input.position ?? before.position,
      };
      checkShape(check, { kind: before.kind, renewalDays: next.renewal_days, coins: next.coins });
      check.check();
      await updatePlanRow(trx, id, next);
      if (texts) await replacePlanTexts(trx, id, texts);
      const after = await snapshot(trx, id);
      const changes: string[] = [];
      // Money as a reader of the log reads it (14.99 USD), not in the minor units it is stored in.
      const price = (p: PlanSnapshot) => `${(p.price / 100).toFixed(2)} ${p.currency}`;
      if (after!.price !== before.price) changes.push(`price ${price(before)} → ${price(after!)}`);
      if (after!.renewalDays !== before.renewalDays)
        changes.push(`renews every ${before.renewalDays} → ${after!.renewalDays} days`);
      // Who the change does not reach, as it stood when it was made.
      if (
        before.kind === 'membership' &&
        (after!.price !== before.price || after!.renewalDays !== before.renewalDays)
      ) {
        const n = await renewingMembersOf(trx, id);
        changes.push(`for new members only: ${n} renewing ${n === 1 ? 'member keeps' : 'members keep'} their terms`);
      }
      if (after!.active !== before.active) changes.push(after!.active ? 'now on sale' : 'withdrawn from sale');
      await writeAudit(trx, operator, {
        action: 'plan.update',
        targetType: 'plan',
        targetId: id,
        summary: `Edited the plan ${id}${changes.length ? ` (${changes.join(', ')})` : ''}`,
        before,
        after,
      });
    });
    return findPlan(id);
  }

  return { listPlans, createPlan, updatePlan };
}

export type PlansService = ReturnType<typeof createPlansService>;
