// Fund by debit card (SPEC §2 bank-to-wallet screen, then the card checkout). The customer fills
// wallet, amount and transaction PIN, pays on the middleware's sandbox checkout page and lands on
// /dashboard with a toast and the new balance; a declined card or a cancelled checkout moves nothing.
import { expect, test } from '../support/fixtures';
import { activatedCustomer, balanceOf } from '../support/activated-customer';
import {
  FUNDING_CANCELLED,
  FUNDING_SUCCESS,
  TEST_CARDS,
  payWithCard,
  refusedCheckoutPage,
  startCardFunding,
} from '../support/card-checkout';
import { notifications, pathnameIs } from '../support/onboarding';
import { expectStatementRow, latestTransactions, revealBalance } from '../support/wallet-screens';

test.describe.configure({ timeout: 90_000 });
// A missing control fails in seconds, not at the end of the test's budget.
test.use({ actionTimeout: 15_000 });

test.describe('declined card', () => {
  // The page answers the declined card with 402 and the form again.
  test.use({ allowedConsoleErrors: { patterns: [refusedCheckoutPage(402)] } });

  test('a declined card moves nothing; the same checkout then paid with the good card lands on the dashboard with the toast, the new balance and the funding row', async ({
    page,
  }) => {
    const customer = await activatedCustomer(page);
    const accountNumber = customer.mainWallet.account_no;
    await startCardFunding(page, customer, '1500');
    const checkoutUrl = page.url();

    await test.step('the declined test card is refused on the page and nothing moves', async () => {
      await payWithCard(page, TEST_CARDS.declined, 'Pay ₦1,500.00');
      await expect(page.getByText('Your card was declined.')).toBeVisible();
      // The checkout page can be retried.
      await expect(page.getByRole('button', { name: 'Pay ₦1,500.00' })).toBeVisible();
      expect(await balanceOf(customer, accountNumber)).toBe(0);
    });

    await test.step('the good test card pays: /dashboard, toast, new balance', async () => {
      await payWithCard(page, TEST_CARDS.succeeds, 'Pay ₦1,500.00');
      await expect(page).toHaveURL(pathnameIs('/dashboard'));
      await expect(notifications(page).getByText(FUNDING_SUCCESS)).toBeVisible();
      const card = await revealBalance(page, 'Ajo Wallet');
      await expect(card.getByText('₦1,500.00', { exact: true })).toBeVisible();
      expect(await balanceOf(customer, accountNumber)).toBe(1500);
    });

    await test.step('the latest transactions show the top-up as money in', async () => {
      // docs/decisions/014-money-in-is-never-red.md: named for what it was, in the credit colour.
      await expectStatementRow(latestTransactions(page), {
        type: 'Card Top-up (Credit)',
        amount: '₦1,500.00',
        narration: 'Card funding',
        colour: 'primary',
      });
    });

    await test.step('opening the paid checkout again credits nothing more', async () => {
      await page.goto(checkoutUrl);
      await expect(page).toHaveURL(pathnameIs('/dashboard'));
      expect(await balanceOf(customer, accountNumber)).toBe(1500);
    });
  });
});

test('a cancelled card checkout returns to the dashboard with a notice and moves nothing', async ({
  page,
}) => {
  const customer = await activatedCustomer(page);
  await startCardFunding(page, customer, '2000.25');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(pathnameIs('/dashboard'));
  await expect(notifications(page).getByText(FUNDING_CANCELLED)).toBeVisible();
  const card = await revealBalance(page, 'Ajo Wallet');
  await expect(card.getByText('₦0.00', { exact: true })).toBeVisible();
  expect(await balanceOf(customer, customer.mainWallet.account_no)).toBe(0);
});

test.describe('card with an OTP', () => {
  // A wrong OTP is answered with 400 and the OTP form again.
  test.use({ allowedConsoleErrors: { patterns: [refusedCheckoutPage(400)] } });

  test('a card that asks for an OTP refuses a wrong one and pays with 123456', async ({ page }) => {
    const customer = await activatedCustomer(page);
    await startCardFunding(page, customer, '750');
    await payWithCard(page, TEST_CARDS.asksForOtp, 'Pay ₦750.00');
    const otp = page.getByRole('textbox', { name: 'OTP' });
    await otp.fill('000000');
    await page.getByRole('button', { name: 'Pay ₦750.00' }).click();
    await expect(page.getByText('The OTP is incorrect.')).toBeVisible();
    expect(await balanceOf(customer, customer.mainWallet.account_no)).toBe(0);
    await page.getByRole('textbox', { name: 'OTP' }).fill('123456');
    await page.getByRole('button', { name: 'Pay ₦750.00' }).click();
    await expect(page).toHaveURL(pathnameIs('/dashboard'));
    await expect(notifications(page).getByText(FUNDING_SUCCESS)).toBeVisible();
    expect(await balanceOf(customer, customer.mainWallet.account_no)).toBe(750);
  });
});
