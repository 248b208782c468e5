import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-app';
import type { Database } from './connection';
import { generateSchema } from './schema-codegen';

describe('db/schema.ts', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('is what the migrations produce', async () => {
    const committed = await fs.readFile(path.join(import.meta.dirname, 'schema.ts'), 'utf8');
    const generated = await generateSchema(database.db as Kysely<unknown>);
    expect(generated === committed, 'db/schema.ts is out of date with the migrations: run `npm run db:schema`').toBe(
      true,
    );
  });
});
