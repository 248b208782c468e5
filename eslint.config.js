// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import prettier from 'eslint-config-prettier/flat';

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
const moduleInternals = {
  regex: '(^|/)modules/[^/]+/(?!index$)[^/]+$',
  message: 'Use another module only through its index.ts.',
};
const siblingModuleInternals = {
  regex: '^\\.\\./(?!\\.\\.)[^/]+/(?!index$)[^/]+$',
  message: 'Use another module only through its index.ts.',
};

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
    // Playwright reads a fixture's dependencies from its first parameter, which must be destructured,
    // even when empty (`async ({}, use) => …`).
    files: ['e2e/**'],
    rules: { 'no-empty-pattern': 'off' },
  },
  // Layout is Prettier's (npm run format); no ESLint rule may disagree with it.
  prettier,
);
