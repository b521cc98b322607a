// ESM jest (run with --experimental-vm-modules, see package.json) so `import.meta.url` works in
// the code under test: the PGlite worker is located relative to its module.
export default {
  testEnvironment: 'node',
  roots: ['<rootDir>/src'],
  // *.pg.test.ts need PostgreSQL itself (several instances on one database; PGlite is one
  // process): they run in the PostgreSQL pass only.
  testPathIgnorePatterns: process.env.TEST_DATABASE_URL
    ? ['/node_modules/']
    : ['/node_modules/', '\\.pg\\.test\\.ts$'],
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: {
    // Our own relative imports keep their '.js' suffix; @ajo/shared's are extensionless ('./zod'),
    // which the default moduleFileExtensions already resolve to the .ts file.
    '^(\\.{1,2}/.*)\\.js$': '$1',
    // see the shim's comment: Jest's CJS runtime cannot require the ESM-only `cookie` 2
    '^cookie$': '<rootDir>/src/test-support/cookie-shim.cjs',
    // the same for `content-disposition` 3, required by @fastify/static (the docs UI)
    '^content-disposition$': '<rootDir>/src/test-support/content-disposition-shim.cjs',
  },
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
        module: { type: 'es6' },
      },
    ],
  },
  // @ajo/shared is TypeScript source (docs/conventions.md §3: the routes use its schemas):
  // transform it whether Jest sees it through the node_modules/@ajo/shared symlink or at its real
  // path.
  transformIgnorePatterns: ['/node_modules/(?!@ajo/shared/)'],
  // Generous: PGlite boots a WebAssembly PostgreSQL per test file, slow on a loaded 2-core box.
  testTimeout: 120000,
  // A handle a test file leaves open (a timer, a socket) must not keep the run from ending: the
  // results are written first, and CI must finish. `--detectOpenHandles` finds the culprit.
  forceExit: true,
};
