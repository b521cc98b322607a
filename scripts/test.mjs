#!/usr/bin/env node
// `npm test`: every test on a fresh clone. Installs, lints and typechecks, runs the unit tests of
// every package, the middleware's suite on embedded PGlite and on a throwaway PostgreSQL 15 cluster,
// builds (bundle budget included) and runs the browser journeys in Debian's Chromium.
// Every phase runs even when an earlier one failed, so one run shows everything; the exit code and
// the closing 'N passed, N failed' line sum them up.
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from './build.mjs';
import { BUILD_INPUTS, REMOTE_PACKAGES, ROOT, install, log, pnpmArgs, run } from './lib.mjs';
import { runOnSupportedNode } from './node-runtime.mjs';
import { startThrowawayCluster } from './pg-cluster.mjs';
import databases from '../tooling/test-databases.cjs';
import verdicts from '../tooling/test-verdict.cjs';

await runOnSupportedNode();

const { PLAYWRIGHT_ARGS, phaseVerdict, readJestCounts, readPlaywrightCounts } = verdicts;
const { pgliteEnvironment } = databases;

const RESULTS = path.join(ROOT, '.tmp', 'test-results');
rmSync(RESULTS, { recursive: true, force: true });
mkdirSync(RESULTS, { recursive: true });

const phases = [];
let passed = 0;
let failed = 0;
let skipped = 0;

async function phase(name, fn) {
  log(name);
  const started = Date.now();
  let verdict;
  let counts = null;
  try {
    const result = await fn();
    counts = result.counts ?? null;
    verdict = phaseVerdict({ ...result, runsTests: 'counts' in result });
  } catch (err) {
    verdict = { ok: false, problems: [err.message], failed: 1 };
  }
  for (const problem of verdict.problems) console.error(`${name}: ${problem}`);
  passed += counts?.passed ?? 0;
  skipped += counts?.skipped ?? 0;
  failed += verdict.failed;
  phases.push({
    name,
    ok: verdict.ok,
    counts,
    problems: verdict.problems,
    seconds: Math.round((Date.now() - started) / 1000),
  });
}

/** Runs a package's jest script; `env` is its whole environment (default: this process's). */
async function jestPhase(pkg, script = 'test', env = process.env) {
  const out = path.join(RESULTS, `jest-${pkg.replace(/[^a-z0-9-]/gi, '_')}-${script}.json`);
  const code = await run(
    'npx',
    pnpmArgs(['--filter', pkg, 'run', script, '--json', `--outputFile=${out}`]),
    { env },
  );
  return { code, counts: readJestCounts(out) };
}

async function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return;
  if (process.getuid?.() !== 0) {
    throw new Error(
      "Chromium is missing: install Debian's chromium package (apt-get install chromium).",
    );
  }
  log("Installing Debian's Chromium for the browser tests");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (
    (await run('apt-get', ['update', '-qq'], { env })) !== 0 ||
    (await run('apt-get', ['install', '-y', '-qq', 'chromium'], { env })) !== 0
  ) {
    throw new Error('apt-get install chromium failed');
  }
}

const startedAt = Date.now();
try {
  await install();
} catch (err) {
  console.error(err.message);
  process.exit(1);
}

await phase('Runtime: Node.js 24 for every child (scripts/check-runtime.mjs)', async () => ({
  code: await run('node', ['scripts/check-runtime.mjs']),
}));
await phase('Lint (eslint, whole workspace)', async () => ({
  code: await run('npx', pnpmArgs(['exec', 'eslint', '.', '--max-warnings=0'])),
}));
await phase('Typecheck (tsc --noEmit, every package)', async () => ({
  code: await run('npx', pnpmArgs(['-r', '--workspace-concurrency=2', 'typecheck'])),
}));

for (const pkg of [...BUILD_INPUTS.map((p) => `@ajo/${p}`), '@ajo/host', '@ajo/control-plane', ...REMOTE_PACKAGES]) {
  await phase(`Unit tests: ${pkg}`, () => jestPhase(pkg));
}

// Without TEST_DATABASE_URL, even when the shell has one: with it set, this pass would run on
// PostgreSQL too and the embedded store would go untested.
await phase('Middleware tests on embedded PGlite', () =>
  jestPhase('@ajo/middleware', 'test:pglite', pgliteEnvironment(process.env)),
);

// The PostgreSQL pass also runs the *.pg.test.ts files PGlite cannot: several instances on one
// database (src/multi-instance: two middleware processes and the app server, jobs claimed once).
async function onThrowawayCluster(prefix, fn) {
  const cluster = await startThrowawayCluster(prefix);
  try {
    return await fn(cluster.url);
  } finally {
    cluster.stop();
  }
}
await phase('Middleware tests on PostgreSQL 15 (throwaway cluster, two-instance tests included)', () =>
  onThrowawayCluster('ajo-test-pg-', (url) =>
    jestPhase('@ajo/middleware', 'test:pg', { ...process.env, TEST_DATABASE_URL: url }),
  ),
);

// The remote registry on PostgreSQL (control-plane/src/*.pg.test.{ts,mjs}), in a cluster of its own.
await phase('Remote registry tests on PostgreSQL 15 (throwaway cluster)', () =>
  onThrowawayCluster('ajo-test-pg-registry-', (url) =>
    jestPhase('@ajo/control-plane', 'test:pg', { ...process.env, TEST_DATABASE_URL: url }),
  ),
);

let built = false;
await phase('Build, publish remotes and check the bundle budget', async () => {
  // The bundle report measures first loads in Chromium, so it must be there before the build.
  await ensureChromium();
  await build({ report: true, skipInstall: true });
  built = true;
  return { code: 0 };
});

await phase("Browser journeys (Playwright in Debian's Chromium)", async () => {
  if (!built) throw new Error('skipped: the build failed');
  const out = path.join(RESULTS, 'playwright.json');
  const code = await run(
    'npx',
    pnpmArgs(['--filter', '@ajo/e2e', 'exec', 'playwright', ...PLAYWRIGHT_ARGS]),
    {
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: out },
    },
  );
  return { code, counts: readPlaywrightCounts(out) };
});

console.log('\nSummary');
for (const p of phases) {
  const c = p.counts
    ? ` (${p.counts.passed} passed, ${p.counts.failed} failed, ${p.counts.skipped} skipped)`
    : '';
  console.log(`  ${p.ok ? 'ok  ' : 'FAIL'} ${p.name}${c} ${p.seconds}s`);
  for (const problem of p.problems) console.log(`         ${problem}`);
}
console.log(`  total time ${Math.round((Date.now() - startedAt) / 1000)}s`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(phases.every((p) => p.ok) ? 0 : 1);
