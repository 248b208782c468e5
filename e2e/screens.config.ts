import baseConfig from './playwright.config';
import { defineConfig } from '@playwright/test';

// Screenshots of the viewer's screens in all five languages (not a test run):
// `node scripts/build.mjs && npx playwright test -c e2e/screens.config.ts`. Pictures and one contact
// sheet per screen (the five languages side by side) land in e2e/artifacts/screens/languages/.
export default defineConfig({
  ...baseConfig,
  testMatch: '**/*.screens.ts',
  workers: 1,
  timeout: 180_000,
});
