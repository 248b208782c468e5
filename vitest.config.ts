import { defineConfig } from 'vitest/config';

// Server tests run twice: on the embedded PGlite and on a real PostgreSQL.
const serverProject = (db: 'pglite' | 'postgres') => ({
  test: {
    name: `server:${db}`,
    root: 'apps/server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    env: { TEST_DB: db, NODE_ENV: 'test' },
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks' as const,
  },
});

export default defineConfig({
  test: {
    projects: [serverProject('pglite'), serverProject('postgres'), 'apps/*/vitest.config.ts'],
    maxWorkers: 2,
  },
});
