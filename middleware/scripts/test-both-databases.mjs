#!/usr/bin/env node
// `npm test`: the whole suite on embedded PGlite, then again on PostgreSQL (docs/architecture.md
// "The middleware": the test suite runs against both). PostgreSQL is TEST_DATABASE_URL when set,
// otherwise a throwaway cluster from ../scripts/pg-cluster.mjs. Without PostgreSQL binaries the
// second run is skipped with a warning on a developer's machine, and fails under CI=true (or with
// REQUIRE_POSTGRES=1): a CI run that skipped PostgreSQL would pass having tested half of it.
// Extra arguments go to jest (e.g. `npm test -- src/plugins`).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const jestBin = path.join(packageDir, 'node_modules', 'jest', 'bin', 'jest.js');
const args = process.argv.slice(2);
// The rules shared with the root `npm test` (and tested there): ../tooling/test-databases.cjs.
const { pgliteEnvironment, postgresRequired } = createRequire(import.meta.url)(
  path.join(packageDir, '..', 'tooling', 'test-databases.cjs'),
);

function jest(label, env) {
  console.log(`\n=== middleware tests on ${label} ===\n`);
  const r = spawnSync(process.execPath, ['--experimental-vm-modules', jestBin, ...args], {
    cwd: packageDir,
    stdio: 'inherit',
    env: { ...env, NODE_NO_WARNINGS: '1' },
  });
  return r.status ?? 1;
}

const pgliteStatus = jest('embedded PGlite', pgliteEnvironment(process.env));

let postgresStatus = 0;
let cluster;
let url = process.env.TEST_DATABASE_URL;
try {
  if (!url) {
    const { startThrowawayCluster } = await import(
      path.join(packageDir, '..', 'scripts', 'pg-cluster.mjs')
    );
    try {
      cluster = await startThrowawayCluster('ajo-mw-pg-');
      url = cluster.url;
    } catch (error) {
      if (postgresRequired(process.env)) {
        throw new Error(
          `PostgreSQL run FAILED: ${error.message}. Under CI=true (or REQUIRE_POSTGRES=1) the ` +
            'suite must also run on PostgreSQL 15: install its binaries (initdb, pg_ctl) or set ' +
            'TEST_DATABASE_URL.',
        );
      }
      console.warn(`\n!!! PostgreSQL run skipped: ${error.message}\n`);
    }
  }
  if (url)
    postgresStatus = jest(`PostgreSQL (${url.replace(/\/\/[^@]*@/, '//')})`, {
      ...process.env,
      TEST_DATABASE_URL: url,
    });
} catch (error) {
  console.error(error.message);
  postgresStatus = 1;
} finally {
  cluster?.stop();
}

console.log(
  `\nPGlite: ${pgliteStatus === 0 ? 'passed' : 'FAILED'}; PostgreSQL: ${postgresStatus !== 0 ? 'FAILED' : url ? 'passed' : 'skipped'}`,
);
process.exit(pgliteStatus || postgresStatus);
