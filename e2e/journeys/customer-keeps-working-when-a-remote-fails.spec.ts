// Platform issue item 6, failure isolation: a remote whose manifest cannot load, or whose mount
// throws, shows the generic fallback in its own area only; the shell and the other remotes keep
// working. An operator then rolls the remote back through the registry endpoint, without a rebuild.
// This journey runs its own app server (own port, own .deploy copy) so parallel journeys never see
// the broken remote.
import { startPrivateAppServer, type PrivateAppServer } from '../support/app-server';
import { expect, test } from '../support/fixtures';
import {
  activeVersion,
  callWithoutToken,
  endpointRefuses,
  forceUnpublishedVersion,
  rollBack,
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
      new RegExp(`\\[${BROKEN}\\]`),
      /\[federation\] could not load/,
    ],
  },
});

test('a customer still uses the dashboard while the payments remote cannot load, and gets it back after a rollback', async ({
  page,
  signedInShell: _shell,
}) => {
  const goodVersion = await activeVersion(server, BROKEN);
  // Only an operator holding the token may switch versions.
  expect(await callWithoutToken(server)).toBe(401);
  // The endpoint refuses an unpublished version; an operator who insists uses the CLI's --force.
  expect(await endpointRefuses(server, BROKEN, MISSING_VERSION)).toBeGreaterThanOrEqual(400);
  await forceUnpublishedVersion(server, BROKEN, MISSING_VERSION);
  expect(await activeVersion(server, BROKEN)).toBe(MISSING_VERSION);

  await page.goto(`${server.baseURL}/dashboard/payments/airtime`);
  const broken = remoteArea(page, BROKEN);
  // SPEC §8 "Rendering fallback" and SPEC §2's Back to safety link to /dashboard, in that area only.
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

  // The operator rolls back through the endpoint; a reload reads the registry again, nothing is rebuilt.
  await rollBack(server, BROKEN);
  expect(await activeVersion(server, BROKEN)).toBe(goodVersion);
  await page.goto(`${server.baseURL}/dashboard/payments/airtime`);
  await expect(remoteArea(page, BROKEN).getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(RENDER_FALLBACK)).toHaveCount(0);
});
