import { sql, type Kysely } from 'kysely';

/**
 * The operator console: the audit log of every operator change, coin and membership grants,
 * refunds (one per order, claimed before the provider is asked) and the queue of uploaded videos
 * to package. Plus the indexes the console's searches and the dashboard's period queries read through.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE audit_log (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      actor_id uuid REFERENCES users (id) ON DELETE SET NULL,
      actor_email text,
      action text NOT NULL CHECK (action ~ '^[a-z][a-z0-9_-]*\\.[a-z][a-z0-9_-]*$'),
      target_type text NOT NULL CHECK (length(target_type) BETWEEN 1 AND 40),
      target_id text CHECK (length(target_id) <= 100),
      summary text NOT NULL DEFAULT '' CHECK (length(summary) <= 500),
      before jsonb,
      after jsonb,
      reason text CHECK (length(reason) <= 500),
      ip text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX audit_log_target_idx ON audit_log (target_type, target_id, id DESC)`.execute(db);
  await sql`CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, id DESC)`.execute(db);
  await sql`CREATE INDEX audit_log_action_idx ON audit_log (action text_pattern_ops, id DESC)`.execute(db);
  // Append-only: an entry never changes and is never removed; only its actor link is cleared when
  // the operator's account is deleted (the email stays).
  await sql`
    CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        RAISE EXCEPTION 'the audit log is append-only';
      END IF;
      IF NEW.actor_id IS NOT NULL OR (to_jsonb(NEW) - 'actor_id') IS DISTINCT FROM (to_jsonb(OLD) - 'actor_id') THEN
        RAISE EXCEPTION 'the audit log is append-only';
      END IF;
      RETURN NEW;
    END
    $$`.execute(db);
  await sql`CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`.execute(
    db,
  );

  // The request id makes a grant idempotent: the same form sent twice grants once.
  await sql`
    CREATE TABLE grants (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('coins', 'membership')),
      coins integer CHECK (coins IS NULL OR coins > 0),
      days integer CHECK (days IS NULL OR days > 0),
      plan_id text REFERENCES plans (id),
      reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 500),
      actor_id uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((kind = 'coins' AND coins IS NOT NULL) OR (kind = 'membership' AND days IS NOT NULL AND plan_id IS NOT NULL))
    )`.execute(db);
  await sql`CREATE INDEX grants_user_idx ON grants (user_id, created_at DESC)`.execute(db);

  // One refund per order. The row is the claim: whoever inserts it asks the provider; a failed
  // refund can be claimed again, a stale "processing" one after its lease.
  await sql`
    CREATE TABLE refunds (
      order_id uuid PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
      amount integer NOT NULL CHECK (amount > 0),
      status text NOT NULL CHECK (status IN ('processing', 'succeeded', 'failed')),
      reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 500),
      actor_id uuid REFERENCES users (id) ON DELETE SET NULL,
      error text,
      coins_reversed integer NOT NULL DEFAULT 0,
      coins_short integer NOT NULL DEFAULT 0,
      membership_ends_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      completed_at timestamptz
    )`.execute(db);

  // Uploaded episode videos waiting to be packaged, one row per upload. A job is claimed by the
  // instance that holds its upload (`host`), under a lease, so a crashed worker's job runs again.
  await sql`
    CREATE TABLE media_jobs (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      episode_id integer NOT NULL REFERENCES episodes (id) ON DELETE CASCADE,
      upload_id text NOT NULL UNIQUE CHECK (upload_id ~ '^[A-Za-z0-9_-]{1,100}$'),
      file_name text NOT NULL DEFAULT '' CHECK (length(file_name) <= 255),
      host text NOT NULL,
      status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
      stage text,
      percent integer NOT NULL DEFAULT 0 CHECK (percent BETWEEN 0 AND 100),
      error text,
      attempts integer NOT NULL DEFAULT 0,
      lease_until timestamptz,
      actor_id uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX media_jobs_queue_idx ON media_jobs (host, id) WHERE status IN ('queued', 'running')`.execute(
    db,
  );
  await sql`CREATE INDEX media_jobs_episode_idx ON media_jobs (episode_id, id DESC)`.execute(db);

  // Searches and period queries of the console.
  await sql`CREATE INDEX users_email_trgm_idx ON users USING gin (email gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX users_created_idx ON users (created_at)`.execute(db);
  await sql`CREATE INDEX orders_created_idx ON orders (created_at DESC)`.execute(db);
  await sql`CREATE INDEX orders_paid_idx ON orders (paid_at) WHERE paid_at IS NOT NULL`.execute(db);
  await sql`CREATE INDEX memberships_cancelled_idx ON memberships (cancelled_at) WHERE cancelled_at IS NOT NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX memberships_cancelled_idx, orders_paid_idx, orders_created_idx, users_created_idx, users_email_trgm_idx`.execute(
    db,
  );
  await sql`DROP TABLE media_jobs, refunds, grants, audit_log`.execute(db);
  await sql`DROP FUNCTION audit_log_append_only()`.execute(db);
}
