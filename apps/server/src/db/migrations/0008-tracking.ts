import { sql, type Kysely } from 'kysely';

/**
 * Tracking: events the browser reports (and beacons), each user's attribution at first and last
 * touch, and the outbox of conversions sent server to server to the ad platforms.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE tracking_events (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      event_id text NOT NULL UNIQUE CHECK (length(event_id) BETWEEN 1 AND 100),
      event_name text NOT NULL CHECK (length(event_name) BETWEEN 1 AND 80),
      source text NOT NULL CHECK (source IN ('report', 'beacon')),
      event_time timestamptz NOT NULL,
      value_minor bigint CHECK (value_minor >= 0),
      currency text CHECK (currency ~ '^[A-Z]{3}$'),
      order_id text,
      search_string text,
      event_source_url text,
      action_source text NOT NULL DEFAULT 'website',
      consent text CHECK (consent IN ('granted', 'denied')),
      user_id uuid REFERENCES users (id) ON DELETE CASCADE,
      referer_token text,
      fbclid text,
      ttclid text,
      user_agent text,
      ip text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX tracking_events_user_idx ON tracking_events (user_id, created_at DESC) WHERE user_id IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX tracking_events_name_idx ON tracking_events (event_name, created_at DESC)`.execute(db);
  await sql`CREATE INDEX tracking_events_created_idx ON tracking_events (created_at)`.execute(db);

  // First touch is written once; last touch follows every arrival with new click ids or referrer token.
  // `fbclid_seen_at` is when the current fbclid was first seen: Meta's fbc carries that time.
  await sql`
    CREATE TABLE tracking_attribution (
      user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      first_fbclid text,
      first_ttclid text,
      first_referer_token text,
      first_landing_url text,
      first_at timestamptz NOT NULL,
      last_fbclid text,
      last_ttclid text,
      last_referer_token text,
      last_landing_url text,
      last_at timestamptz NOT NULL,
      fbclid_seen_at timestamptz,
      fbp text,
      ttp text,
      consent text CHECK (consent IN ('granted', 'denied')),
      consent_at timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  // One row per platform, destination (pixel) and event id: enqueueing twice delivers once.
  await sql`
    CREATE TABLE conversion_outbox (
      platform text NOT NULL CHECK (platform IN ('meta', 'tiktok')),
      destination text NOT NULL CHECK (length(destination) BETWEEN 1 AND 100),
      event_id text NOT NULL,
      event_name text NOT NULL,
      user_id uuid REFERENCES users (id) ON DELETE CASCADE,
      payload jsonb NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      lease_until timestamptz,
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      delivered_at timestamptz,
      PRIMARY KEY (platform, destination, event_id)
    )`.execute(db);
  await sql`CREATE INDEX conversion_outbox_due_idx ON conversion_outbox (next_attempt_at) WHERE status = 'pending'`.execute(
    db,
  );
  await sql`CREATE INDEX conversion_outbox_done_idx ON conversion_outbox (created_at) WHERE status <> 'pending'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE conversion_outbox`.execute(db);
  await sql`DROP TABLE tracking_attribution`.execute(db);
  await sql`DROP TABLE tracking_events`.execute(db);
}
