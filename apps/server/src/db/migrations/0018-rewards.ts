import { sql, type Kysely } from 'kysely';

interface Line {
  id: string;
  user_id: string;
  delta: number;
  kind: string;
  order_id: string | null;
}

/**
 * Bought and bonus coins are kept apart: each ledger line says how much of its delta moved bonus coins
 * (`bonus_delta`, the rest moved bought ones) and each balance holds its bonus part (`bonus`, within
 * `balance`, which stays the total). Lines written before are given their split by replaying each
 * user's ledger with today's rules (credits from plans' bonuses and operator grants are bonus; spends
 * take bonus coins first). Rewards (welcome, daily check-in, first purchase) are a new kind of line;
 * `reward_claims` holds who got a once-only reward and outlives the account, so deleting an account
 * and registering again with the same address gets nothing twice; `check_ins` holds each day's claim
 * and the streak it reached.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE coin_ledger ADD COLUMN bonus_delta integer NOT NULL DEFAULT 0`.execute(db);
  await sql`ALTER TABLE coin_balances ADD COLUMN bonus integer NOT NULL DEFAULT 0`.execute(db);
  await sql`ALTER TABLE coin_ledger DROP CONSTRAINT coin_ledger_kind_check`.execute(db);
  await sql`ALTER TABLE coin_ledger ADD CONSTRAINT coin_ledger_kind_check
    CHECK (kind IN ('purchase', 'bonus', 'spend', 'refund', 'grant', 'reward'))`.execute(db);

  await replaySplit(db);

  await sql`ALTER TABLE coin_ledger ADD CONSTRAINT coin_ledger_bonus_delta_check
    CHECK ((delta > 0 AND bonus_delta BETWEEN 0 AND delta) OR (delta < 0 AND bonus_delta BETWEEN delta AND 0))`.execute(
    db,
  );
  await sql`ALTER TABLE coin_balances ADD CONSTRAINT coin_balances_bonus_check
    CHECK (bonus >= 0 AND bonus <= balance)`.execute(db);
  // The split is part of a line: append-only covers it too.
  await sql`
    CREATE OR REPLACE FUNCTION coin_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.delta IS DISTINCT FROM OLD.delta OR NEW.kind IS DISTINCT FROM OLD.kind OR NEW.idempotency_key IS DISTINCT FROM OLD.idempotency_key
        OR NEW.order_id IS DISTINCT FROM OLD.order_id OR NEW.episode_id IS DISTINCT FROM OLD.episode_id OR NEW.reason IS DISTINCT FROM OLD.reason
        OR NEW.created_at IS DISTINCT FROM OLD.created_at OR NEW.id IS DISTINCT FROM OLD.id OR NEW.bonus_delta IS DISTINCT FROM OLD.bonus_delta THEN
        RAISE EXCEPTION 'the coin ledger is append-only';
      END IF;
      RETURN NEW;
    END
    $$`.execute(db);

  await sql`
    CREATE TABLE reward_claims (
      kind text NOT NULL CHECK (kind IN ('welcome', 'first_purchase')),
      subject text NOT NULL,
      user_id uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (kind, subject)
    )`.execute(db);
  await sql`
    CREATE TABLE check_ins (
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      day date NOT NULL,
      streak integer NOT NULL CHECK (streak >= 1),
      coins integer NOT NULL CHECK (coins >= 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, day)
    )`.execute(db);
  await sql`
    INSERT INTO settings (config_key, config_value) VALUES
      ('rewards_welcome_coins', '30'), ('rewards_checkin_coins', '5,5,10,10,15,15,30'), ('rewards_first_purchase_coins', '0')
    ON CONFLICT (config_key) DO NOTHING`.execute(db);
}

/** Gives every existing line its bonus part and every balance its bonus, by the rules the code now follows. */
async function replaySplit(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<Line>`
    SELECT id::text AS id, user_id::text AS user_id, delta, kind, order_id::text AS order_id
    FROM coin_ledger ORDER BY user_id, id`.execute(db);
  const bonusOfUser = new Map<string, number>();
  const paidOfUser = new Map<string, number>();
  const bonusOfOrder = new Map<string, number>();
  for (const line of rows) {
    let bonus = bonusOfUser.get(line.user_id) ?? 0;
    let paid = paidOfUser.get(line.user_id) ?? 0;
    let part = 0;
    if (line.delta > 0) {
      part = line.kind === 'bonus' || line.kind === 'grant' || line.kind === 'reward' ? line.delta : 0;
      if (part > 0 && line.order_id) bonusOfOrder.set(line.order_id, (bonusOfOrder.get(line.order_id) ?? 0) + part);
    } else {
      const out = -line.delta;
      // A refund takes back the order's own bonus; a spend uses bonus coins first.
      const preferred = line.kind === 'refund' && line.order_id ? (bonusOfOrder.get(line.order_id) ?? 0) : out;
      let fromBonus = Math.min(bonus, preferred, out);
      if (out - fromBonus > paid) fromBonus = Math.min(bonus, out - paid);
      part = -fromBonus;
    }
    bonus += part;
    paid += line.delta - part;
    bonusOfUser.set(line.user_id, bonus);
    paidOfUser.set(line.user_id, paid);
    if (part !== 0) await sql`UPDATE coin_ledger SET bonus_delta = ${part} WHERE id = ${line.id}::bigint`.execute(db);
  }
  for (const [userId, bonus] of bonusOfUser) {
    if (bonus > 0)
      await sql`UPDATE coin_balances SET bonus = LEAST(${bonus}, balance) WHERE user_id = ${userId}::uuid`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE check_ins, reward_claims`.execute(db);
  await sql`DELETE FROM settings WHERE config_key IN ('rewards_welcome_coins', 'rewards_checkin_coins', 'rewards_first_purchase_coins')`.execute(
    db,
  );
  await sql`
    CREATE OR REPLACE FUNCTION coin_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.delta IS DISTINCT FROM OLD.delta OR NEW.kind IS DISTINCT FROM OLD.kind OR NEW.idempotency_key IS DISTINCT FROM OLD.idempotency_key
        OR NEW.order_id IS DISTINCT FROM OLD.order_id OR NEW.episode_id IS DISTINCT FROM OLD.episode_id OR NEW.reason IS DISTINCT FROM OLD.reason
        OR NEW.created_at IS DISTINCT FROM OLD.created_at OR NEW.id IS DISTINCT FROM OLD.id THEN
        RAISE EXCEPTION 'the coin ledger is append-only';
      END IF;
      RETURN NEW;
    END
    $$`.execute(db);
  await sql`ALTER TABLE coin_balances DROP CONSTRAINT coin_balances_bonus_check, DROP COLUMN bonus`.execute(db);
  await sql`ALTER TABLE coin_ledger DROP CONSTRAINT coin_ledger_bonus_delta_check, DROP COLUMN bonus_delta`.execute(db);
  await sql`ALTER TABLE coin_ledger DROP CONSTRAINT coin_ledger_kind_check`.execute(db);
  await sql`ALTER TABLE coin_ledger ADD CONSTRAINT coin_ledger_kind_check
    CHECK (kind IN ('purchase', 'bonus', 'spend', 'refund', 'grant'))`.execute(db);
}
