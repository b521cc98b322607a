import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  PLAYWRIGHT_ARGS,
  phaseVerdict,
  readJestCounts,
  readPlaywrightCounts,
} from './test-verdict.cjs';

// These run the real runners on throwaway test files: what npm test would see if someone left a
// focused or skipped test behind, or a phase matched no test.
const ROOT = path.resolve(__dirname, '..');
const JEST = require.resolve('jest/bin/jest', { paths: [__dirname] });
const PLAYWRIGHT = require.resolve('@playwright/test/cli', { paths: [path.join(ROOT, 'e2e')] });

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'ajo-verdict-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function runJest(tests: string) {
  writeFileSync(path.join(dir, 'sample.test.js'), tests);
  writeFileSync(
    path.join(dir, 'jest.config.js'),
    "module.exports = { testEnvironment: 'node', transform: {} };",
  );
  const out = path.join(dir, 'report.json');
  const run = spawnSync(
    process.execPath,
    [JEST, '--rootDir', dir, '--json', `--outputFile=${out}`, '--passWithNoTests'],
    { cwd: dir, encoding: 'utf8' },
  );
  const counts = readJestCounts(out);
  return phaseVerdict({ code: run.status ?? 1, counts, runsTests: true });
}

describe('how npm test judges a phase', () => {
  it('passes a phase whose tests all ran and passed', () => {
    const verdict = runJest("test('a', () => expect(1).toBe(1));\ntest('b', () => {});\n");
    expect(verdict).toEqual({ ok: true, problems: [], failed: 0 });
  });

  it('fails a phase with a focused test, although jest itself exits 0', () => {
    const verdict = runJest("test.only('a', () => {});\ntest('b', () => {});\n");
    expect(verdict.ok).toBe(false);
    expect(verdict.failed).toBe(1);
    expect(verdict.problems).toEqual([expect.stringContaining('1 test(s) skipped')]);
  });

  it('fails a phase with a skipped or todo test', () => {
    const verdict = runJest(
      "test('a', () => {});\ndescribe.skip('later', () => { test('b', () => {}); });\ntest.todo('c');\n",
    );
    expect(verdict.ok).toBe(false);
    expect(verdict.problems).toEqual([expect.stringContaining('2 test(s) skipped')]);
  });

  it('fails a phase that ran no test, even when the runner exits 0', () => {
    const verdict = runJest('// nothing here\n');
    expect(verdict.ok).toBe(false);
    expect(verdict.problems).toContain('ran no test');
  });

  it('fails a test phase whose runner crashed before reporting, and keeps failures counted', () => {
    expect(phaseVerdict({ code: 1, counts: null, runsTests: true })).toEqual({
      ok: false,
      problems: ['exited with code 1', 'the runner reported no results'],
      failed: 1,
    });
    const counts = { passed: 3, failed: 2, skipped: 0 };
    expect(phaseVerdict({ code: 1, counts, runsTests: true })).toEqual({
      ok: false,
      problems: ['exited with code 1'],
      failed: 2,
    });
    expect(phaseVerdict({ code: 0, counts: null, runsTests: false }).ok).toBe(true);
  });

  it('runs the browser journeys so that a focused journey fails the run, CI or not', () => {
    writeFileSync(
      path.join(dir, 'sample.spec.js'),
      "const { test } = require('@playwright/test');\n" +
        "test.only('focused', () => {});\ntest('other', () => {});\n",
    );
    writeFileSync(path.join(dir, 'playwright.config.js'), 'module.exports = { testDir: "." };');
    const out = path.join(dir, 'playwright.json');
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PLAYWRIGHT_JSON_OUTPUT_NAME: out,
      NODE_PATH: path.join(ROOT, 'e2e', 'node_modules'),
    };
    // Playwright refuses to start inside a jest worker, and CI would make it strict by itself.
    for (const name of Object.keys(env))
      if (name.startsWith('JEST') || name === 'CI') delete env[name];
    const run = spawnSync(process.execPath, [PLAYWRIGHT, ...PLAYWRIGHT_ARGS], {
      cwd: dir,
      encoding: 'utf8',
      env,
    });
    expect(run.stdout + run.stderr).toMatch(/focused with '\.only' is not allowed/);
    expect(run.status).not.toBe(0);
    // Without the flag the same file passes: the flag is what catches it.
    const lax = spawnSync(
      process.execPath,
      [PLAYWRIGHT, ...PLAYWRIGHT_ARGS.filter((a) => a !== '--forbid-only')],
      { cwd: dir, encoding: 'utf8', env },
    );
    expect(lax.status).toBe(0);
    expect(readPlaywrightCounts(out)).toEqual({ passed: 1, failed: 0, skipped: 0 });
  });
});
