// SPEC §2 Route table: a protected route without a stored token or user id redirects to /login.
import { expect, test } from '../support/fixtures';
import { protectedRoutes } from '../support/routes';

test.describe('a visitor who is not signed in', () => {
  for (const routeCase of protectedRoutes) {
    test(`opening ${routeCase.visit} lands on /login`, async ({ page }) => {
      await page.goto(routeCase.visit);
      await expect(page).toHaveURL((url) => url.pathname === '/login');
      await expect(
        page.getByRole('main').getByRole('heading', { level: 1, name: 'Login' }),
      ).toBeVisible();
    });
  }

  test('a visitor with a token but no user id is still sent to /login', async ({ page }) => {
    // SPEC §2: both tk and id must be stored.
    await page.addInitScript(() => window.localStorage.setItem('tk', 'a-token-without-an-id'));
    await page.goto('/dashboard');
    await expect(page).toHaveURL((url) => url.pathname === '/login');
  });
});
