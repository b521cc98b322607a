// Failure isolation: a remote pointed at a version that cannot load is
// replaced by its last known good version in the customer's browser
// (docs/decisions/020-last-known-good-fallback.md); when that cannot load either, the remote's area
// alone shows the generic fallback and the shell and the other remotes keep working. An operator then
// rolls the remote back through the registry endpoint, without a rebuild.
// This journey runs its own app server (own port, own .deploy copy) so parallel journeys never see
// the broken remote.
import { startPrivateAppServer, type PrivateAppServer } from '../support/app-server';
import { expect, test } from '../support/fixtures';
import {
  activeVersion,
  callWithoutToken,
  endpointRefuses,
  failureCounts,
  fallbackVersion,
  forceVersion,
  operatorCall,
} from '../support/operator';
import { remoteArea } from '../support/screens';

// SPEC §8 'Rendering fallback' and SPEC §2 'Back to safety', word for word (not through shared's
// constants, so a drift there fails here).
const RENDER_FALLBACK = "We ran into an issue, but don't worry, we'll take care of it for sure.";
const BACK_TO_SAFETY = 'Back to safety';

const BROKEN = 'payments';
const MISSING_VERSION = '99.0.0-does-not-exist';

let server: PrivateAppServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  server = await startPrivateAppServer('failing-remote');
});

test.afterAll(async () => {
  await server?.stop();
});

test.use({
  // What a remote that cannot load is expected to log (host/src/federation: the runtime plugin and
  // the fallback wrapper report it, and Chromium reports the 404 of the missing manifest).
  allowedConsoleErrors: {
    patterns: [
      /Failed to load resource: the server responded with a status of 404/,
      // The version that cannot load was never published, so the server does not count it.
      /Failed to load resource: the server responded with a status of 400 .*\/_beacon\/remote-failure/,
      new RegExp(`\\[${BROKEN}\\]`),
      /\[federation\] could not load/,
    ],
  },
});

test('a customer still uses payments through its last good version while the live one cannot load, the dashboard when neither can, and gets it back after a rollback', async ({
  page,
  signedInShell: _shell,
}) => {
  const goodVersion = await activeVersion(server, BROKEN);
  // Only an operator holding the token may switch versions.
  expect(await callWithoutToken(server)).toBe(401);
  // The endpoint refuses an unpublished version; an operator who insists forces it with a reason.
  expect(await endpointRefuses(server, BROKEN, MISSING_VERSION)).toBeGreaterThanOrEqual(400);
  await forceVersion(server, BROKEN, MISSING_VERSION);
  expect(await activeVersion(server, BROKEN)).toBe(MISSING_VERSION);
  expect(await fallbackVersion(server, BROKEN)).toBe(goodVersion);

  // The browser falls back to the version that was live before by itself.
  await page.goto(`${server.baseURL}/dashboard/payments/airtime`);
  await expect(remoteArea(page, BROKEN).getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(RENDER_FALLBACK)).toHaveCount(0);
  // A version that was never published is not counted (no rows for whatever a browser claims).
  expect((await failureCounts(server)).filter((f) => f.version === MISSING_VERSION)).toEqual([]);

  // When the last good version cannot load either (its manifest is gone too), the area shows
  // SPEC §8 "Rendering fallback" and SPEC §2's Back to safety link to /dashboard, in that area only.
  await page.route(`**/remotes/${BROKEN}/*/mf-manifest.json`, (route) =>
    route.fulfill({ status: 404, json: { message: 'Not found' } }),
  );
  await page.reload();
  const broken = remoteArea(page, BROKEN);
  await expect(broken.getByText(RENDER_FALLBACK)).toBeVisible();
  await expect(broken.getByRole('link', { name: BACK_TO_SAFETY })).toHaveAttribute(
    'href',
    '/dashboard',
  );
  await expect(page.getByText(RENDER_FALLBACK)).toHaveCount(1);

  // The shell keeps working: the sidebar, the breadcrumb's page, another remote.
  const menu = page.getByRole('navigation', { name: 'Dashboard menu' });
  await menu.getByRole('link', { name: 'Wallet-to-Bank' }).click();
  await expect(remoteArea(page, 'transfers').getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(RENDER_FALLBACK)).toHaveCount(0);

  await menu.getByRole('link', { name: 'Data' }).click();
  await remoteArea(page, BROKEN).getByRole('link', { name: BACK_TO_SAFETY }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
  await expect(remoteArea(page, 'wallets').getByRole('heading', { level: 1 })).toBeVisible();

  // The operator rolls back through the endpoint; a reload reads the registry again, nothing is
  // rebuilt. The good version failed in this browser too (its manifest was blocked above), so one
  // step back skips it (docs/decisions/045-release-safety-in-the-browser.md): the operator names it.
  await page.unroute(`**/remotes/${BROKEN}/*/mf-manifest.json`);
  const back = await operatorCall(server, 'POST', `/${BROKEN}/rollback`, {
    version: goodVersion,
    reason: 'journey: back to the version that works',
  });
  expect(back.status).toBe(200);
  expect(await activeVersion(server, BROKEN)).toBe(goodVersion);
  await page.goto(`${server.baseURL}/dashboard/payments/airtime`);
  await expect(remoteArea(page, BROKEN).getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(RENDER_FALLBACK)).toHaveCount(0);
});
