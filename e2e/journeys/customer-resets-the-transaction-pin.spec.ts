// SPEC §2 / §4 Transaction Pin tab: request an OTP, enter it with the new PIN twice, land on
// /dashboard; the new PIN then authorises a funding call and the old one no longer would.
import { activatedCustomer } from '../support/activated-customer';
import { CHECKOUT_BRAND, payWithCard, TEST_CARDS } from '../support/card-checkout';
import { expect, test } from '../support/fixtures';
import { notifications, pathnameIs } from '../support/onboarding';
import { newestOtp } from '../support/outbox';
import { openSettingsTab } from '../support/settings';

test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 390, height: 844 } });

const NEW_PIN = '864209';

test('a customer resets the transaction PIN with the OTP from the outbox and funds with the new PIN', async ({
  page,
}, testInfo) => {
  const customer = await activatedCustomer(page);
  await openSettingsTab(page, 'transaction-pin', 'Transaction Pin');
  await page.getByRole('button', { name: 'Request OTP' }).click();
  const otp = await newestOtp(customer.phone.international, 'transaction pin reset');

  await page.getByRole('textbox', { name: 'OTP' }).fill(otp);
  await page.getByLabel('New transaction PIN').fill(NEW_PIN);
  await page.getByLabel('Confirm transaction PIN').fill('864200');
  await page.getByRole('button', { name: 'Reset Transaction PIN' }).click();
  await expect(page.getByText('Transaction PIN mismatch!')).toBeVisible();
  await page.getByLabel('Confirm transaction PIN').fill(NEW_PIN);
  await page.screenshot({ path: testInfo.outputPath('transaction-pin-390.png'), fullPage: true });
  await page.getByRole('button', { name: 'Reset Transaction PIN' }).click();
  await expect(page).toHaveURL(pathnameIs('/dashboard'));
  await expect(notifications(page).getByText('Your transaction PIN has been reset.')).toBeVisible();

  // A funding call (SPEC §7 POST /transfers/bank-to-wallet) with the new PIN reaches the checkout.
  await page.goto('/dashboard/transfers/bank-to-wallet');
  await page.getByRole('combobox', { name: 'Wallet' }).selectOption(customer.mainWallet.account_no);
  await page.getByRole('textbox', { name: 'Amount' }).fill('1500');
  await page.getByRole('textbox', { name: 'Transaction PIN', exact: true }).fill(NEW_PIN);
  await page.getByRole('button', { name: 'Proceed' }).click();
  await expect(page.getByText(CHECKOUT_BRAND)).toBeVisible();
  await payWithCard(page, TEST_CARDS.succeeds, 'Pay ₦1,500.00');
  await expect(page).toHaveURL(pathnameIs('/dashboard'));
});
