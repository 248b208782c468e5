import { sql, type Kysely } from 'kysely';

/**
 * Money: plans, an append-only coin ledger with a balance that can't go negative, orders, saved
 * payment methods (brand, last four and the provider's token only), memberships and provider
 * webhook receipts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE plans (
      id text PRIMARY KEY CHECK (id ~ '^[a-z0-9-]{1,40}$'),
      kind text NOT NULL CHECK (kind IN ('membership', 'coins')),
      price integer NOT NULL CHECK (price > 0),
      currency text NOT NULL DEFAULT 'USD' CHECK (currency ~ '^[A-Z]{3}$'),
      renewal_days integer CHECK (renewal_days IS NULL OR renewal_days > 0),
      coins integer NOT NULL DEFAULT 0 CHECK (coins >= 0),
      bonus_coins integer NOT NULL DEFAULT 0 CHECK (bonus_coins >= 0),
      active boolean NOT NULL DEFAULT true,
      position integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((kind = 'membership' AND renewal_days IS NOT NULL) OR (kind = 'coins' AND renewal_days IS NULL AND coins > 0))
    )`.execute(db);
  await sql`
    CREATE TABLE plan_translations (
      plan_id text NOT NULL REFERENCES plans (id) ON DELETE CASCADE,
      language text NOT NULL CHECK (language IN ('en', 'es', 'fy', 'dy', 'pt')),
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
      description text NOT NULL DEFAULT '' CHECK (length(description) <= 500),
      PRIMARY KEY (plan_id, language)
    )`.execute(db);

  await sql`
    CREATE TABLE coin_balances (
      user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      balance integer NOT NULL DEFAULT 0 CHECK (balance >= 0)
    )`.execute(db);
  await sql`
    CREATE TABLE coin_ledger (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      delta integer NOT NULL CHECK (delta <> 0),
      kind text NOT NULL CHECK (kind IN ('purchase', 'bonus', 'spend', 'refund', 'grant')),
      idempotency_key text NOT NULL UNIQUE,
      order_id uuid,
      episode_id integer,
      reason text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX coin_ledger_user_idx ON coin_ledger (user_id, id DESC)`.execute(db);
  // Append-only: a row, once written, never changes; only its owner may change, when a guest's
  // account is folded into the account they sign in to.
  await sql`
    CREATE FUNCTION coin_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.delta IS DISTINCT FROM OLD.delta OR NEW.kind IS DISTINCT FROM OLD.kind OR NEW.idempotency_key IS DISTINCT FROM OLD.idempotency_key
        OR NEW.order_id IS DISTINCT FROM OLD.order_id OR NEW.episode_id IS DISTINCT FROM OLD.episode_id OR NEW.reason IS DISTINCT FROM OLD.reason
        OR NEW.created_at IS DISTINCT FROM OLD.created_at OR NEW.id IS DISTINCT FROM OLD.id THEN
        RAISE EXCEPTION 'the coin ledger is append-only';
      END IF;
      RETURN NEW;
    END
    $$`.execute(db);
  await sql`CREATE TRIGGER coin_ledger_no_update BEFORE UPDATE ON coin_ledger FOR EACH ROW EXECUTE FUNCTION coin_ledger_append_only()`.execute(
    db,
  );

  await sql`
    CREATE TABLE payment_methods (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      provider text NOT NULL,
      provider_token text NOT NULL,
      brand text NOT NULL,
      last4 text NOT NULL CHECK (last4 ~ '^[0-9]{4}$'),
      exp_month integer NOT NULL CHECK (exp_month BETWEEN 1 AND 12),
      exp_year integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX payment_methods_user_idx ON payment_methods (user_id, created_at DESC)`.execute(db);

  await sql`
    CREATE TABLE orders (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      plan_id text NOT NULL REFERENCES plans (id),
      purpose text NOT NULL DEFAULT 'purchase' CHECK (purpose IN ('purchase', 'renewal')),
      amount integer NOT NULL CHECK (amount > 0),
      currency text NOT NULL,
      status text NOT NULL DEFAULT 'pending'
        CHECK (status IN ('pending', 'processing', 'requires_action', 'paid', 'failed', 'cancelled', 'refunded')),
      provider text,
      provider_ref text,
      payment_method_id uuid REFERENCES payment_methods (id) ON DELETE SET NULL,
      attempt integer NOT NULL DEFAULT 0,
      failure_reason text,
      attribution jsonb,
      renewal_for timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      paid_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX orders_user_idx ON orders (user_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX orders_status_idx ON orders (status, updated_at)`.execute(db);
  // One renewal order per membership period, whoever (and however often) tries to create it.
  await sql`CREATE UNIQUE INDEX orders_renewal_key ON orders (user_id, renewal_for) WHERE purpose = 'renewal'`.execute(
    db,
  );

  await sql`
    CREATE TABLE memberships (
      user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      plan_id text NOT NULL REFERENCES plans (id),
      status text NOT NULL CHECK (status IN ('active', 'lapsed')),
      current_period_start timestamptz NOT NULL,
      current_period_end timestamptz NOT NULL,
      auto_renew boolean NOT NULL DEFAULT true,
      payment_method_id uuid REFERENCES payment_methods (id) ON DELETE SET NULL,
      renewal_attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz,
      reminder_sent_for timestamptz,
      cancelled_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX memberships_due_idx ON memberships (current_period_end) WHERE status = 'active' AND auto_renew`.execute(
    db,
  );

  await sql`
    CREATE TABLE webhook_events (
      provider text NOT NULL,
      event_id text NOT NULL,
      received_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (provider, event_id)
    )`.execute(db);

  // The built-in sandbox processor keeps its own records, as a real processor would on its side.
  await sql`
    CREATE TABLE sandbox_methods (
      token text PRIMARY KEY,
      behavior text NOT NULL,
      brand text NOT NULL,
      last4 text NOT NULL,
      exp_month integer NOT NULL,
      exp_year integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE sandbox_charges (
      id text PRIMARY KEY,
      idempotency_key text NOT NULL UNIQUE,
      amount integer NOT NULL,
      currency text NOT NULL,
      status text NOT NULL CHECK (status IN ('succeeded', 'failed', 'requires_action', 'refunded')),
      failure_reason text,
      method_token text,
      return_url text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  // Seeded plans: three memberships and three coin packs (prices in minor units, USD).
  await sql`
    INSERT INTO plans (id, kind, price, renewal_days, coins, bonus_coins, position) VALUES
      ('weekly', 'membership', 499, 7, 0, 0, 1),
      ('monthly', 'membership', 1499, 30, 0, 0, 2),
      ('yearly', 'membership', 9999, 365, 0, 0, 3),
      ('coins-300', 'coins', 299, NULL, 300, 0, 11),
      ('coins-1000', 'coins', 899, NULL, 1000, 100, 12),
      ('coins-2500', 'coins', 1999, NULL, 2500, 500, 13)`.execute(db);
  await sql`
    INSERT INTO plan_translations (plan_id, language, name, description) VALUES
      ('weekly', 'en', 'Weekly', 'Every episode of every series. Renews every 7 days until you cancel.'),
      ('weekly', 'es', 'Semanal', 'Todos los episodios de todas las series. Se renueva cada 7 días hasta que canceles.'),
      ('weekly', 'fy', 'Hebdomadaire', 'Tous les épisodes de toutes les séries. Renouvelé tous les 7 jours jusqu’à résiliation.'),
      ('weekly', 'dy', 'Wöchentlich', 'Alle Folgen aller Serien. Verlängert sich alle 7 Tage, bis du kündigst.'),
      ('weekly', 'pt', 'Semanal', 'Todos os episódios de todas as séries. Renova a cada 7 dias até você cancelar.'),
      ('monthly', 'en', 'Monthly', 'Every episode of every series. Renews every 30 days until you cancel.'),
      ('monthly', 'es', 'Mensual', 'Todos los episodios de todas las series. Se renueva cada 30 días hasta que canceles.'),
      ('monthly', 'fy', 'Mensuel', 'Tous les épisodes de toutes les séries. Renouvelé tous les 30 jours jusqu’à résiliation.'),
      ('monthly', 'dy', 'Monatlich', 'Alle Folgen aller Serien. Verlängert sich alle 30 Tage, bis du kündigst.'),
      ('monthly', 'pt', 'Mensal', 'Todos os episódios de todas as séries. Renova a cada 30 dias até você cancelar.'),
      ('yearly', 'en', 'Yearly', 'Every episode of every series. Renews every 365 days until you cancel; we remind you before.'),
      ('yearly', 'es', 'Anual', 'Todos los episodios de todas las series. Se renueva cada 365 días hasta que canceles; te avisamos antes.'),
      ('yearly', 'fy', 'Annuel', 'Tous les épisodes de toutes les séries. Renouvelé tous les 365 jours jusqu’à résiliation ; nous vous prévenons avant.'),
      ('yearly', 'dy', 'Jährlich', 'Alle Folgen aller Serien. Verlängert sich alle 365 Tage, bis du kündigst; wir erinnern dich vorher.'),
      ('yearly', 'pt', 'Anual', 'Todos os episódios de todas as séries. Renova a cada 365 dias até você cancelar; avisamos antes.'),
      ('coins-300', 'en', '300 coins', 'Unlock episodes one by one.'),
      ('coins-300', 'es', '300 monedas', 'Desbloquea episodios uno a uno.'),
      ('coins-300', 'fy', '300 pièces', 'Débloquez les épisodes un par un.'),
      ('coins-300', 'dy', '300 Münzen', 'Schalte Folgen einzeln frei.'),
      ('coins-300', 'pt', '300 moedas', 'Desbloqueie episódios um a um.'),
      ('coins-1000', 'en', '1,000 coins', 'Plus 100 bonus coins.'),
      ('coins-1000', 'es', '1.000 monedas', 'Más 100 monedas de regalo.'),
      ('coins-1000', 'fy', '1 000 pièces', 'Plus 100 pièces offertes.'),
      ('coins-1000', 'dy', '1.000 Münzen', 'Plus 100 Bonusmünzen.'),
      ('coins-1000', 'pt', '1.000 moedas', 'Mais 100 moedas de bônus.'),
      ('coins-2500', 'en', '2,500 coins', 'Plus 500 bonus coins.'),
      ('coins-2500', 'es', '2.500 monedas', 'Más 500 monedas de regalo.'),
      ('coins-2500', 'fy', '2 500 pièces', 'Plus 500 pièces offertes.'),
      ('coins-2500', 'dy', '2.500 Münzen', 'Plus 500 Bonusmünzen.'),
      ('coins-2500', 'pt', '2.500 moedas', 'Mais 500 moedas de bônus.')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE sandbox_charges, sandbox_methods, webhook_events, memberships, orders, payment_methods, coin_ledger, coin_balances, plan_translations, plans`.execute(
    db,
  );
  await sql`DROP FUNCTION coin_ledger_append_only()`.execute(db);
}
