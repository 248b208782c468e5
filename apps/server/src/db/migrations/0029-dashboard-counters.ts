import { sql, type Kysely } from 'kysely';

/**
 * Daily totals for the console's dashboard, kept by triggers like the play counters of 0028, so a
 * period's sign-ups and sales are a few hundred counter rows instead of every user and order of it
 * (docs/QUERIES.md). Rows of days that have ended still move when a user is disabled, becomes an
 * operator or signs up, or an order is refunded or moved to another account: each trigger takes the
 * row's old contribution off and adds its new one, so the totals stay those of a plain count.
 * - arrival_days: viewers (not operators, not disabled) by the UTC day they arrived, and accounts
 *   among them; 8 shard rows per day, since every new visitor inserts a user.
 * - order_days: paid (or since refunded) orders by UTC day of payment, currency and source.
 * - payer_days: who paid on which day (distinct payers per day), and payer_last_days: how many
 *   payers paid last on each day, so "distinct payers from a day until today" is a sum.
 * - refund_days: succeeded refunds by UTC day of completion and currency.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The campaign an order came from; orders.repository.ts's SOURCE_SQL calls it too (one rule).
  await sql`
    CREATE FUNCTION order_source(attribution jsonb) RETURNS text LANGUAGE sql IMMUTABLE AS $$
      SELECT CASE
        WHEN COALESCE(attribution #>> '{fbclid}', '') <> '' THEN 'fbclid'
        WHEN COALESCE(attribution #>> '{ttclid}', '') <> '' THEN 'ttclid'
        WHEN COALESCE(attribution #>> '{refererToken}', '') <> '' THEN 'referrer'
        WHEN COALESCE(attribution #>> '{lastTouch,fbclid}', '') <> '' THEN 'fbclid'
        WHEN COALESCE(attribution #>> '{lastTouch,ttclid}', '') <> '' THEN 'ttclid'
        WHEN COALESCE(attribution #>> '{lastTouch,refererToken}', '') <> '' THEN 'referrer'
        ELSE 'organic' END
    $$`.execute(db);

  await sql`
    CREATE TABLE arrival_days (
      day date NOT NULL,
      shard smallint NOT NULL,
      visitors bigint NOT NULL,
      accounts bigint NOT NULL,
      PRIMARY KEY (day, shard)
    )`.execute(db);
  await sql`
    CREATE FUNCTION users_arrival_counted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('DELETE', 'UPDATE') AND OLD.role = 'viewer' AND OLD.disabled_at IS NULL THEN
        INSERT INTO arrival_days AS t (day, shard, visitors, accounts)
          VALUES ((OLD.created_at AT TIME ZONE 'UTC')::date, floor(random() * 8)::smallint, -1,
            CASE WHEN OLD.is_guest THEN 0 ELSE -1 END)
          ON CONFLICT (day, shard) DO UPDATE SET visitors = t.visitors + excluded.visitors, accounts = t.accounts + excluded.accounts;
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.role = 'viewer' AND NEW.disabled_at IS NULL THEN
        INSERT INTO arrival_days AS t (day, shard, visitors, accounts)
          VALUES ((NEW.created_at AT TIME ZONE 'UTC')::date, floor(random() * 8)::smallint, 1,
            CASE WHEN NEW.is_guest THEN 0 ELSE 1 END)
          ON CONFLICT (day, shard) DO UPDATE SET visitors = t.visitors + excluded.visitors, accounts = t.accounts + excluded.accounts;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER users_arrival_counted AFTER INSERT OR DELETE ON users
    FOR EACH ROW EXECUTE FUNCTION users_arrival_counted()`.execute(db);
  // Only updates that move a user between days or in or out of the counts (most updates do not).
  await sql`CREATE TRIGGER users_arrival_recounted AFTER UPDATE OF created_at, is_guest, role, disabled_at ON users
    FOR EACH ROW WHEN ((OLD.created_at, OLD.is_guest, OLD.role, OLD.disabled_at IS NULL)
      IS DISTINCT FROM (NEW.created_at, NEW.is_guest, NEW.role, NEW.disabled_at IS NULL))
    EXECUTE FUNCTION users_arrival_counted()`.execute(db);

  await sql`
    CREATE TABLE order_days (
      day date NOT NULL,
      currency text NOT NULL,
      source text NOT NULL,
      shard smallint NOT NULL,
      orders bigint NOT NULL,
      gross bigint NOT NULL,
      renewals bigint NOT NULL,
      renewal_gross bigint NOT NULL,
      purchases bigint NOT NULL,
      purchase_gross bigint NOT NULL,
      membership_purchases bigint NOT NULL,
      payers bigint NOT NULL,
      PRIMARY KEY (day, currency, source, shard)
    )`.execute(db);
  await sql`
    CREATE TABLE payer_days (
      user_id uuid NOT NULL,
      currency text NOT NULL,
      day date NOT NULL,
      orders integer NOT NULL,
      PRIMARY KEY (user_id, currency, day)
    )`.execute(db);
  await sql`
    CREATE TABLE payer_last_days (
      currency text NOT NULL,
      day date NOT NULL,
      shard smallint NOT NULL,
      payers bigint NOT NULL,
      PRIMARY KEY (currency, day, shard)
    )`.execute(db);

  // One counted order (paid or refunded, with its payment day) added (sign 1) or taken off (-1).
  await sql`
    CREATE FUNCTION order_days_add(o orders, sign integer) RETURNS void LANGUAGE plpgsql AS $$
    DECLARE
      d date := (o.paid_at AT TIME ZONE 'UTC')::date;
      n integer;
      payer integer := 0;
      last_before date;
      last_after date;
      membership boolean;
    BEGIN
      -- One buyer's days change one transaction at a time, so their last day is read right.
      PERFORM pg_advisory_xact_lock(hashtext('payer_days:' || o.user_id::text));
      SELECT max(day) INTO last_before FROM payer_days WHERE user_id = o.user_id AND currency = o.currency;
      IF sign > 0 THEN
        INSERT INTO payer_days AS t (user_id, currency, day, orders) VALUES (o.user_id, o.currency, d, 1)
          ON CONFLICT (user_id, currency, day) DO UPDATE SET orders = t.orders + 1 RETURNING orders INTO n;
        IF n = 1 THEN payer := 1; END IF;
      ELSE
        UPDATE payer_days SET orders = orders - 1 WHERE user_id = o.user_id AND currency = o.currency AND day = d
          RETURNING orders INTO n;
        IF n = 0 THEN
          DELETE FROM payer_days WHERE user_id = o.user_id AND currency = o.currency AND day = d;
          payer := -1;
        END IF;
      END IF;
      IF payer <> 0 THEN
        SELECT max(day) INTO last_after FROM payer_days WHERE user_id = o.user_id AND currency = o.currency;
        IF last_before IS DISTINCT FROM last_after THEN
          INSERT INTO payer_last_days AS t (currency, day, shard, payers)
            SELECT o.currency, x.day, floor(random() * 8)::smallint, x.n
            FROM (VALUES (last_before, -1), (last_after, 1)) x(day, n) WHERE x.day IS NOT NULL
            ON CONFLICT (currency, day, shard) DO UPDATE SET payers = t.payers + excluded.payers;
        END IF;
      END IF;
      SELECT p.kind = 'membership' INTO membership FROM plans p WHERE p.id = o.plan_id;
      INSERT INTO order_days AS t (day, currency, source, shard, orders, gross, renewals, renewal_gross, purchases,
          purchase_gross, membership_purchases, payers)
        VALUES (d, o.currency, order_source(o.attribution), floor(random() * 8)::smallint, sign, sign * o.amount,
          CASE WHEN o.purpose = 'renewal' THEN sign ELSE 0 END, CASE WHEN o.purpose = 'renewal' THEN sign * o.amount ELSE 0 END,
          CASE WHEN o.purpose = 'purchase' THEN sign ELSE 0 END, CASE WHEN o.purpose = 'purchase' THEN sign * o.amount ELSE 0 END,
          CASE WHEN o.purpose = 'purchase' AND membership THEN sign ELSE 0 END, payer)
        ON CONFLICT (day, currency, source, shard) DO UPDATE SET orders = t.orders + excluded.orders,
          gross = t.gross + excluded.gross, renewals = t.renewals + excluded.renewals,
          renewal_gross = t.renewal_gross + excluded.renewal_gross, purchases = t.purchases + excluded.purchases,
          purchase_gross = t.purchase_gross + excluded.purchase_gross,
          membership_purchases = t.membership_purchases + excluded.membership_purchases, payers = t.payers + excluded.payers;
    END $$`.execute(db);
  await sql`
    CREATE FUNCTION orders_counted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('DELETE', 'UPDATE') AND OLD.paid_at IS NOT NULL AND OLD.status IN ('paid', 'refunded') THEN
        PERFORM order_days_add(OLD, -1);
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.paid_at IS NOT NULL AND NEW.status IN ('paid', 'refunded') THEN
        PERFORM order_days_add(NEW, 1);
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER orders_counted AFTER INSERT OR DELETE ON orders
    FOR EACH ROW EXECUTE FUNCTION orders_counted()`.execute(db);
  // A refund (paid → refunded) changes nothing counted: only changes of what is counted fire.
  await sql`CREATE TRIGGER orders_recounted
    AFTER UPDATE OF user_id, plan_id, purpose, amount, currency, status, attribution, paid_at ON orders
    FOR EACH ROW WHEN ((OLD.user_id, OLD.plan_id, OLD.purpose, OLD.amount, OLD.currency, OLD.status IN ('paid', 'refunded'),
        OLD.attribution, OLD.paid_at)
      IS DISTINCT FROM (NEW.user_id, NEW.plan_id, NEW.purpose, NEW.amount, NEW.currency, NEW.status IN ('paid', 'refunded'),
        NEW.attribution, NEW.paid_at))
    EXECUTE FUNCTION orders_counted()`.execute(db);

  // Refunds by the day the money went back and their order's currency (an order keeps its currency).
  await sql`
    CREATE TABLE refund_days (
      day date NOT NULL,
      currency text NOT NULL,
      shard smallint NOT NULL,
      refunds bigint NOT NULL,
      amount bigint NOT NULL,
      PRIMARY KEY (day, currency, shard)
    )`.execute(db);
  await sql`
    CREATE FUNCTION refunds_counted() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      cur text;
    BEGIN
      IF TG_OP IN ('DELETE', 'UPDATE') AND OLD.status = 'succeeded' AND OLD.completed_at IS NOT NULL THEN
        SELECT currency INTO cur FROM orders WHERE id = OLD.order_id;
        -- Not found: the order was deleted with its refunds, and took them off itself (below).
        IF FOUND THEN
          INSERT INTO refund_days AS t (day, currency, shard, refunds, amount)
            VALUES ((OLD.completed_at AT TIME ZONE 'UTC')::date, cur, floor(random() * 8)::smallint, -1, -OLD.amount)
            ON CONFLICT (day, currency, shard) DO UPDATE SET refunds = t.refunds + excluded.refunds, amount = t.amount + excluded.amount;
        END IF;
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'succeeded' AND NEW.completed_at IS NOT NULL THEN
        SELECT currency INTO cur FROM orders WHERE id = NEW.order_id;
        INSERT INTO refund_days AS t (day, currency, shard, refunds, amount)
          VALUES ((NEW.completed_at AT TIME ZONE 'UTC')::date, cur, floor(random() * 8)::smallint, 1, NEW.amount)
          ON CONFLICT (day, currency, shard) DO UPDATE SET refunds = t.refunds + excluded.refunds, amount = t.amount + excluded.amount;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER refunds_counted AFTER INSERT OR DELETE ON refunds
    FOR EACH ROW EXECUTE FUNCTION refunds_counted()`.execute(db);
  await sql`CREATE TRIGGER refunds_recounted AFTER UPDATE OF order_id, amount, status, completed_at ON refunds
    FOR EACH ROW WHEN ((OLD.order_id, OLD.amount, OLD.status = 'succeeded', OLD.completed_at)
      IS DISTINCT FROM (NEW.order_id, NEW.amount, NEW.status = 'succeeded', NEW.completed_at))
    EXECUTE FUNCTION refunds_counted()`.execute(db);
  await sql`
    CREATE FUNCTION order_deleted_refunds_uncounted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO refund_days AS t (day, currency, shard, refunds, amount)
        SELECT (completed_at AT TIME ZONE 'UTC')::date, OLD.currency, floor(random() * 8)::smallint, -count(*), -sum(amount)
        FROM refunds WHERE order_id = OLD.id AND status = 'succeeded' AND completed_at IS NOT NULL GROUP BY 1
        ON CONFLICT (day, currency, shard) DO UPDATE SET refunds = t.refunds + excluded.refunds, amount = t.amount + excluded.amount;
      RETURN OLD;
    END $$`.execute(db);
  await sql`CREATE TRIGGER orders_deleted_refunds_uncounted BEFORE DELETE ON orders
    FOR EACH ROW EXECUTE FUNCTION order_deleted_refunds_uncounted()`.execute(db);

  await backfill(db);

  // The dashboard's other per-period counts, on small partial indexes instead of wider scans.
  await sql`CREATE INDEX orders_failed_renewals_idx ON orders (updated_at) WHERE purpose = 'renewal' AND status = 'failed'`.execute(
    db,
  );
  await sql`CREATE INDEX grants_membership_created_idx ON grants (created_at) WHERE kind = 'membership'`.execute(db);
}

/** Fills the counters from the rows (exported for the tests, which compare it with the triggers' totals). */
export async function backfill(db: Kysely<unknown>): Promise<void> {
  await sql`
    INSERT INTO arrival_days (day, shard, visitors, accounts)
    SELECT (created_at AT TIME ZONE 'UTC')::date, 0, count(*), count(*) FILTER (WHERE NOT is_guest)
    FROM users WHERE role = 'viewer' AND disabled_at IS NULL GROUP BY 1`.execute(db);
  await sql`
    INSERT INTO payer_days (user_id, currency, day, orders)
    SELECT user_id, currency, (paid_at AT TIME ZONE 'UTC')::date, count(*)
    FROM orders WHERE paid_at IS NOT NULL AND status IN ('paid', 'refunded') GROUP BY 1, 2, 3`.execute(db);
  await sql`
    INSERT INTO payer_last_days (currency, day, shard, payers)
    SELECT currency, last, 0, count(*) FROM (SELECT currency, max(day) AS last FROM payer_days GROUP BY user_id, currency) x
    GROUP BY 1, 2`.execute(db);
  await sql`
    INSERT INTO order_days (day, currency, source, shard, orders, gross, renewals, renewal_gross, purchases,
      purchase_gross, membership_purchases, payers)
    SELECT day, currency, source, 0, count(*), sum(amount), count(*) FILTER (WHERE purpose = 'renewal'),
      COALESCE(sum(amount) FILTER (WHERE purpose = 'renewal'), 0), count(*) FILTER (WHERE purpose = 'purchase'),
      COALESCE(sum(amount) FILTER (WHERE purpose = 'purchase'), 0),
      count(*) FILTER (WHERE purpose = 'purchase' AND membership),
      -- Each payer of the day once, in the row of their first order that day.
      count(*) FILTER (WHERE first_of_day)
    FROM (SELECT (o.paid_at AT TIME ZONE 'UTC')::date AS day, o.currency, order_source(o.attribution) AS source,
        o.amount, o.purpose, p.kind = 'membership' AS membership,
        row_number() OVER (PARTITION BY o.user_id, o.currency, (o.paid_at AT TIME ZONE 'UTC')::date ORDER BY o.id) = 1 AS first_of_day
      FROM orders o JOIN plans p ON p.id = o.plan_id
      WHERE o.paid_at IS NOT NULL AND o.status IN ('paid', 'refunded')) x
    GROUP BY 1, 2, 3`.execute(db);
  await sql`
    INSERT INTO refund_days (day, currency, shard, refunds, amount)
    SELECT (r.completed_at AT TIME ZONE 'UTC')::date, o.currency, 0, count(*), sum(r.amount)
    FROM refunds r JOIN orders o ON o.id = r.order_id WHERE r.status = 'succeeded' AND r.completed_at IS NOT NULL
    GROUP BY 1, 2`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX grants_membership_created_idx, orders_failed_renewals_idx`.execute(db);
  await sql`DROP TRIGGER orders_deleted_refunds_uncounted ON orders`.execute(db);
  await sql`DROP TRIGGER refunds_recounted ON refunds`.execute(db);
  await sql`DROP TRIGGER refunds_counted ON refunds`.execute(db);
  await sql`DROP FUNCTION order_deleted_refunds_uncounted(), refunds_counted()`.execute(db);
  await sql`DROP TRIGGER orders_recounted ON orders`.execute(db);
  await sql`DROP TRIGGER orders_counted ON orders`.execute(db);
  await sql`DROP TRIGGER users_arrival_recounted ON users`.execute(db);
  await sql`DROP TRIGGER users_arrival_counted ON users`.execute(db);
  await sql`DROP FUNCTION orders_counted(), order_days_add(orders, integer), users_arrival_counted()`.execute(db);
  await sql`DROP TABLE refund_days, payer_last_days, payer_days, order_days, arrival_days`.execute(db);
  await sql`DROP FUNCTION order_source(jsonb)`.execute(db);
}
