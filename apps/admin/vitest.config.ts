import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);
// Both react-router entries point at its ES build; otherwise the tests can load the CommonJS build for
// one entry and the ES build for the other, and the router context of one is invisible to the other.
const routerBuild = (file: string) =>
  fileURLToPath(new URL(`dist/development/${file}`, pathToFileURL(require.resolve('react-router/package.json'))));

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  test: {
    name: 'admin',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
    restoreMocks: true,
    // Tests render whole pages in jsdom: on a loaded machine one takes several seconds, and its waits
    // (asyncUtilTimeout, 20 s in src/test-setup.ts) must fit inside the test's own time.
    testTimeout: 60_000,
    alias: [
      { find: /^react-router$/, replacement: routerBuild('index.mjs') },
      { find: /^react-router\/dom$/, replacement: routerBuild('dom-export.mjs') },
    ],
  },
});
