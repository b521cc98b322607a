// SPEC §4 "Prompts on protected pages": the NIN update modal opens when there is no NIN (or its
// status is null or declined), the user is not verified and has a mifos_client_id. No real path
// makes such a customer today (the middleware's activation verifies the user as it assigns the
// mifos_client_id), so this journey uses the `signedInShell` fixture with a fixture user in that
// state: the shell and the prompt are real, GET /api/users/{id} is answered by the test.
import { expect, test } from '../support/fixtures';
import { fixtureUser } from '../support/fixture-user';

const userWithoutNin = {
  ...fixtureUser,
  is_verified: false,
  nin: null,
  nin_verification_status: null,
};

test('a customer with no NIN on file is prompted for it, and two different NINs are refused', async ({
  page,
  signedInShell,
}) => {
  // Registered after the fixture's route, so it answers first (Playwright: newest route wins).
  await page.route(`**/api/users/${signedInShell.user.id}`, async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    await route.fulfill({ json: { user: userWithoutNin } });
  });
  const ninUpdates: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().includes('/api/users/'))
      ninUpdates.push(request.url());
  });

  await page.goto('/dashboard');
  const prompt = page.getByRole('dialog', { name: 'Update your NIN' });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('textbox', { name: 'NIN', exact: true }).fill('12345678901');
  await prompt.getByRole('textbox', { name: 'Confirm NIN' }).fill('12345678902');
  await prompt.getByRole('button', { name: 'Submit NIN' }).click();

  // SPEC §5 NIN: entered twice from the dashboard prompt, mismatch 'NIN mismatch!'.
  await expect(prompt.getByText('NIN mismatch!')).toBeVisible();
  await expect(prompt).toBeVisible();
  expect(ninUpdates, 'no PUT /users/{id} for mismatched NINs').toEqual([]);
});
