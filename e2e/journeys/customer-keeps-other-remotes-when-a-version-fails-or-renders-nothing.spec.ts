// Release safety in the browser (docs/decisions/045-release-safety-in-the-browser.md): a wallets
// version whose mount throws is forced live; after the shell fell back from it, it supplies no
// shared module (@ajo/shared/money-flow) to payments and transfers, whose screens keep working and
// whose versions are not counted as failing. A payments version whose mount renders nothing is
// forced live: the empty area counts as a failed mount and the last good version shows instead.
// Own app server (own port, own .deploy copy): parallel journeys never see the broken versions.
import type { Page } from '@playwright/test';
import { startPrivateAppServer, type PrivateAppServer } from '../support/app-server';
import { mountRendersNothing, mountThrows, publishBrokenVersion } from '../support/broken-version';
import { expect, test } from '../support/fixtures';
import { failureCounts, forceVersion } from '../support/operator';
import type { RouteOwner } from '../support/routes';
import { remoteArea } from '../support/screens';

// SPEC §8 'Rendering fallback', word for word: it must not show while a good version exists.
const RENDER_FALLBACK = "We ran into an issue, but don't worry, we'll take care of it for sure.";

const WALLETS_THROWS = { remote: 'wallets', version: '9.0.0-mount-throws' } as const;
const PAYMENTS_EMPTY = { remote: 'payments', version: '9.0.0-renders-nothing' } as const;

let server: PrivateAppServer;
const good: Record<string, string> = {};

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  server = await startPrivateAppServer('failed-version-shares-nothing');
  good.wallets = await publishBrokenVersion(
    server,
    WALLETS_THROWS.remote,
    WALLETS_THROWS.version,
    mountThrows,
  );
  good.payments = await publishBrokenVersion(
    server,
    PAYMENTS_EMPTY.remote,
    PAYMENTS_EMPTY.version,
    mountRendersNothing,
  );
});

test.afterAll(async () => {
  await server?.stop();
});

test.use({
  allowedConsoleErrors: {
    patterns: [
      /\[wallets\] wallets@9\.0\.0-mount-throws failed to mount; loading /,
      /\[payments\] payments@9\.0\.0-renders-nothing failed to mount; loading /,
    ],
  },
});

const menu = (page: Page) => page.getByRole('navigation', { name: 'Dashboard menu' });
const heading = (page: Page, remote: RouteOwner) =>
  remoteArea(page, remote).getByRole('heading', { level: 1 });

test('a wallets version whose mount throws supplies nothing to payments and transfers, and only it is counted', async ({
  page,
  signedInShell: _signedIn,
}) => {
  const { remote, version } = WALLETS_THROWS;
  await forceVersion(server, remote, version, 'journey: a mount that throws');

  await page.goto(`${server.baseURL}/dashboard`);
  await expect(heading(page, 'wallets')).toBeVisible();
  await menu(page).getByRole('link', { name: 'Airtime' }).click();
  await expect(heading(page, 'payments')).toBeVisible();
  await menu(page).getByRole('link', { name: 'Other Wallet' }).click();
  await expect(heading(page, 'transfers')).toBeVisible();
  await expect(page.getByText(RENDER_FALLBACK)).toHaveCount(0);

  await expect
    .poll(async () => (await failureCounts(server)).map((f) => `${f.remote}@${f.version}`))
    .toEqual([`${remote}@${version}`]);
});

test('a payments version whose mount renders nothing: after a few seconds the last good version shows, and it is counted', async ({
  page,
  signedInShell: _signedIn,
}) => {
  const { remote, version } = PAYMENTS_EMPTY;
  await forceVersion(server, remote, version, 'journey: a mount that renders nothing');

  await page.goto(`${server.baseURL}/dashboard/payments/airtime`);
  await expect(heading(page, remote)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(RENDER_FALLBACK)).toHaveCount(0);
  await expect
    .poll(async () => (await failureCounts(server)).find((f) => f.version === version))
    .toMatchObject({ remote, version, lastMessage: 'mount: rendered nothing within 5 s' });
  // Good versions are not counted.
  expect(
    (await failureCounts(server)).filter(
      (f) => f.version === good.payments || f.version === good.wallets,
    ),
  ).toEqual([]);
});
