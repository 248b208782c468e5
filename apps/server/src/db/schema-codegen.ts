// Writes db/schema.ts from the migrated database with kysely-codegen (`npm run db:schema`); the
// schema test compares the committed file with what the migrations produce. Columns whose TEXT
// values a CHECK constraint limits, and the JSON and date columns, keep the types the code reads.
import { generate, PostgresDialect } from 'kysely-codegen';
import type { Kysely } from 'kysely';
import { openPglite } from './connection';
import { migrateToLatest } from './migrate';

const language = 'Language';
const publishStatus = 'Generated<PublishStatus>';
const day = 'ColumnType<Date, string, string>';
const consent = "'granted' | 'denied' | null";
const jsonText = 'ColumnType<unknown, string, string>';

const columns: Record<string, string> = {
  'users.role': "Generated<'viewer' | 'admin'>",
  'users.operator_role': "'owner' | 'content' | 'finance_support' | null",
  'operator_invitations.operator_role': "'owner' | 'content' | 'finance_support'",
  'sessions.kind': "Generated<'viewer' | 'operator'>",
  'pending_links.provider': "'facebook'",
  'user_identities.provider': "'facebook'",
  'tag_translations.language': language,
  'series_translations.language': language,
  'episode_translations.language': language,
  'episode_subtitles.language': language,
  'homepage_section_translations.language': language,
  'plan_translations.language': language,
  'series.status': publishStatus,
  'episodes.status': publishStatus,
  'series.archived_from': "'draft' | 'published' | null",
  'episodes.archived_from': "'draft' | 'published' | null",
  'series_translations.search_vector': 'ColumnType<string, never, never>',
  'episodes.media_status': "Generated<'none' | 'processing' | 'ready' | 'failed'>",
  'episode_media.renditions': 'ColumnType<Rendition[], string, string>',
  'homepage_sections.kind': "'featured' | 'curated' | 'categories' | 'trending' | 'newest'",
  'episode_plays.day': day,
  'series_address_plays.day': day,
  'purged_guests.day': day,
  'check_ins.day': day,
  'reward_claims.kind': "'welcome' | 'first_purchase'",
  'system_state.value': jsonText,
  'plans.kind': "'membership' | 'coins'",
  'coin_ledger.kind': 'LedgerKind',
  'orders.purpose': "Generated<'purchase' | 'renewal'>",
  'orders.status': 'Generated<OrderStatus>',
  'orders.attribution': 'ColumnType<unknown, string | null, string | null> | null',
  'memberships.status': "'active' | 'lapsed'",
  'sandbox_charges.status': "'succeeded' | 'failed' | 'requires_action' | 'refunded'",
  'tracking_events.source': "'report' | 'beacon'",
  'tracking_events.consent': consent,
  'tracking_attribution.consent': consent,
  'conversion_outbox.platform': "'meta' | 'tiktok'",
  'conversion_outbox.payload': jsonText,
  'conversion_outbox.status': "Generated<'pending' | 'delivered' | 'failed'>",
  'audit_log.before': 'ColumnType<unknown, string | null, never> | null',
  'audit_log.after': 'ColumnType<unknown, string | null, never> | null',
  'grants.kind': "'coins' | 'membership'",
  'refunds.status': "'processing' | 'succeeded' | 'failed'",
  'media_jobs.status': "Generated<'queued' | 'running' | 'done' | 'failed'>",
};

const named = ['Language', 'LedgerKind', 'OrderStatus', 'PublishStatus', 'Rendition'];

/** The text of db/schema.ts for an already migrated database. */
export async function generateSchema(db: Kysely<unknown>): Promise<string> {
  const text = await generate({
    db,
    dialect: new PostgresDialect(),
    excludePattern: 'schema_migrations*',
    // int8 (counts, ids, sums) arrives as a JS number: connection.ts sets pg's parser.
    typeMapping: { int8: 'number' },
    overrides: { columns },
    customImports: Object.fromEntries(named.map((name) => [name, './schema-types'])),
    print: false,
    outFile: null,
  });
  return `${text.trimEnd()}\n\nexport type * from './schema-types';\n`;
}

/** Migrates an empty in-memory PGlite and returns the text of db/schema.ts for it. */
export async function generateSchemaFromMigrations(): Promise<string> {
  const database = await openPglite('memory://');
  try {
    await migrateToLatest(database.db as Kysely<unknown>);
    return await generateSchema(database.db as Kysely<unknown>);
  } finally {
    await database.close();
  }
}
