// Sign-out ends the session on the server and in every tab (docs/decisions/015-sessions-ended-on-the-server.md):
// the old token is refused afterwards, a second tab leaves the dashboard at once, and a refused token
// gives one clear notice, never the server's raw words.
import { expect, test } from '../support/fixtures';
import { activatedCustomer, customerOnServer } from '../support/activated-customer';
import { CUSTOMER_PIN } from '../support/identity';
import { pathnameIs, signIn } from '../support/onboarding';
import { middlewareURL } from '../support/paths';

// A real sign-up (scrypt at production cost) on two cores that also run both servers.
test.describe.configure({ timeout: 90_000 });

const SESSION_ENDED = 'Your session has ended. Please sign in again.';

test.describe('a customer who signs out with two tabs open', () => {
  // After sign-out the old token is refused (401): Chromium logs the refused check as a failed load.
  test.use({ allowedConsoleErrors: { patterns: [/401/] } });

  test('ends the session on the server and both tabs leave the dashboard', async ({ page }) => {
    const customer = await activatedCustomer(page);
    const second = await page.context().newPage();
    await second.goto('/dashboard');
    await expect(second.getByText(`Welcome, ${customer.firstName}`)).toBeVisible();

    await test.step('signing out in the first tab sends both to /login', async () => {
      await page.getByRole('button', { name: 'Signout' }).click();
      await expect(page).toHaveURL(pathnameIs('/login'));
      await expect(second).toHaveURL(pathnameIs('/login'));
      await expect(second.getByText(`Welcome, ${customer.firstName}`)).toHaveCount(0);
    });

    await test.step('the old token no longer returns the customer', async () => {
      await expect
        .poll(() => customerOnServer(customer).catch((e: Error) => e.message))
        .toMatch(/answered 401/);
    });
  });
});

test.describe('a customer whose stored token was ended elsewhere', () => {
  test.use({ allowedConsoleErrors: { patterns: [/401/] } });

  test('sees one clear notice, no raw server words, and signs in again', async ({ page }) => {
    const customer = await activatedCustomer(page);
    // The customer leaves: the dashboard's own calls still in flight would otherwise meet the ended
    // session first and clear the storage before the visit this test is about.
    await page.goto('about:blank');
    // Signed out from somewhere else: the server ends the session this browser still holds.
    const res = await fetch(`${middlewareURL}/api/logout`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${customer.token}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(200);
    const userCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(`/api/users/${customer.id}`)) userCalls.push(request.url());
    });
    // Back later, with the stored token.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(pathnameIs('/login'));
    const notices = page.getByRole('region', { name: 'Notifications' });
    await expect(notices.getByText(SESSION_ENDED)).toBeVisible();
    await expect(notices.getByRole('alert')).toHaveCount(1);
    await expect(notices).not.toContainText('Unauthorized');
    await expect(notices).not.toContainText('Error getting user');
    expect(await page.evaluate(() => window.localStorage.getItem('tk'))).toBeNull();
    expect(userCalls).toHaveLength(1);

    await test.step('signs in again and is back on the dashboard', async () => {
      await signIn(page, customer.phone, CUSTOMER_PIN);
      await expect(page).toHaveURL(pathnameIs('/dashboard'));
      await expect(page.getByText(`Welcome, ${customer.firstName}`)).toBeVisible();
      await expect(notices).not.toContainText(SESSION_ENDED);
    });
  });
});

test.describe('a customer on a phone who signs out from the open menu', () => {
  test.use({ viewport: { width: 390, height: 844 }, allowedConsoleErrors: { patterns: [/401/] } });

  test('signs in again to a dashboard the menu does not cover', async ({ page }) => {
    const customer = await activatedCustomer(page);
    const sidebar = page.getByRole('complementary', { name: 'Dashboard' });
    await expect(sidebar).toBeHidden();
    await page.getByRole('button', { name: /menu|sidebar/i }).click();
    await sidebar.getByRole('button', { name: 'Signout' }).click();
    await expect(page).toHaveURL(pathnameIs('/login'));

    // In the same page (no reload): the shell that had the menu open shows the next dashboard.
    await signIn(page, customer.phone, CUSTOMER_PIN);
    await expect(page).toHaveURL(pathnameIs('/dashboard'));
    await expect(page.getByText(`Welcome, ${customer.firstName}`)).toBeVisible();
    await expect(sidebar).toBeHidden();
  });
});
