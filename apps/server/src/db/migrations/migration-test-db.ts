import { Migrator, type Kysely } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestDatabase } from '../../../test/test-app';
import type { Database } from '../connection';
import { migrationProvider } from './index';

/**
 * A test file's database as it stood after the migration `lastApplied` (opened before its tests and closed
 * after them): a test fills it with what a later migration must judge, then brings it up to date.
 * Untyped, since the schema of the day is not the one `DB` describes.
 */
export function databaseAfter(lastApplied: string): { readonly db: Kysely<unknown>; migrateToLatest(): Promise<void> } {
  let database: Database | undefined;
  const db = (): Kysely<unknown> => {
    if (!database) throw new Error('the database opens in beforeAll');
    return database.db as unknown as Kysely<unknown>;
  };
  const migrator = () =>
    new Migrator({
      db: db(),
      provider: migrationProvider,
      migrationTableName: 'schema_migrations',
      migrationLockTableName: 'schema_migrations_lock',
    });

  beforeAll(async () => {
    database = await createTestDatabase();
    const back = await migrator().migrateTo(lastApplied);
    expect(back.error).toBeUndefined();
  });
  afterAll(() => database?.close());

  return {
    get db() {
      return db();
    },
    async migrateToLatest() {
      const result = await migrator().migrateToLatest();
      expect(result.error).toBeUndefined();
    },
  };
}
