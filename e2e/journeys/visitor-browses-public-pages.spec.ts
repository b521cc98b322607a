// Every public route of the route table renders the right remote through the
// host, with no console errors (the consoleErrors fixture checks every test).
import { expect, test } from '../support/fixtures';
import { expectedFailedResponse } from '../support/onboarding';
import { publicRoutes } from '../support/routes';
import { expectRenderedBy, remoteArea } from '../support/screens';

test.describe('a visitor without an account', () => {
  for (const routeCase of publicRoutes) {
    test.describe(() => {
      // Only the failures the route's screen provokes on purpose (support/routes.ts).
      const patterns = (routeCase.expectedFailedResponses ?? []).map(({ status, apiPath }) =>
        expectedFailedResponse(status, apiPath),
      );
      test.use({ allowedConsoleErrors: { patterns } });

      test(`opening ${routeCase.visit} shows the ${routeCase.owner} screen`, async ({ page }) => {
        await page.goto(routeCase.visit);
        await expectRenderedBy(page, routeCase);
      });
    });
  }

  test('a visitor goes from the landing page to the FAQ and to sign-up through the public navbar', async ({
    page,
  }) => {
    await page.goto('/');
    // SPEC §2 Landing: Get started goes to /signup and Login to /login.
    await expect(page.getByRole('link', { name: 'Get started' })).toHaveAttribute(
      'href',
      '/signup',
    );

    const navbar = page.getByRole('navigation', { name: 'Main' });
    await navbar.getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page.getByRole('heading', { name: 'Frequently Asked Questions' })).toBeVisible();

    await navbar.getByRole('link', { name: 'Signup' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(remoteArea(page, 'onboarding').getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('a visitor presses Login on the landing page and reaches the login screen', async ({
    page,
  }) => {
    await page.goto('/');
    await remoteArea(page, 'public_pages').getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
    await expect(remoteArea(page, 'public_pages')).toBeHidden();
  });

  test('a visitor opens the FAQ and reads one answer at a time', async ({ page }) => {
    await page.goto('/faq');
    const faq = remoteArea(page, 'public_pages');
    // SPEC §2 FAQ: an accordion with one item open at a time.
    const questions = faq.locator('button[aria-expanded]');
    await expect(questions.nth(1)).toBeVisible();

    await questions.nth(0).click();
    await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'true');

    await questions.nth(1).click();
    await expect(questions.nth(1)).toHaveAttribute('aria-expanded', 'true');
    await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'false');
    await expect(faq.locator('button[aria-expanded="true"]')).toHaveCount(1);
  });
});
