/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS, loaded by scripts/test.mjs and jest */
// How `npm test` (scripts/test.mjs) judges one phase of test runs. A runner's own exit code is not
// enough: jest exits 0 when an `it.only` leaves every other test of its file skipped, and a phase
// whose pattern matches nothing, or whose tests all sit behind `.skip`, reports success while
// checking nothing. So a test phase passes only when it ran tests, none failed and none was skipped.
const { existsSync, readFileSync } = require('node:fs');

/** Counts from jest's `--json --outputFile` report, or null when the runner wrote none. */
function readJestCounts(file) {
  if (!existsSync(file)) return null;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  return {
    passed: r.numPassedTests,
    failed: r.numFailedTests,
    skipped: r.numPendingTests + (r.numTodoTests ?? 0),
  };
}

/** Counts from Playwright's JSON reporter, or null when it wrote none. */
function readPlaywrightCounts(file) {
  if (!existsSync(file)) return null;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped };
}

/**
 * The verdict on one phase: `code` is the runner's exit code; `counts` its report (null for phases
 * that are not test runs, such as lint, or when a test runner crashed before reporting);
 * `runsTests` whether the phase is a test run that must report counts.
 */
function phaseVerdict({ code, counts, runsTests }) {
  const problems = [];
  if (code !== 0) problems.push(`exited with code ${code}`);
  if (runsTests && !counts) problems.push('the runner reported no results');
  if (counts) {
    if (counts.passed + counts.failed === 0) problems.push('ran no test');
    if (counts.skipped > 0) {
      problems.push(
        `${counts.skipped} test(s) skipped: a focused (.only) or skipped (.skip, .todo, .fixme) ` +
          'test hides the others, and npm test runs every test',
      );
    }
  }
  // A crashed runner, or a rule broken without a failed test, still counts as one failure.
  const failed = (counts?.failed ?? 0) + (problems.length > 0 && !counts?.failed ? 1 : 0);
  return { ok: problems.length === 0, problems, failed };
}

/** How npm test runs the browser journeys: a focused journey fails the run even outside CI. */
const PLAYWRIGHT_ARGS = ['test', '--forbid-only', '--reporter=list,json'];

module.exports = { PLAYWRIGHT_ARGS, readJestCounts, readPlaywrightCounts, phaseVerdict };
