// The lint config of a remote (`@ajo/tooling/eslint-remote`), the same inside the monorepo and in a
// team's repository of its own: a remote's eslint.config.mjs is
//   import { remoteLintConfig } from '@ajo/tooling/eslint-remote';
//   export default remoteLintConfig({ dir: import.meta.dirname });
// (spread it into an array to add the team's own entries). It holds what the
// workspace config (the monorepo's root eslint.config.mjs) holds for a remote: the recommended
// rules, hooks, no import cycles, one router and one rxjs per page, and the import direction of
// docs/conventions.md §2 (a remote imports no other app; the host's modules only through
// @ajo/remote-kit/host). The root config keeps the zones only the monorepo has (one remote's folder
// against another's, when linting from the root).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/** The platform's app packages: a remote imports none of them but itself. */
const APP_PACKAGES = ['@ajo/host', '@ajo/mfe-*', '@ajo/middleware', '@ajo/control-plane'];

const ROUTER_AND_RXJS = {
  paths: [
    {
      name: 'rxjs',
      message: 'Import rxjs through @ajo/shared/rx (one Observable class per page).',
      allowTypeImports: true,
    },
    {
      name: 'react-router-dom',
      message: 'Import the router through @ajo/shared/router (one router per page).',
      allowTypeImports: true,
    },
  ],
  patterns: [
    {
      group: ['rxjs/*'],
      message: 'Import rxjs through @ajo/shared/rx (one Observable class per page).',
      allowTypeImports: true,
    },
    {
      group: ['react-router', 'react-router/*', 'react-router-dom/*', '@remix-run/router'],
      message: 'Import the router through @ajo/shared/router (one router per page).',
      allowTypeImports: true,
    },
  ],
};

/**
 * `no-restricted-imports` patterns of one remote (package `packageName`): no other app package, no
 * other package by path. Shared with the root config, which scopes them to the remote's folder.
 */
export function remoteImportPatterns(packageName) {
  const others = APP_PACKAGES.flatMap((p) => [p, `${p}/*`]);
  return [
    {
      group: [...others, `!${packageName}`, `!${packageName}/*`],
      message:
        "A remote never imports another remote or the host; it reaches the host's modules through @ajo/remote-kit/host.",
    },
    {
      regex: '^\\.{1,2}/(.+/)?(host|shared|remote-kit|tooling)/',
      message:
        'Other packages are imported by name and their exports (@ajo/shared/..., @ajo/remote-kit/...), never by path.',
    },
    {
      regex: '^\\.{1,2}/(.+/)?mfe-[^/]+/',
      message: "A remote never reaches into another remote's files.",
    },
    {
      regex: '^host/',
      message:
        "Reach the host's modules through @ajo/remote-kit/host (its loader and their types).",
    },
  ];
}

/** The whole config of the remote in `dir` (its package.json names it, its tsconfig resolves imports). */
export function remoteLintConfig({ dir }) {
  const { name } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  return tseslint.config(
    { ignores: ['**/dist/**', '**/node_modules/**', '**/coverage/**', '**/test-results/**'] },
    js.configs.recommended,
    ...tseslint.configs.recommended,
    {
      languageOptions: { globals: { ...globals.browser, ...globals.node } },
      rules: {
        '@typescript-eslint/no-unused-vars': [
          'error',
          { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
        ],
        '@typescript-eslint/consistent-type-imports': 'error',
      },
    },
    // No import cycles: a cycle makes module initialisation order-dependent.
    {
      files: ['**/*.{ts,tsx,js,mjs,cjs}'],
      plugins: { 'import-x': importX },
      settings: {
        'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
        'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
        'import-x/resolver-next': [
          createTypeScriptImportResolver({
            project: path.join(dir, 'tsconfig.json'),
            alwaysTryTypes: true,
          }),
        ],
      },
      rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
    },
    {
      files: ['**/*.tsx', '**/*.ts'],
      plugins: { 'react-hooks': reactHooks },
      rules: reactHooks.configs.recommended.rules,
    },
    // One router and one rxjs per page (a second copy would be bundled silently); tests may use
    // MemoryRouter.
    {
      files: ['**/*.{ts,tsx,js,mjs,cjs}'],
      ignores: ['**/*.test.{ts,tsx}'],
      rules: { '@typescript-eslint/no-restricted-imports': ['error', ROUTER_AND_RXJS] },
    },
    { rules: { 'no-restricted-imports': ['error', { patterns: remoteImportPatterns(name) }] } },
  );
}
