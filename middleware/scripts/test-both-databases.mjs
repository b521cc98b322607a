#!/usr/bin/env node
// `npm test`: the whole suite on embedded PGlite, then again on PostgreSQL (docs/architecture.md
// "The middleware": the test suite runs against both). PostgreSQL is TEST_DATABASE_URL when set,
// otherwise a throwaway cluster from ../scripts/pg-cluster.mjs. Without PostgreSQL binaries the
// second run is skipped with a warning, unless REQUIRE_POSTGRES=1 makes that a failure.
// Extra arguments go to jest (e.g. `npm test -- src/plugins`).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const jestBin = path.join(packageDir, 'node_modules', 'jest', 'bin', 'jest.js');
const args = process.argv.slice(2);

function jest(label, env) {
  console.log(`\n=== middleware tests on ${label} ===\n`);
  const r = spawnSync(process.execPath, ['--experimental-vm-modules', jestBin, ...args], {
    cwd: packageDir,
    stdio: 'inherit',
    env: { ...process.env, ...env, NODE_NO_WARNINGS: '1' },
  });
  return r.status ?? 1;
}

const pgliteStatus = jest('embedded PGlite', { TEST_DATABASE_URL: '' });

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
      const message = `PostgreSQL run skipped: ${error.message}`;
      if (process.env.REQUIRE_POSTGRES === '1') throw new Error(message);
      console.warn(`\n!!! ${message}\n`);
    }
  }
  if (url)
    postgresStatus = jest(`PostgreSQL (${url.replace(/\/\/[^@]*@/, '//')})`, {
      TEST_DATABASE_URL: url,
    });
} catch (error) {
  console.error(error.message);
  postgresStatus = 1;
} finally {
  cluster?.stop();
}

console.log(
  `\nPGlite: ${pgliteStatus === 0 ? 'passed' : 'FAILED'}; PostgreSQL: ${url ? (postgresStatus === 0 ? 'passed' : 'FAILED') : 'skipped'}`,
);
process.exit(pgliteStatus || postgresStatus);
