// The dashboard shell (SPEC §2 "Dashboard shell") with a signed-in customer. The signedInShell
// fixture stores tk/id and answers GET /api/users/{id} with a verified customer who has wallets (the
// shell is what these journeys test); signing in and out for real is in
// new-customer-signs-up-and-signs-in.spec.ts.
import { emitFromRemote } from '../support/bus';
import { fixtureToken } from '../support/fixture-user';
import { expect, test } from '../support/fixtures';
import { protectedRoutes } from '../support/routes';
import { expectRenderedBy, remoteArea } from '../support/screens';

test.describe('a signed-in customer', () => {
  for (const routeCase of protectedRoutes) {
    test(`opening ${routeCase.visit} shows the ${routeCase.owner} screen inside the dashboard`, async ({
      page,
      signedInShell,
    }) => {
      await page.goto(routeCase.visit);
      await expectRenderedBy(page, routeCase);
      // The shell loaded the stored user (SPEC §2: the sidebar shows the full name).
      const { first_name, last_name } = signedInShell.user;
      await expect(
        page
          .getByRole('complementary', { name: 'Dashboard' })
          .getByText(`${first_name} ${last_name}`),
      ).toBeVisible();
      expect(signedInShell.userRequests.length).toBeGreaterThan(0);
    });
  }

  test('a customer goes from the overview to airtime through the sidebar and the link is marked current', async ({
    page,
    signedInShell: _shell,
  }) => {
    await page.goto('/dashboard');
    const sidebar = page.getByRole('complementary', { name: 'Dashboard' });
    await sidebar.getByRole('link', { name: 'Airtime' }).click();
    await expect(page).toHaveURL(/\/dashboard\/payments\/airtime$/);
    await expect(remoteArea(page, 'payments').getByRole('heading', { level: 1 })).toBeVisible();
    // SPEC §2: the current link gets a badge marker.
    await expect(sidebar.getByRole('link', { name: 'Airtime' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(sidebar.getByRole('link', { name: 'Overview' })).not.toHaveAttribute(
      'aria-current',
      'page',
    );

    await sidebar.getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(remoteArea(page, 'settings').getByRole('heading', { level: 1 })).toBeVisible();
    await expect(remoteArea(page, 'payments')).toBeHidden();
  });

  test('the dashboard navbar shows only the brand', async ({ page, signedInShell: _shell }) => {
    await page.goto('/dashboard');
    await expect(remoteArea(page, 'wallets').getByRole('heading', { level: 1 })).toBeVisible();
    // SPEC §2: the dashboard variant of the navbar shows only the brand.
    const navbar = page.getByRole('navigation', { name: 'Main' });
    await expect(navbar.getByRole('link')).toHaveCount(1);
    await expect(navbar.getByRole('link', { name: 'Ajo Wallet' })).toHaveAttribute('href', '/');
  });

  test("the sidebar shows the customer's initials and full name", async ({
    page,
    signedInShell,
  }) => {
    await page.goto('/dashboard');
    const sidebar = page.getByRole('complementary', { name: 'Dashboard' });
    const { first_name, last_name } = signedInShell.user;
    // SPEC §2: the avatar is photo_url, otherwise the initials of first and last name.
    await expect(sidebar.getByText(`${first_name} ${last_name}`)).toBeVisible();
    await expect(
      sidebar.getByText(`${first_name[0]}${last_name[0]}`, { exact: true }),
    ).toBeVisible();
  });

  test('signing out clears the stored session, ends it on the server and lands on /login', async ({
    page,
    signedInShell,
  }) => {
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Signout' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/login');
    expect(await page.evaluate(() => window.localStorage.length)).toBe(0);
    await expect.poll(() => signedInShell.logoutBearers).toEqual([`Bearer ${fixtureToken}`]);
  });
});

test('a notification a remote raises closes by itself after five seconds', async ({
  page,
  signedInShell: _shell,
}) => {
  // SPEC §9: toasts auto-close after 5000 ms. A fake clock, never a sleep.
  await page.clock.install();
  await page.goto('/dashboard');
  await expect(remoteArea(page, 'wallets').getByRole('heading', { level: 1 })).toBeVisible();
  // Stop the page's time, so only runFor moves it (pauseAt takes a time ahead of the page's clock).
  const pageNow = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(pageNow + 1_000);
  await emitFromRemote(page, 'wallets', {
    type: 'toast',
    toast: { kind: 'success', message: 'Beneficiary Saved Successfully!' },
  });
  const toast = page
    .getByRole('region', { name: 'Notifications' })
    .getByText('Beneficiary Saved Successfully!');
  await expect(toast).toBeVisible();
  await page.clock.runFor(4_900);
  await expect(toast).toBeVisible();
  await page.clock.runFor(200);
  await expect(toast).toBeHidden();
});

test.describe('a signed-in customer on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the sidebar starts collapsed, opens from the menu button and a breadcrumb shows where they are', async ({
    page,
    signedInShell: _shell,
  }) => {
    await page.goto('/dashboard/payments/data');
    await expect(remoteArea(page, 'payments').getByRole('heading', { level: 1 })).toBeVisible();
    const sidebar = page.getByRole('complementary', { name: 'Dashboard' });
    // SPEC §2: the sidebar collapses on small screens; small screens show a breadcrumb.
    await expect(sidebar).toBeHidden();
    await expect(page.getByRole('navigation', { name: /breadcrumb/i })).toContainText('Data');

    const toggle = page.getByRole('button', { name: /menu|sidebar/i });
    await toggle.click();
    await expect(sidebar).toBeVisible();
    await sidebar.getByRole('link', { name: 'Electricity' }).click();
    await expect(page).toHaveURL(/\/dashboard\/payments\/electricity$/);
    await expect(page.getByRole('navigation', { name: /breadcrumb/i })).toContainText(
      'Electricity',
    );
  });
});

test.describe('a signed-in customer on a large screen', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the sidebar is always shown', async ({ page, signedInShell: _shell }) => {
    await page.goto('/dashboard');
    await expect(page.getByRole('complementary', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('button', { name: /menu|sidebar/i })).toBeHidden();
  });
});
