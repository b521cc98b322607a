// SPEC §2 / §7 "Payments" on a phone: airtime with the network detected from the number, and a
// failed vend whose money comes back (a reversal the customer sees). Sandbox phone numbers:
// middleware README "Payments".
import { expect, test } from '../support/fixtures';
import { balanceOf, fundedCustomer, TRANSACTION_PIN } from '../support/activated-customer';
import type { Page } from '@playwright/test';
import { fillAirtime } from '../support/transfer-screens';

test.describe.configure({ timeout: 90_000 });
test.use({ viewport: { width: 390, height: 844 } });

async function confirmWithPin(page: Page) {
  await page.getByRole('button', { name: 'Proceed' }).click();
  await page.getByLabel(/Transaction PIN/).fill(TRANSACTION_PIN);
  await page.getByRole('button', { name: 'Next' }).click();
}

test('a customer buys airtime; the network is picked from the number and can be changed', async ({
  page,
}, testInfo) => {
  const customer = await fundedCustomer(page, 2000, { name: 'Ada Eze', bank: 'GTBank' });
  const wallet = customer.mainWallet.account_no;

  await fillAirtime(page, `Ajo Wallet - ${wallet}`, '07025123456', '500');
  const network = page.getByRole('combobox', { name: /Network/ });
  await expect(network).toHaveValue('mtnng');
  await network.selectOption('glong');
  await expect(network).toHaveValue('glong');
  await network.selectOption('mtnng');
  await page.screenshot({ path: testInfo.outputPath('airtime-initiate-390.png'), fullPage: true });

  await confirmWithPin(page);
  await expect(page.getByRole('heading', { name: 'Transaction Successful' })).toBeVisible();
  await expect(page.getByText('Your airtime purchase was successful.')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('airtime-status-390.png'), fullPage: true });
  expect(await balanceOf(customer, wallet)).toBe(1500);
});

test('a failed airtime vend gives the money back and the history shows the reversal', async ({
  page,
}) => {
  const customer = await fundedCustomer(page, 2000, { name: 'Ada Eze', bank: 'GTBank' });
  const wallet = customer.mainWallet.account_no;

  await fillAirtime(page, `Ajo Wallet - ${wallet}`, '08033333333', '500');
  await confirmWithPin(page);
  await expect(page.getByRole('heading', { name: 'Transaction Failed' })).toBeVisible();
  await expect(
    page.getByText('Your airtime purchase failed. The money has been returned to your wallet.'),
  ).toBeVisible();
  expect(await balanceOf(customer, wallet)).toBe(2000);

  await page.goto('/dashboard/transaction-history');
  // On a phone the statement is a list of rows rather than a table.
  const rows = page.getByRole('list', { name: /^Mini statement of/ }).getByRole('listitem');
  // docs/decisions/014-money-in-is-never-red.md: the money given back is labelled as a credit.
  const reversal = rows.filter({ hasText: 'Reversal (Credit)' });
  await expect(reversal).toHaveCount(1);
  await expect(reversal).toContainText('₦500.00');
  await expect(reversal).toContainText('Reversal: MTN airtime failed');
  await expect(rows.filter({ hasText: 'MTN airtime 2348033333333' })).toHaveCount(1);
});
