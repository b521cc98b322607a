// What a remote may go back to (docs/decisions/045-release-safety-in-the-browser.md): the public
// pages went live as 6.0.0, then 6.1.0 (forced past the failed mount check), 6.1.1, and 6.2.0, whose
// mount throws in browsers (forced too). An operator marks 6.1.1 bad in the console, with a reason
// the history keeps beside their name: a visitor whose browser fails on 6.2.0 then falls back to
// 6.0.0, past 6.1.1 (marked) and 6.1.0 (forced), and the landing page works. Clearing the mark makes
// 6.1.1 the fallback again; marked again, Roll back one step goes to 6.0.0, passing over both. Which
// version a browser ran shows in the manifests it fetched. Own app server (own port, own .deploy
// copy), so no other journey sees these versions.
import type { Browser } from '@playwright/test';
import { startPrivateAppServer, type PrivateAppServer } from '../support/app-server';
import { mountThrows, publishBrokenVersion } from '../support/broken-version';
import { expect, test } from '../support/fixtures';
import {
  failureCounts,
  fallbackVersion,
  forceVersion,
  tryActivate,
  uploadVersion,
} from '../support/operator';
import { REGISTRY_ADMIN_TOKEN } from '../support/paths';
import { liveVersion } from '../support/rollout';
import { remoteArea } from '../support/screens';
import { openVisitor, unexpectedErrors, type Visitor } from '../support/visitor';

const REMOTE = 'public_pages';
const A = '6.0.0';
const FORCED = '6.1.0';
const B = '6.1.1';
const C = '6.2.0-mount-throws';

// SPEC §8 'Rendering fallback', word for word: it must not show while a good version exists.
const RENDER_FALLBACK = "We ran into an issue, but don't worry, we'll take care of it for sure.";
/** What the shell logs when it replaces the failing version (host/src/federation/with-fallback.ts). */
const REPLACED = /\[public_pages\] public_pages@6\.2\.0-mount-throws failed to mount; loading /;

let server: PrivateAppServer;
let built: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // Its own server, four uploads (each packed, digested, compressed) and four mount checks.
  test.setTimeout(120_000);
  server = await startPrivateAppServer('marked-bad');
  built = await liveVersion(server, REMOTE);
  // C is the live build with a mount that throws (copied before anything else goes live).
  await publishBrokenVersion(server, REMOTE, C, mountThrows);
  await uploadVersion(server, REMOTE, built, A);
  await uploadVersion(server, REMOTE, built, FORCED, { brokenEntry: true });
  await uploadVersion(server, REMOTE, built, B);
  // The remote's past, as operators made it through the API.
  expect((await tryActivate(server, REMOTE, A)).status).toBe(200);
  await forceVersion(server, REMOTE, FORCED, 'journey: a hotfix forced past the mount check');
  expect((await tryActivate(server, REMOTE, B)).status).toBe(200);
  await forceVersion(server, REMOTE, C, 'journey: the mount check was wrong, they thought');
});

test.afterAll(async () => {
  await server?.stop();
});

/**
 * The console's "Earlier live" line starting with `versions`: what came before the build's version
 * depends on the deploy folder the private server copied (a developer's has many local builds).
 */
const trailStarting = (...versions: string[]) =>
  new RegExp(`^Earlier live: ${versions.map((v) => v.replace(/\./g, '\\.')).join(', ')}(,|$)`);

const visitors: Visitor[] = [];
test.afterEach(async () => {
  for (const visitor of visitors.splice(0)) await visitor.close();
});

/**
 * A new visitor's browser opens the landing page: the public pages' heading shows (never the SPEC §8
 * fallback) and it answers which versions of the remote the browser fetched, in order.
 */
async function versionsAVisitorLoads(browser: Browser) {
  const visitor = await openVisitor(browser, server, REMOTE);
  visitors.push(visitor);
  await visitor.page.goto(`${server.baseURL}/`);
  await expect(remoteArea(visitor.page, REMOTE).getByRole('heading', { level: 1 })).toBeVisible();
  await expect(visitor.page.getByText(RENDER_FALLBACK)).toHaveCount(0);
  expect(unexpectedErrors(visitor, [REPLACED])).toEqual([]);
  return visitor.manifests;
}

test('an operator marks a version bad in the console: browsers fall back past it, and one step back skips it', async ({
  page,
  browser,
}) => {
  // Before: the browser falls back to 6.1.1, the newest earlier version that may be gone back to.
  expect(await fallbackVersion(server, REMOTE)).toBe(B);

  await page.goto(`${server.baseURL}/_operator/console`);
  await page.getByLabel('Operator token').fill(REGISTRY_ADMIN_TOKEN);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Signed in as admin')).toBeVisible();
  const card = page.getByRole('region', { name: REMOTE, exact: true });
  const row = (version: string) =>
    card
      .getByRole('table')
      .getByRole('row', { name: new RegExp(`^${version.replace(/\./g, '\\.')}`) });
  const badBadge = (version: string) => row(version).getByText('bad', { exact: true });
  const history = page.getByRole('region', { name: 'History' }).getByRole('table');
  const reason = card.getByLabel('Reason (kept in the history)');
  await expect(card.getByRole('listitem').filter({ hasText: /^Live:/ })).toHaveText(`Live: ${C}`);
  await expect(card.getByRole('listitem').filter({ hasText: /^Earlier live:/ })).toHaveText(
    trailStarting(B, FORCED, A, built),
  );
  // The forced versions carry the mark the force left; 6.1.1 none yet.
  await expect(badBadge(FORCED)).toHaveAttribute('title', /^forced past: /);
  await expect(badBadge(C)).toHaveAttribute('title', /^forced past: /);
  await expect(badBadge(B)).toHaveCount(0);

  // Marked bad, with the reason: the history names who and why.
  const why = '6.1.1 sends the FAQ links to a page that no longer exists';
  await card.getByLabel('Version').selectOption(B);
  await reason.fill(why);
  await card.getByRole('button', { name: 'Mark bad (needs a reason)' }).click();
  await expect(page.getByRole('status')).toContainText(`${REMOTE}: ${B} is marked bad`);
  await expect(history.getByRole('row').nth(1)).toContainText(
    new RegExp(`admin\\s*mark-bad\\s*${REMOTE}\\s*6\\.1\\.1\\s*${why}`),
  );
  await expect(badBadge(B)).toHaveAttribute('title', `marked bad: ${why}`);

  // A visitor's browser fails on 6.2.0 and falls back to 6.0.0: not 6.1.1 (marked), not 6.1.0
  // (forced past the checks).
  expect(await fallbackVersion(server, REMOTE)).toBe(A);
  expect(await versionsAVisitorLoads(browser)).toEqual([C, A]);

  // The mark cleared: 6.1.1 is the version browsers fall back to again.
  await card.getByLabel('Version').selectOption(B);
  await reason.fill('the FAQ links are fixed on the server; 6.1.1 is fine');
  await card.getByRole('button', { name: 'Clear bad mark' }).click();
  await expect(page.getByRole('status')).toContainText(`${REMOTE}: ${B} may be gone back to again`);
  await expect(history.getByRole('row').nth(1)).toContainText(
    new RegExp(`admin\\s*unmark-bad\\s*${REMOTE}\\s*6\\.1\\.1\\s*the FAQ links are fixed`),
  );
  await expect(badBadge(B)).toHaveCount(0);
  expect(await fallbackVersion(server, REMOTE)).toBe(B);
  expect(await versionsAVisitorLoads(browser)).toEqual([C, B]);

  // Marked again: Roll back one step goes to 6.0.0, past 6.1.1 (marked) and 6.1.0 (forced).
  await card.getByLabel('Version').selectOption(B);
  await reason.fill('the FAQ links broke again in 6.1.1');
  await card.getByRole('button', { name: 'Mark bad (needs a reason)' }).click();
  await expect(page.getByRole('status')).toContainText(`${REMOTE}: ${B} is marked bad`);
  await reason.fill('6.2.0 throws on mount for every visitor');
  await card.getByRole('button', { name: 'Roll back one step' }).click();
  await expect(page.getByRole('status')).toContainText(`${REMOTE}: ${A} is live (was ${C})`);
  await expect(history.getByRole('row').nth(1)).toContainText(
    new RegExp(
      `admin\\s*rollback\\s*${REMOTE}\\s*6\\.2\\.0-mount-throws\\s*6\\.0\\.0\\s*6\\.2\\.0 throws`,
    ),
  );
  expect(await liveVersion(server, REMOTE)).toBe(A);
  // The versions passed over left the trail: a second step would go to the build's version.
  await expect(card.getByRole('listitem').filter({ hasText: /^Earlier live:/ })).toHaveText(
    trailStarting(built),
  );
  expect(await versionsAVisitorLoads(browser)).toEqual([A]);

  // Only the version that failed was counted, once per browser that tried it.
  await expect
    .poll(async () =>
      (await failureCounts(server)).map(({ remote, version, count }) => ({
        remote,
        version,
        count,
      })),
    )
    .toEqual([{ remote: REMOTE, version: C, count: 2 }]);
});
