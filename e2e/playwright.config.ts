import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from './browser';

// The browser journeys: Debian's Chromium (never a downloaded one) in a phone viewport with touch.
// One built server with the demo catalog is shared by the journeys (global-setup.ts); a file that needs
// its own configuration starts its own server (see fixtures.ts). `node scripts/build.mjs` first.

// Journeys that change what every viewer of the shared server sees (publishing and archiving series,
// curating home sections) run once the others are done: a reader counting a category's cards while a
// series of it was archived beside it saw one card fewer than it had counted.
const CATALOG_WRITERS = ['**/admin-archive.e2e.test.ts', '**/admin-console.e2e.test.ts'];

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.test.ts',
  globalSetup: './global-setup.ts',
  outputDir: path.join(import.meta.dirname, '../test-results'),
  timeout: 60_000,
  expect: { timeout: 5_000 },
  fullyParallel: false,
  workers: 2,
  // CI runs on a shared machine whose speed varies several-fold between runs: a journey that fails is
  // tried once more there, and `npm test` names every journey that passed only on its second try.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  use: {
    ...devices['iPhone 13'],
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
    actionTimeout: 30_000,
    navigationTimeout: 30_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'journeys', testIgnore: CATALOG_WRITERS },
    { name: 'catalog writers', testMatch: CATALOG_WRITERS, dependencies: ['journeys'] },
  ],
});
