// StrykerJS settings for one area of scripts/mutation.mjs (which sets MUTATION_AREA and writes
// docs/benchmarks/mutation.md from the JSON reports). Jest runs as in `test:pglite`: ESM, hence
// --experimental-vm-modules, on embedded PGlite unless TEST_DATABASE_URL is set.
//
// Cheap on a shared 2-core box: each area mutates a few files and runs only the test files that
// reach them; perTest coverage runs each mutant against just the tests that cover it; the
// incremental file lets a re-run test only the mutants whose code or tests changed.
import { MUTATION_AREAS } from './scripts/mutation-areas.mjs';

const name = process.env.MUTATION_AREA ?? 'ledger-entries';
const area = MUTATION_AREAS[name];
if (!area) throw new Error(`Unknown MUTATION_AREA ${name}: ${Object.keys(MUTATION_AREAS).join(', ')}`);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  packageManager: 'pnpm',
  testRunner: 'jest',
  testRunnerNodeArgs: ['--experimental-vm-modules'],
  plugins: ['@stryker-mutator/jest-runner'],
  jest: {
    projectType: 'custom',
    configFile: 'jest.config.js',
    // Instrumented code on a busy machine runs slower than the suite's own 60-s test limit allows.
    config: { testMatch: area.tests.map((glob) => `<rootDir>/${glob}`), testTimeout: 300000 },
    enableFindRelatedTests: false,
  },
  mutate: area.mutate,
  coverageAnalysis: 'perTest',
  // An area may leave out the mutants of code that runs at load time (scripts/mutation-areas.mjs).
  ignoreStatic: area.ignoreStatic ?? false,
  incremental: true,
  incrementalFile: `reports/mutation/${name}.incremental.json`,
  concurrency: Number(process.env.MUTATION_CONCURRENCY ?? 1),
  // PGlite boots a WebAssembly PostgreSQL per test file: the default margin is too tight.
  timeoutMS: 60000,
  // The first run (every test once, with coverage) hashes PINs and boots PGlite per file: on a busy
  // two-core box the guards' suites take longer than Stryker's default five minutes.
  dryRunTimeoutMinutes: 45,
  timeoutFactor: 2,
  reporters: ['progress-append-only', 'html', 'json'],
  htmlReporter: { fileName: `reports/mutation/${name}.html` },
  jsonReporter: { fileName: `reports/mutation/${name}.json` },
  tempDirName: `.stryker-tmp/${name}`,
  cleanTempDir: true,
  // A report, not a gate.
  thresholds: { high: 90, low: 75, break: null },
};
