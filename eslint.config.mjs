// One lint config for the workspace. Import direction (docs/conventions.md §2):
// shared <- host <- remotes (at run time, through federation only); no remote imports another.
// Remotes reach the host's modules only through @ajo/remote-kit; the kit and tooling import no app.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { REMOTES, remoteFolder, remotePackage } from './tooling/remotes.cjs';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { remoteImportPatterns } from './tooling/eslint-remote.mjs';

const remotes = REMOTES.map(remoteFolder);
const appPackages = ['@ajo/host', ...REMOTES.map(remotePackage), '@ajo/middleware', '@ajo/control-plane'];
const noApps = appPackages.flatMap((p) => [p, `${p}/*`]);

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
  // One router and one rxjs per page, reached through @ajo/shared's federation-shared facades: an
  // app file importing the package itself would bundle a second copy, silently (and ship it whole
  // if it were shared: docs/decisions/017-compressed-and-budgeted-first-pages.md). Types are free;
  // tests may use MemoryRouter (jest resolves one copy). A separate rule name, so the import
  // direction rules below do not replace it.
  ...[
    { files: ['**/*.{ts,tsx,js,mjs,cjs}'], ignores: ['shared/**'], patterns: [] },
    // Inside @ajo/shared, one entry reaches another through the package (`@ajo/shared/schemas`), so
    // the page gets the federation-shared instance: a relative import compiles a private copy into
    // the importing entry (money-flow's copy of the schemas brought a second zod to the dashboard).
    // The ui components no entry exports stay relative (stateless, and exporting them would ship them
    // to every page that uses the ui barrel).
    {
      files: ['shared/**/*.{ts,tsx}'],
      ignores: [],
      patterns: [
        {
          regex: '^\\.\\./(constants|entities|events|format|hooks|messages|money-flow|schemas|router|rx)(/|$)|^\\.\\./ui(/(?!summary-list$|pin-field$|live-notice$|button\\.module\\.css$)|$)',
          message: 'Another entry of @ajo/shared is imported through the package (@ajo/shared/<entry>), so the page loads its shared instance, not a private copy.',
          allowTypeImports: true,
        },
      ],
    },
  ].map(({ files, ignores, patterns }) => ({
    files,
    ignores: [...ignores, 'shared/src/router/**', 'shared/src/rx/**', 'middleware/**', '**/*.test.{ts,tsx}', 'remote-kit/src/testing/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'rxjs', message: 'Import rxjs through @ajo/shared/rx (one Observable class per page).', allowTypeImports: true },
            { name: 'react-router-dom', message: 'Import the router through @ajo/shared/router (one router per page).', allowTypeImports: true },
          ],
          patterns: [
            { group: ['rxjs/*'], message: 'Import rxjs through @ajo/shared/rx (one Observable class per page).', allowTypeImports: true },
            { group: ['react-router', 'react-router/*', 'react-router-dom/*', '@remix-run/router'], message: 'Import the router through @ajo/shared/router (one router per page).', allowTypeImports: true },
            ...patterns,
          ],
        },
      ],
    },
  })),
  {
    files: ['shared/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: [...noApps, '@ajo/remote-kit', '@ajo/remote-kit/*'], message: 'shared imports no app (docs/conventions.md §2).' }] }],
    },
  },
  {
    files: ['remote-kit/**', 'tooling/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: noApps, message: 'The remote kit and the tooling serve every app and import none.' }] }],
    },
  },
  ...REMOTES.map((remote) => ({
    files: [`${remoteFolder(remote)}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            // The remote's own config (its folder's eslint.config.mjs, and a team's outside the monorepo).
            ...remoteImportPatterns(remotePackage(remote)),
            { group: remotes.filter((r) => r !== remoteFolder(remote)).map((r) => `**/${r}/**`), message: 'A remote never reaches into another remote\'s files.' },
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
  // The control plane serves the shell's build and judges remote versions by their files; it
  // imports neither (docs/decisions/031-the-control-plane-in-a-package-of-its-own.md).
  {
    files: ['control-plane/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@ajo/host', '@ajo/host/*', '@ajo/mfe-*', '@ajo/middleware', '@ajo/middleware/*'], message: 'The control plane imports no app package: it serves their builds.' }] }],
    },
  },
);
