// SPEC §2 referral landing on a desktop, §3 sign-up with the referrer code from session storage,
// §9 rewards: ₦250 in each commission wallet once the friend is onboarded and has funded ₦1,000.
import { activateSignedInCustomer, inboundTransfer } from '../support/activated-customer';
import { expect, test } from '../support/fixtures';
import {
  ACCOUNT_CREATED,
  choosePins,
  confirmSignUpOtp,
  expectedFailedResponse,
  fillAccountSetup,
  notifications,
  pathnameIs,
  SETUP_ADDRESS,
  signIn,
  startSignUp,
} from '../support/onboarding';
import { uniquePhone } from '../support/phone';
import { commissionBalance, qualifyingReferrer } from '../support/referral';
import { revealBalance } from '../support/wallet-screens';

// The sign-up below first sends a code nobody holds, on purpose.
test.use({ allowedConsoleErrors: { patterns: [expectedFailedResponse(400, '/users')] } });

test('a friend on a desktop signs up from a referral link, funds ₦1,000 and both get ₦250 in their commission wallets', async ({
  page,
  browser,
}) => {
  test.slow();
  const referrer = await qualifyingReferrer(browser);
  const friend = uniquePhone();
  const pin = '1357';
  try {
    await test.step('the landing page records the number and offers sign-up on the web', async () => {
      await page.goto(`/referral/${referrer.code}`);
      await expect(
        page.getByRole('heading', { name: `${referrer.shownAs} invited you to join the fun` }),
      ).toBeVisible();
      await page.getByRole('textbox', { name: /Phone number/ }).fill(friend.local);
      await page.getByRole('button', { name: 'Download & Enjoy' }).click();
      await expect(page.getByText('Thank you! Your invitation has been recorded.')).toBeVisible();
      await page.getByRole('link', { name: 'Sign up on the web' }).click();
      await expect(page).toHaveURL(pathnameIs('/signup'));
    });

    await test.step('sign-up carries the code; a wrong one is refused without losing the form', async () => {
      await startSignUp(page, friend);
      await confirmSignUpOtp(page, friend);
      await choosePins(page, pin);
      await expect(page).toHaveURL(pathnameIs('/register'));
      const code = page.getByRole('textbox', { name: 'Referrer code' });
      await expect(code).toHaveValue(referrer.code);

      await fillAccountSetup(page);

      await code.fill('NOSUCH99');
      await page.getByRole('button', { name: 'Create account' }).click();
      await expect(
        notifications(page).getByText('This referral code does not exist.'),
      ).toBeVisible();
      await expect(page).toHaveURL(pathnameIs('/register'));
      await expect(page.getByRole('textbox', { name: 'Address' })).toHaveValue(SETUP_ADDRESS);
      await expect(page.getByRole('combobox', { name: 'Local government' })).not.toHaveValue('');

      await code.fill(referrer.code);
      await page.getByRole('button', { name: 'Create account' }).click();
      await expect(notifications(page).getByText(ACCOUNT_CREATED)).toBeVisible();
      await expect(page).toHaveURL(pathnameIs('/login'));
    });

    const referee = await test.step('the friend signs in and completes onboarding', async () => {
      await signIn(page, friend, pin);
      await expect(page).toHaveURL(pathnameIs('/verify'));
      return activateSignedInCustomer(page, friend);
    });

    await test.step('₦1,000 paid in pays ₦250 to each commission wallet, once', async () => {
      const funded = await inboundTransfer({
        accountNumber: referee.mainWallet.account_no,
        amount: 1000,
        senderName: 'Kemi Adeyemi',
        senderBank: 'Access Bank',
      });
      expect(funded.status).toBe(201);
      // The reward is a background job (one poll of the queue, middleware README "Referral programme").
      await expect.poll(() => commissionBalance(referee), { timeout: 20_000 }).toBe(250);
      expect(await commissionBalance(referrer)).toBe(250);

      await page.reload();
      const card = await revealBalance(page, 'Commission Wallet');
      await expect(card.getByText('₦250.00', { exact: true })).toBeVisible();
      await referrer.page.goto('/dashboard');
      const referrerCard = await revealBalance(referrer.page, 'Commission Wallet');
      await expect(referrerCard.getByText('₦250.00', { exact: true })).toBeVisible();
    });

    // Settings → Referrals (SPEC §2 Settings: a table with S/N and Referree), from the referees'
    // users.referrer_code.
    await test.step('the referrer sees the friend in Settings, Referrals', async () => {
      await referrer.page.goto('/settings');
      await referrer.page.getByRole('tab', { name: 'Referrals' }).click();
      const table = referrer.page.getByRole('table');
      await expect(table.getByRole('columnheader', { name: 'S/N' })).toBeVisible();
      await expect(table.getByRole('columnheader', { name: 'Referree' })).toBeVisible();
      await expect(table.getByRole('row').filter({ hasText: `${referee.firstName}` })).toHaveCount(
        1,
      );
    });
  } finally {
    await referrer.close();
  }
});
