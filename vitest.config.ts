import { defineConfig } from 'vitest/config';

/**
 * Server test files that never open a database: they run once, in server:pglite, since a second run
 * on PostgreSQL would test exactly the same thing. A file that starts using a database leaves this list.
 */
const DATABASE_FREE = [
  'src/cache/*.test.ts',
  'src/env.test.ts',
  'src/env-tracking.test.ts',
  'src/events.test.ts',
  'src/db/data-dir-lock.test.ts',
  'src/http/compression.test.ts',
  'src/http/language.test.ts',
  'src/http/prebuilt.test.ts',
  'src/http/redirect-target.test.ts',
  'src/jobs/runner.test.ts',
  'src/mail/mailer.test.ts',
  'src/media/media-units.test.ts',
  'src/media/subtitle-seal.test.ts',
  'src/media/subtitle-check.test.ts',
  'src/media/storage/storage-contract.test.ts',
  'src/modules/access/unlocks-readers.test.ts',
  'src/modules/accounts/account-emails.test.ts',
  'src/modules/accounts/passwords.test.ts',
  'src/modules/accounts/session-cache.test.ts',
  'src/modules/billing/billing-emails.test.ts',
  'src/modules/catalog/demo/demo-catalog.test.ts',
  'src/modules/catalog/search-query.test.ts',
  'src/modules/playback/byte-range.test.ts',
  'test/console-origin-main.test.ts',
  'test/sql-in-repositories.test.ts',
];

// Server tests run twice: on the embedded PGlite and on a real PostgreSQL.
const serverProject = (db: 'pglite' | 'postgres') => ({
  test: {
    name: `server:${db}`,
    root: 'apps/server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: db === 'postgres' ? DATABASE_FREE : [],
    environment: 'node',
    env: { TEST_DB: db, NODE_ENV: 'test' },
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks' as const,
    // A worker loads the app's modules once for all its files, not once a file (a few seconds each):
    // every file builds its own app on its own database (test/test-app.ts), and no server test
    // changes module state.
    isolate: false,
  },
});

export default defineConfig({
  test: {
    projects: [serverProject('pglite'), serverProject('postgres'), 'apps/*/vitest.config.ts'],
    maxWorkers: 2,
  },
});
