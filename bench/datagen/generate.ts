// Fills a PostgreSQL database of its own with a catalog and an audience the size of a grown business
// (at --scale 1: 10,000 series × 60 episodes in five languages, 1,000,000 viewers, 10,000,000 plays,
// 3,000,000 favorites, 5,000,000 history rows, 500,000 orders), with set-based SQL only. Generated
// ids are deterministic (user n is md5('u' || n)), so rows refer to each other without joins.
import crypto from 'node:crypto';
import { Kysely, Migrator, PostgresDialect } from 'kysely';
import pg from 'pg';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import { migrationProvider } from '../../apps/server/src/db/migrations/index';
import { ADJECTIVES, EPISODE_WORD, LANGS, MORE_NOUNS, NOUNS, SYNOPSIS, TAGS } from './words';

export const SCALE_DATABASE_URL = process.env.SCALE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/episodic_scale';
export const EPISODES_PER_SERIES = 60;
const MARKER = 'bench:generated';

export interface Sizes {
  series: number;
  users: number;
  plays: number;
  favorites: number;
  history: number;
  orders: number;
}

export function sizesOf(scale: number): Sizes {
  const n = (full: number, min: number) => Math.max(min, Math.round(full * scale));
  return {
    series: n(10_000, 50),
    users: n(1_000_000, 300),
    plays: n(10_000_000, 3_000),
    favorites: n(3_000_000, 900),
    history: n(5_000_000, 1_500),
    orders: n(500_000, 150),
  };
}

/**
 * What the data depends on: the generator's SQL (at scale 1) and the migrations it was written
 * against (those up to BASE_MIGRATIONS). A change to either regenerates; later migrations are applied
 * to the generated rows, as a deployment would apply them.
 */
const BASE_MIGRATIONS = '0021-refund-rewards';
export async function schemaHash(): Promise<string> {
  const names = Object.keys(await migrationProvider.getMigrations())
    .sort()
    .filter((n) => n <= BASE_MIGRATIONS);
  return crypto
    .createHash('sha256')
    .update(names.join(','))
    .update(JSON.stringify(steps(sizesOf(1))))
    .digest('hex')
    .slice(0, 16);
}

const arr = (list: readonly string[]) => `ARRAY[${list.map((w) => `'${w.replace(/'/g, "''")}'`).join(',')}]`;

/** The SQL steps, in order; `:S`-style names are replaced by the sizes. */
function steps(s: Sizes): [string, string][] {
  const E = EPISODES_PER_SERIES;
  const title = (l: (typeof LANGS)[number]) =>
    `(${arr(ADJECTIVES[l])})[1 + g % 10] || ' ' || (${arr(NOUNS[l])})[1 + (g / 10) % 10] || ': ' || (${arr(MORE_NOUNS[l])})[1 + (g / 100) % 10]`;
  const synopsis = (l: (typeof LANGS)[number]) => {
    const [a, b, c, d] = SYNOPSIS[l].map((x) => `'${x.replace(/'/g, "''")}'`);
    return `${a} || lower((${arr(NOUNS[l])})[1 + (g / 3) % 10]) || ${b} || lower((${arr(MORE_NOUNS[l])})[1 + (g / 7) % 10]) || ${c} || lower((${arr(NOUNS[l])})[1 + (g / 13 + 5) % 10]) || ${d}`;
  };
  // A user's id and a skewed pick among n (low numbers far more often: popular series, early episodes).
  const uid = (n: string) => `md5('u' || (${n}))::uuid`;
  const skew = (n: number, power: number) => `(1 + floor(${n} * power(random(), ${power})))::int`;
  return [
    [
      'tags',
      `INSERT INTO tags (id, slug, position) SELECT g, 'tag-' || g, g FROM generate_series(1, ${TAGS.length}) g;
       INSERT INTO tag_translations (tag_id, language, name)
         SELECT g, l, (${arr(TAGS)})[g] FROM generate_series(1, ${TAGS.length}) g, unnest(${arr(LANGS)}) l;`,
    ],
    [
      'series',
      // 3 % drafts; published over two years, newest with the highest ids.
      `INSERT INTO series (id, status, series_price, play_count, published_at, created_at)
         SELECT g, CASE WHEN g % 33 = 0 THEN 'draft' ELSE 'published' END, CASE WHEN g % 10 = 0 THEN 990 END,
           floor(1e6 * power(random(), 8)), now() - make_interval(hours => ${s.series} - g), now() - interval '2 years'
         FROM generate_series(1, ${s.series}) g;
       INSERT INTO series_translations (series_id, language, title, synopsis)
         ${LANGS.map((l) => `SELECT g, '${l}', ${title(l)}, ${synopsis(l)} FROM generate_series(1, ${s.series}) g`).join(' UNION ALL ')};
       INSERT INTO series_tags (series_id, tag_id, position)
         SELECT g, ${skew(TAGS.length, 2)}, k FROM generate_series(1, ${s.series}) g, generate_series(0, 2) k WHERE k = 0 OR random() < 0.5
         ON CONFLICT DO NOTHING;`,
    ],
    [
      'episodes',
      // A few series still packaging (none of their episodes ready): published but not visible.
      `INSERT INTO episodes (id, series_id, number, status, free, unlock_cost, duration_ms, media_status)
         SELECT (g - 1) * ${E} + n, g, n, CASE WHEN n > ${E - 2} AND g % 7 = 0 THEN 'draft' ELSE 'published' END,
           n <= 5, 30, 90000, CASE WHEN g % 41 = 0 THEN 'processing' ELSE 'ready' END
         FROM generate_series(1, ${s.series}) g, generate_series(1, ${E}) n;
       INSERT INTO episode_translations (episode_id, language, title)
         SELECT e.id, l.l, l.w || ' ' || e.number FROM episodes e,
           (VALUES ${LANGS.map((l) => `('${l}', '${EPISODE_WORD[l]}')`).join(', ')}) l(l, w);`,
    ],
    [
      'users',
      // A third are accounts (email), the rest guests; arrivals over the last year.
      `INSERT INTO users (id, email, is_guest, language, created_at, updated_at)
         SELECT ${uid('g')}, CASE WHEN g % 3 = 0 THEN 'viewer' || g || '@example.com' END, g % 3 <> 0,
           (${arr(LANGS)})[1 + g % 5], now() - random() * interval '365 days', now()
         FROM generate_series(1, ${s.users}) g;`,
    ],
    [
      'plays',
      // Skewed: a few series and the first episodes take most plays; more of them recently.
      // In key order, so the primary key's index grows at its end instead of everywhere at once.
      `INSERT INTO episode_plays (episode_id, viewer, day)
         SELECT * FROM (SELECT (${skew(s.series, 3)} - 1) * ${E} + ${skew(E, 2)} AS e, ${uid(skew(s.users, 1))}::text AS v,
           current_date - floor(180 * power(random(), 1.5))::int AS d
         FROM generate_series(1, ${s.plays})) x ORDER BY e, d, v ON CONFLICT DO NOTHING;`,
    ],
    [
      'favorites',
      `INSERT INTO favorites (user_id, series_id, created_at)
         SELECT ${uid('1 + i % ' + s.users)}, 1 + (abs(hashint4(1 + i % ${s.users})::bigint) + (i / ${s.users}) * 4111) % ${s.series},
           now() - random() * interval '300 days'
         FROM generate_series(0, ${s.favorites - 1}) i ORDER BY 1, 2 ON CONFLICT DO NOTHING;`,
    ],
    [
      'history',
      `INSERT INTO watch_history (user_id, series_id, episode_id, position_ms, finished, updated_at)
         SELECT u, sr, (sr - 1) * ${E} + 1 + (i % ${E}), (i % 90) * 1000, i % 4 = 0, now() - random() * interval '180 days'
         FROM (SELECT i, ${uid('1 + i % ' + s.users)} AS u,
             1 + (abs(hashint4(1 + i % ${s.users})::bigint) + (i / ${s.users}) * 7919) % ${s.series} AS sr
           FROM generate_series(0, ${s.history - 1}) i) x ORDER BY 1, 2 ON CONFLICT DO NOTHING;`,
    ],
    [
      'orders',
      // Accounts buy (heavy buyers more often); 85 % paid, 1 in 50 of those refunded since.
      `INSERT INTO orders (user_id, plan_id, amount, currency, status, provider, provider_ref, failure_reason, attribution, created_at, updated_at, paid_at)
         SELECT ${uid('3 * ' + skew(Math.floor(s.users / 3), 1.3))}, p.id, p.price, p.currency,
           CASE WHEN r < 0.85 THEN (CASE WHEN i % 50 = 0 THEN 'refunded' ELSE 'paid' END) WHEN r < 0.95 THEN 'failed' ELSE 'cancelled' END,
           'sandbox', 'sbx_' || md5('o' || i), CASE WHEN r >= 0.85 AND r < 0.95 THEN 'card_declined' END,
           CASE WHEN i % 5 = 0 THEN jsonb_build_object('fbclid', 'fb' || i) WHEN i % 7 = 0 THEN jsonb_build_object('ttclid', 'tt' || i) END,
           at, at, CASE WHEN r < 0.85 THEN at + interval '20 seconds' END
         FROM (SELECT i, random() AS r, now() - random() * interval '365 days' AS at,
             (ARRAY['weekly','monthly','yearly','coins-300','coins-1000','coins-2500'])[1 + i % 6] AS plan
           FROM generate_series(1, ${s.orders}) i) x JOIN plans p ON p.id = x.plan;
       INSERT INTO refunds (order_id, amount, status, reason, created_at, updated_at, completed_at)
         SELECT id, amount, 'succeeded', 'Asked by the viewer', paid_at + interval '1 day', paid_at + interval '1 day', paid_at + interval '1 day'
         FROM orders WHERE status = 'refunded';`,
    ],
    [
      'homepage',
      `INSERT INTO homepage_sections (id, slug, kind, position) VALUES
         (1, 'featured', 'featured', 0), (2, 'trending', 'trending', 1), (3, 'categories', 'categories', 2), (4, 'newest', 'newest', 3);
       INSERT INTO homepage_section_translations (section_id, language, title)
         SELECT id, l, initcap(slug) FROM homepage_sections, unnest(${arr(LANGS)}) l;
       INSERT INTO homepage_section_items (section_id, series_id, position)
         SELECT 1, id, row_number() OVER (ORDER BY play_count DESC) FROM series WHERE status = 'published' ORDER BY play_count DESC LIMIT 5;
       INSERT INTO homepage_section_tags (section_id, tag_id, position) SELECT 3, g, g FROM generate_series(1, 6) g;`,
    ],
    [
      'sequences and statistics',
      `SELECT setval(pg_get_serial_sequence(t, 'id'), (SELECT max(id) FROM tags) + 1000) FROM (VALUES ('tags')) v(t);
       SELECT setval(pg_get_serial_sequence('series', 'id'), ${s.series} + 1);
       SELECT setval(pg_get_serial_sequence('episodes', 'id'), ${s.series * E} + 1);
       SELECT setval(pg_get_serial_sequence('homepage_sections', 'id'), 100);
`,
    ],
  ];
}

/** To the generator's base migrations (`upTo`), else to the newest. */
async function migrate(url: URL, upTo?: string): Promise<string[]> {
  const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
  try {
    if (!upTo) return await migrateToLatest(db);
    const migrator = new Migrator({
      db,
      provider: migrationProvider,
      migrationTableName: 'schema_migrations',
      migrationLockTableName: 'schema_migrations_lock',
    });
    const { error } = await migrator.migrateTo(upTo);
    if (error) throw error;
    return [];
  } finally {
    await db.destroy();
  }
}

async function analyze(url: URL): Promise<void> {
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  await client.query('VACUUM ANALYZE').finally(() => client.end());
}

/** Creates (or reuses) the database and fills it; skips when it already holds this scale and schema. */
export async function generate(opts: { url?: string; scale: number; log?: (line: string) => void }) {
  const log = opts.log ?? console.log;
  const url = new URL(opts.url ?? SCALE_DATABASE_URL);
  const name = url.pathname.slice(1);
  if (!/^[a-z0-9_]+$/.test(name) || name === 'test') throw new Error(`refusing to fill database "${name}"`);
  const hash = await schemaHash();
  const want = { scale: opts.scale, hash };
  const server = new URL(url);
  server.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: server.toString() });
  await admin.connect();
  let keep = false;
  try {
    const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount;
    if (exists) {
      const probe = new pg.Client({ connectionString: url.toString() });
      await probe.connect();
      const marker = await probe
        .query<{ value: unknown }>('SELECT value FROM system_state WHERE key = $1', [MARKER])
        .catch(() => ({ rows: [] as { value: unknown }[] }));
      await probe.end();
      const found = marker.rows[0]?.value as typeof want | undefined;
      keep = found?.scale === want.scale && found.hash === want.hash;
      if (!keep) await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
    }
    if (!keep) await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  if (keep) {
    const applied = await migrate(url);
    // New tables and indexes get their statistics now rather than whenever autovacuum comes by.
    if (applied.length) await analyze(url);
    const note = applied.length ? `; applied ${applied.join(', ')}` : '';
    log(`${name}: already generated at scale ${opts.scale} (${hash}), kept${note}`);
    return { generated: false, seconds: 0 };
  }

  const started = Date.now();
  // The rows are written against the base schema; later migrations then run on them as on a live
  // database (backfills included), after the fill.
  await migrate(url, BASE_MIGRATIONS);
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    // The rows are consistent by construction: foreign-key triggers off (superuser only) for speed.
    await client.query(
      `SET synchronous_commit = off; SET maintenance_work_mem = '512MB'; SET work_mem = '64MB'; SET session_replication_role = replica`,
    );
    const sizes = sizesOf(opts.scale);
    for (const [label, text] of steps(sizes)) {
      const t0 = Date.now();
      await client.query(text);
      log(`  ${label.padEnd(26)} ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    }
    await client.query('SET session_replication_role = DEFAULT');
    await client.query('VACUUM ANALYZE');
    await client.query('INSERT INTO system_state (key, value) VALUES ($1, $2)', [MARKER, JSON.stringify(want)]);
    const t0 = Date.now();
    const applied = await migrate(url);
    if (applied.length) {
      await client.query('VACUUM ANALYZE');
      log(`  applied ${applied.join(', ')}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    }
    const seconds = Math.round((Date.now() - started) / 1000);
    log(`${name}: generated at scale ${opts.scale} in ${seconds} s`);
    return { generated: true, seconds };
  } finally {
    await client.end();
  }
}
