// SPEC §2 More tab and §9 "the wallet is deactivated on closure": an account with money is not
// closed (the customer is told to move it first); once emptied it is closed, the customer is signed
// out and cannot sign in again.
import type { Page } from '@playwright/test';
import { fundedCustomer } from '../support/activated-customer';
import { confirmWithPin, fillAirtime } from '../support/transfer-screens';
import { expect, test } from '../support/fixtures';
import { CUSTOMER_PIN } from '../support/identity';
import { notifications, pathnameIs, signIn } from '../support/onboarding';

test.describe.configure({ timeout: 150_000 });
test.use({ viewport: { width: 390, height: 844 } });
test.use({
  allowedConsoleErrors: {
    patterns: [
      /Failed to load resource: the server responded with a status of 409 .*request-account-closure/,
      /Failed to load resource: the server responded with a status of 403 .*\/api\/login/,
    ],
  },
});

async function askToClose(page: Page) {
  await page.goto('/settings/delete-account');
  await expect(page.getByRole('tab', { name: 'More' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('combobox', { name: 'Why are you leaving?' }).selectOption('Other Reasons');
  await page.getByRole('textbox', { name: 'Tell us your reason' }).fill('Moving abroad');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Delete Account' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await expect(dialog.getByText('this action cannot be undone')).toBeVisible();
  await dialog.getByRole('button', { name: 'Yes, delete my account' }).click();
}

test('a customer empties the wallet, closes the account and can no longer sign in', async ({
  page,
}, testInfo) => {
  const customer = await fundedCustomer(page, 500, { name: 'Ada Eze', bank: 'GTBank' });
  const wallet = customer.mainWallet.account_no;

  await askToClose(page);
  await expect(
    notifications(page).getByText(
      'Your wallets still hold ₦500.00. Please move all your money to another account before closing your account.',
    ),
  ).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('close-refused-390.png'), fullPage: true });

  // Spend it: ₦500 of airtime (middleware README "Payments": any other number is delivered).
  await fillAirtime(page, `Ajo Wallet - ${wallet}`, '08031234567', '500');
  await page.getByRole('button', { name: 'Proceed' }).click();
  await confirmWithPin(page);
  await expect(page.getByRole('heading', { name: 'Transaction Successful' })).toBeVisible();

  await askToClose(page);
  await expect(page).toHaveURL(pathnameIs('/login'));

  await signIn(page, customer.phone, CUSTOMER_PIN);
  await expect(
    notifications(page).getByText(
      'This account has been closed. Please contact support if you need help with it.',
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(pathnameIs('/login'));
});
