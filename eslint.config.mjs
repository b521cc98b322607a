// One lint config for the workspace. Import direction (CONVENTIONS §2):
// shared <- host <- remotes (at run time, through federation only); no remote imports another.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const remotes = [
  'mfe-onboarding',
  'mfe-wallets',
  'mfe-transfers',
  'mfe-payments',
  'mfe-settings',
  'mfe-public-pages',
];
const appPackages = ['@ajo/host', ...remotes.map((r) => `@ajo/${r}`), '@ajo/middleware'];

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '**/.deploy/**', '**/.data/**', '**/coverage/**', '**/test-results/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // No import cycles in any package: a cycle makes module initialisation order-dependent and hides
  // which layer depends on which. Resolved through each package's tsconfig (paths, .js suffixes).
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: `${import.meta.dirname}/*/tsconfig.json`, alwaysTryTypes: true, noWarnOnMultipleProjects: true }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['**/*.tsx', '**/*.ts'],
    ignores: ['middleware/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['shared/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: appPackages.concat(appPackages.map((p) => `${p}/*`)), message: 'shared imports no app (CONVENTIONS §2).' }] }],
    },
  },
  ...remotes.map((remote) => ({
    files: [`${remote}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: appPackages.filter((p) => p !== `@ajo/${remote}`).flatMap((p) => [p, `${p}/*`]),
              message: 'A remote never imports another remote or the host directly; use the host\'s federated modules (host/api, host/session, host/bus).',
            },
            { group: remotes.filter((r) => r !== remote).map((r) => `**/${r}/**`), message: 'A remote never reaches into another remote\'s files.' },
          ],
        },
      ],
    },
  })),
  {
    files: ['middleware/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@ajo/host', '@ajo/host/*', '@ajo/mfe-*'], message: 'The middleware never imports front-end packages.' }] }],
    },
  },
);
