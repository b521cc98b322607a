// The identity verification issue's BVN journeys against the real middleware and its sandbox
// provider (SPEC §2 /verify → /bvn-verification-start → provider → /bvn-verification-status →
// /onboarding?tid=), in the `camera` project: Chromium's fake camera shows a real face
// (the middleware's face-check fixture, see support/fake-camera.ts), which the server's face check accepts.
import { expect, test } from '../support/fixtures';
import {
  ACCOUNT_NOT_ACTIVATED,
  BVN_VERIFY_ERROR,
  expectOnboardingDetails,
  finishOnboardingWithAcceptedFace,
  grantBvnConsent,
  sandboxNumber,
  signedInCustomerOnServer,
  signedInUnverifiedCustomer,
  verifyBvnAtProvider,
} from '../support/identity';
import { notifications, pathnameIs } from '../support/onboarding';
import { remoteArea } from '../support/screens';

// Sign-up (real scrypt), the provider round trip, the first face check of a run (which loads the
// detector's model) and an upload, on two cores that also run the servers.
test.describe.configure({ timeout: 120_000 });

test('a new customer verifies with a BVN and a camera photo, lands on an activated dashboard with two wallets and creates a transaction PIN', async ({
  page,
}) => {
  await signedInUnverifiedCustomer(page);
  const bvn = sandboxNumber('222');

  await test.step('BVN at the provider, then the identity it returned on /onboarding', async () => {
    await verifyBvnAtProvider(page, bvn);
    // The status page forwards a success to /onboarding?tid= (SPEC §2 BVN result page).
    await expectOnboardingDetails(page, 'BVN', bvn);
  });

  await test.step('photo, face check, upload, Next: the account is activated', async () => {
    await finishOnboardingWithAcceptedFace(page);
    // The dashboard screen itself is still a placeholder (mfe-wallets), so the two wallets are read
    // from the server with the session's token: middleware README "Activation opens 'Ajo Wallet'
    // (product 1) and 'Commission Wallet' (product 4)"; SPEC §9 NUBAN 10 digits.
    const { wallets, is_verified } = await signedInCustomerOnServer(page);
    expect(is_verified).toBe(true);
    expect(wallets.map((w) => w.product_id).sort()).toEqual([1, 4]);
    for (const wallet of wallets) expect(wallet.account_no).toMatch(/^\d{10}$/);
    // SPEC §4 Account activation: with wallets, /dashboard stays (no not-activated screen).
    await expect(page).toHaveURL(pathnameIs('/dashboard'));
  });

  const prompt = page.getByRole('dialog', { name: 'Create Transaction PIN' });
  await test.step('the Create Transaction PIN prompt refuses two different PINs', async () => {
    // SPEC §4 Prompts on protected pages: the transaction PIN is not enabled yet.
    await expect(prompt).toBeVisible();
    await prompt.getByLabel('Transaction PIN', { exact: true }).fill('135790');
    await prompt.getByLabel('Confirm Transaction PIN').fill('135791');
    await prompt.getByRole('button', { name: 'Create PIN' }).click();
    // SPEC §5 Transaction PIN mismatch message.
    await expect(prompt.getByText('Transaction PIN mismatch!')).toBeVisible();
  });

  await test.step('matching PINs: created, and the page reloads after 1.5 s without the prompt', async () => {
    // SPEC §8 / §9: the reload comes 1.5 s after the success; the page clock is held still so
    // the test, not the wall clock, decides when that time has passed.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 60_000);
    await prompt.getByLabel('Confirm Transaction PIN').fill('135790');
    await prompt.getByRole('button', { name: 'Create PIN' }).click();
    await expect(notifications(page).getByText('Transaction PIN Created!')).toBeVisible();
    await page.clock.runFor(1_400);
    // Not yet: the prompt is still there before 1.5 s.
    await expect(prompt).toBeVisible();
    const reloaded = page.waitForEvent('load');
    await page.clock.runFor(100).catch(() => {
      // The reload this advance triggers may tear the page down under the clock's own call.
    });
    await reloaded;
    await page.clock.resume();
    const customer = await signedInCustomerOnServer(page);
    expect(customer.isTransactionPinEnabled).toBe(true);
    // The reloaded shell has loaded the user (the sidebar shows the name) and opens no prompt.
    await expect(page).toHaveURL(pathnameIs('/dashboard'));
    await expect(
      page
        .getByRole('complementary', { name: 'Dashboard' })
        .getByText(`${customer.first_name} ${customer.last_name}`),
    ).toBeVisible();
    await expect(prompt).toBeHidden();
  });

  await test.step('Back to the onboarding page: an activated customer is sent to /dashboard, no error', async () => {
    await page.goBack();
    await expect(page).toHaveURL(pathnameIs('/dashboard'));
    // The dashboard's own screen is mounted: the onboarding screen is gone with whatever it asked.
    await expect(remoteArea(page, 'wallets').getByRole('heading', { level: 1 })).toBeVisible();
    await expect(notifications(page).getByRole('alert')).toHaveCount(0);
    await expect(page.getByText('Error fetching details')).toHaveCount(0);
    await expect(page.getByText(/Verification data not found/)).toHaveCount(0);
  });
});

test('a signed-in customer not yet verified sees the not-activated screen, and a BVN the provider refuses (229…) shows the failure with a way back to /signup', async ({
  page,
}) => {
  await signedInUnverifiedCustomer(page);

  await test.step('/dashboard without wallets: the not-activated screen', async () => {
    await page.goto('/dashboard');
    // SPEC §4 Account activation; SPEC §8 Unactivated.
    await expect(page).toHaveURL(pathnameIs('/not-activated'));
    await expect(page.getByText(ACCOUNT_NOT_ACTIVATED)).toBeVisible();
    // No transaction PIN before there are wallets for it to guard (SPEC §4 prompts).
    await expect(page.getByRole('dialog', { name: 'Create Transaction PIN' })).toHaveCount(0);
  });

  await test.step('a mismatched BVN: the status page says so and links to /signup', async () => {
    await verifyBvnAtProvider(page, sandboxNumber('229'));
    await expect(page).toHaveURL(
      (url) =>
        url.pathname === '/bvn-verification-status' && url.searchParams.get('status') === 'failed',
    );
    // SPEC §8 BVN result page; SPEC §2 "otherwise a link to /signup".
    await expect(page.getByRole('alert').filter({ hasText: BVN_VERIFY_ERROR })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to Sign up' })).toHaveAttribute(
      'href',
      '/signup',
    );
  });

  await test.step('restarting opens a fresh consent page', async () => {
    // SPEC §2 restart screens: the BVN restart links to /bvn-verification-start.
    await page.getByRole('link', { name: 'Restart BVN Verification' }).click();
    await grantBvnConsent(page, sandboxNumber('220'));
    // 220… is not found at the provider: failed again, the customer stays unverified.
    await expect(page).toHaveURL(
      (url) =>
        url.pathname === '/bvn-verification-status' && url.searchParams.get('status') === 'failed',
    );
    await expect(page.getByRole('alert').filter({ hasText: BVN_VERIFY_ERROR })).toBeVisible();
  });
});
