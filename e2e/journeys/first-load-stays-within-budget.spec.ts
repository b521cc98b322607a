// Inside `npm test`: a budget or duplicate-React regression fails the test run, not only the build.
// Runs the real report script (its own app server and Chromium) over every page of the route table.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/fixtures';
import { repoRoot } from '../support/paths';

function runReport(out: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(repoRoot, 'scripts', 'bundle-report.mjs'), '--out', out],
      { cwd: repoRoot, timeout: 290_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, output: `${stdout}${stderr}` });
      },
    );
  });
}

// eslint-disable-next-line no-empty-pattern
test('the first load of every page stays within its budget and fetches React and the federation runtime once', async ({}, testInfo) => {
  // A server, a browser and some thirty cold page loads on two cores take a while.
  test.setTimeout(300_000);
  const out = testInfo.outputPath('bundle-report.md');
  const run = await runReport(out);
  await testInfo.attach('bundle-report', { body: run.output, contentType: 'text/plain' });
  expect(run.output, 'the report found a problem').not.toContain('check(s) failed');
  expect(run.code).toBe(0);
  const report = fs.readFileSync(out, 'utf8');
  expect(report).toMatch(/First load of `\/`: [\d.]+ KB gzip, within/);
  expect(report).toMatch(/Every page \(\d+\) is within its budget\./);
  expect(report).toContain(
    '- react, react-dom and the federation runtime core are each downloaded once per page.',
  );
});
