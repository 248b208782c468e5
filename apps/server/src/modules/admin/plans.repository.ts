import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Language } from '@episodic/contract';
import type { DB, Plans } from '../../db/schema';

type Executor = Kysely<DB> | Transaction<DB>;

type PlanColumns = Pick<
  Selectable<Plans>,
  'id' | 'kind' | 'price' | 'currency' | 'renewal_days' | 'coins' | 'bonus_coins' | 'active' | 'position'
>;

/**
 * A plan as the console lists it: its columns, how many paid orders and active members it has, and
 * how many memberships renew on it (each at its own agreed price, which a change of the plan leaves).
 */
export type PlanRow = PlanColumns & { paid_orders: number; active_members: number; renewing_members: number };

/** Every plan in order, with its paid orders, active members and renewing members. */
export async function planRows(db: Executor): Promise<PlanRow[]> {
  const { rows } = await sql<PlanRow>`
    SELECT p.id, p.kind, p.price, p.currency, p.renewal_days, p.coins, p.bonus_coins, p.active, p.position,
      (SELECT count(*) FROM orders o WHERE o.plan_id = p.id AND o.status = 'paid') AS paid_orders,
      (SELECT count(*) FROM memberships m WHERE m.plan_id = p.id AND m.status = 'active' AND m.current_period_end > now()) AS active_members,
      (SELECT count(*) FROM memberships m WHERE m.plan_id = p.id AND m.status = 'active' AND m.auto_renew) AS renewing_members
    FROM plans p ORDER BY p.position, p.id`.execute(db);
  return rows;
}

/** Memberships of a plan that renew (at their own agreed terms). */
export async function renewingMembersOf(db: Executor, planId: string): Promise<number> {
  const row = await db
    .selectFrom('memberships')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('plan_id', '=', planId)
    .where('status', '=', 'active')
    .where('auto_renew', '=', true)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function allPlanTexts(db: Executor) {
  return db.selectFrom('plan_translations').select(['plan_id', 'language', 'name', 'description']).execute();
}

export function lockPlan(trx: Transaction<DB>, id: string) {
  return trx.selectFrom('plans').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function planTexts(db: Executor, id: string) {
  return db
    .selectFrom('plan_translations')
    .select(['language', 'name', 'description'])
    .where('plan_id', '=', id)
    .execute();
}

export async function replacePlanTexts(
  db: Executor,
  id: string,
  texts: Partial<Record<Language, { title: string; description: string }>>,
): Promise<void> {
  await db.deleteFrom('plan_translations').where('plan_id', '=', id).execute();
  const rows = Object.entries(texts).map(([language, t]) => ({
    plan_id: id,
    language: language as Language,
    name: t.title,
    description: t.description,
  }));
  if (rows.length) await db.insertInto('plan_translations').values(rows).execute();
}

export interface NewPlan extends Omit<PlanColumns, 'position'> {
  /** At the end of the list when not given. */
  position: number | undefined;
}

export async function insertPlan(db: Executor, plan: NewPlan): Promise<void> {
  const { rows } = await sql<{ next: number }>`SELECT COALESCE(max(position), 0) + 1 AS next FROM plans`.execute(db);
  await db
    .insertInto('plans')
    .values({ ...plan, position: plan.position ?? rows[0]!.next })
    .execute();
}

export interface PlanChanges {
  price: number;
  renewal_days: number | null;
  coins: number;
  bonus_coins: number;
  active: boolean;
  position: number;
}

export async function updatePlanRow(db: Executor, id: string, changes: PlanChanges): Promise<void> {
  await db
    .updateTable('plans')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}
