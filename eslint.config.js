// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import prettier from 'eslint-config-prettier/flat';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import { readdirSync } from 'node:fs';
import path from 'node:path';

/** Import boundaries: the apps share only packages/contract; server modules meet through their index. */
const otherApp = (...apps) => ({
  regex: `^(\\.\\./)+(apps/)?(${apps.join('|')})/`,
  message: 'Apps never import each other: share code through packages/contract.',
});
const workspaceApp = (...apps) => ({
  regex: `^@episodic/(${apps.join('|')})(/|$)`,
  message: 'Apps never import each other: share code through packages/contract.',
});
/** The viewer app's own links and i18next binding keep React Router's components and react-i18next out of the first load. */
const webFirstLoad = [
  {
    name: 'react-router',
    importNames: ['Link', 'NavLink', 'Routes', 'useRoutes'],
    message: "Use Link/NavLink from shared/links/link (React Router's own bring framework code into the first load).",
  },
  { name: 'react-i18next', message: "Use useTranslation/Trans from shared/i18n (the app's own i18next binding)." },
];
/** The contract's root entry carries TypeBox: the apps take types from it, values from its constants entry. */
const contractValues = {
  name: '@episodic/contract',
  allowTypeImports: true,
  message:
    'Import values from @episodic/contract/constants (or /card): the root entry brings schema code into the bundle.',
};
/** Route files build no schema of their own: they name the contract's. */
const routeSchemas = (name) => ({
  name,
  message: 'Declare request and answer schemas in packages/contract (one file per area) and import them from there.',
});
const moduleInternals = {
  regex: '(^|/)modules/[^/]+/(?!index$)[^/]+$',
  message: 'Use another module only through its index.ts.',
};
const siblingModuleInternals = {
  regex: '^\\.\\./(?!\\.\\.)[^/]+/(?!index$)[^/]+$',
  message: 'Use another module only through its index.ts.',
};

/**
 * The zones of a React app (apps/web, apps/admin), by resolved path: shared/ is used by everything and uses
 * none of the others; a feature uses shared/ and itself only, never another feature, a page or app/; pages/
 * and app/ (with the entry, main.tsx) compose features, each through its public entries: index.ts, and where
 * the first load must stay light a second one, lazy.ts, for what only lazily loaded code uses (the viewer's
 * first load takes in whatever index.ts re-exports). test/ and testing/ (test set-up) may use anything.
 */
function appZones(app) {
  const src = path.join(import.meta.dirname, 'apps', app, 'src');
  const at = (...parts) => path.join(src, ...parts);
  const features = readdirSync(at('features'), { withFileTypes: true }).filter((entry) => entry.isDirectory());
  return [
    ...features.map(({ name }) => ({
      target: at('features', name),
      from: at('features'),
      except: [`./${name}`],
      message: 'A feature never imports another feature: move the shared piece to shared/, compose in pages/ or app/.',
    })),
    {
      target: at('shared'),
      from: [at('features'), at('pages'), at('app')],
      message: 'shared/ never imports features/, pages/ or app/: inject what it needs.',
    },
    {
      target: at('features'),
      from: [at('pages'), at('app')],
      message: 'A feature never imports pages/ or app/.',
    },
    {
      target: [at('pages'), at('app'), at('main.tsx')],
      from: at('features', '*', '**'),
      except: [at('features', '*', 'index.ts'), at('features', '*', 'lazy.ts')],
      message: 'Use a feature through its public entries (index.ts, or lazy.ts for what only lazily loaded code uses).',
    },
  ];
}

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'bench/results/**',
      'coverage/**',
      'e2e/artifacts/**',
      'test-results/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/admin/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['apps/web/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [...webFirstLoad, contractValues],
          patterns: [otherApp('server', 'admin'), workspaceApp('server', 'admin')],
        },
      ],
    },
  },
  {
    // Tests may render React Router's own route components around a page.
    files: ['apps/web/**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [...webFirstLoad.slice(1), contractValues],
          patterns: [otherApp('server', 'admin'), workspaceApp('server', 'admin')],
        },
      ],
    },
  },
  {
    files: ['apps/admin/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [contractValues], patterns: [otherApp('server', 'web'), workspaceApp('server', 'web')] },
      ],
    },
  },
  {
    files: ['packages/contract/**', 'packages/api-client/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [otherApp('server', 'web', 'admin'), workspaceApp('server', 'web', 'admin')] },
      ],
    },
  },
  {
    files: ['apps/server/**'],
    ignores: ['apps/server/src/modules/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [otherApp('web', 'admin'), workspaceApp('web', 'admin'), moduleInternals] },
      ],
    },
  },
  {
    files: ['apps/server/src/modules/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [otherApp('web', 'admin'), workspaceApp('web', 'admin'), moduleInternals, siblingModuleInternals] },
      ],
    },
  },
  {
    // A route declares the contract's schemas: every request and answer schema lives in packages/contract.
    files: ['apps/server/src/modules/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [routeSchemas('typebox'), routeSchemas('@sinclair/typebox')],
          patterns: [otherApp('web', 'admin'), workspaceApp('web', 'admin'), moduleInternals, siblingModuleInternals],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/admin/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/test/**', 'apps/admin/src/testing/**'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })] },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...appZones('web'), ...appZones('admin')] }],
    },
  },
  {
    // Playwright reads a fixture's dependencies from its first parameter, which must be destructured,
    // even when empty (`async ({}, use) => …`).
    files: ['e2e/**'],
    rules: { 'no-empty-pattern': 'off' },
  },
  // Layout is Prettier's (npm run format); no ESLint rule may disagree with it.
  prettier,
);
