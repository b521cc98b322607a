// SPEC §1 (the pages promise cable TV payments) and §4 (the four steps of a money call), on a phone:
// a DStv smartcard validated and its bouquet renewed, with the receipt and the history line; a vend
// the provider refuses gives the money back, shown as a reversal. Sandbox smartcards: middleware
// README "Payments". The screen arrived as a payments release (its remote.json declares the route
// and the sidebar entry; docs/decisions/038-remotes-declare-their-routes.md).
import type { Page } from '@playwright/test';
import { balanceOf, fundedCustomer } from '../support/activated-customer';
import { expect, test } from '../support/fixtures';
import { confirmWithPin } from '../support/transfer-screens';

test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 390, height: 844 } });

/** From the sidebar (Payments → Cable TV), a smartcard validated on the chosen wallet. */
async function validateSmartcard(page: Page, wallet: string, smartcard: string) {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Menu' }).click();
  await page
    .getByRole('navigation', { name: 'Dashboard menu' })
    .getByRole('link', { name: 'Cable TV' })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/payments\/cable-tv$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Cable TV' })).toBeVisible();
  await page.getByRole('combobox', { name: /Source wallet/ }).selectOption(wallet);
  await page.getByRole('combobox', { name: /Provider/ }).selectOption({ label: 'DStv' });
  await page.getByRole('textbox', { name: /Smartcard/ }).fill(smartcard);
  await page.getByRole('button', { name: 'Validate' }).click();
}

test('a customer validates a DStv smartcard, renews the bouquet and gets the receipt and the history line', async ({
  page,
}, testInfo) => {
  const customer = await fundedCustomer(page, 25_000, { name: 'Ada Eze', bank: 'GTBank' });
  const wallet = customer.mainWallet.account_no;

  await validateSmartcard(page, wallet, '7011111111');
  await expect(page.getByText('TESTCARD DELIVERED')).toBeVisible();
  await expect(page.getByText('Current bouquet: DStv Compact')).toBeVisible();
  await page.getByRole('radio', { name: 'Renew DStv Compact' }).check();
  // The amount follows the bouquet and cannot be typed over.
  const amount = page.getByRole('textbox', { name: /Amount/ });
  await expect(amount).toHaveValue('19000');
  await expect(amount).toHaveAttribute('readonly');
  await page.getByRole('textbox', { name: /Phone number/ }).fill('08031234567');
  await page.screenshot({ path: testInfo.outputPath('cable-tv-initiate-390.png'), fullPage: true });

  await page.getByRole('button', { name: 'Proceed' }).click();
  await confirmWithPin(page);
  await expect(page.getByRole('heading', { name: 'Transaction Successful' })).toBeVisible();
  await expect(page.getByText('Your cable TV purchase was successful.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Share receipt' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download PDF' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('cable-tv-status-390.png'), fullPage: true });
  expect(await balanceOf(customer, wallet)).toBe(6000);

  await page.goto('/dashboard/transaction-history');
  const rows = page.getByRole('list', { name: /^Mini statement of/ }).getByRole('listitem');
  const line = rows.filter({ hasText: '₦19,000.00' });
  await expect(line).toHaveCount(1);
  await expect(line).toContainText('DStv');
});

test('a DStv renewal the provider refuses gives the money back, and the history shows the reversal', async ({
  page,
}) => {
  const customer = await fundedCustomer(page, 10_000, { name: 'Ada Eze', bank: 'GTBank' });
  const wallet = customer.mainWallet.account_no;

  await validateSmartcard(page, wallet, '7033333333');
  await expect(page.getByText('TESTCARD FAILS')).toBeVisible();
  await page.getByRole('radio', { name: 'Renew DStv Yanga' }).check();
  await expect(page.getByRole('textbox', { name: /Amount/ })).toHaveValue('6000');
  await page.getByRole('textbox', { name: /Phone number/ }).fill('08031234567');
  await page.getByRole('button', { name: 'Proceed' }).click();
  await confirmWithPin(page);
  await expect(page.getByRole('heading', { name: 'Transaction Failed' })).toBeVisible();
  await expect(
    page.getByText('Your cable TV purchase failed. The money has been returned to your wallet.'),
  ).toBeVisible();
  expect(await balanceOf(customer, wallet)).toBe(10_000);

  await page.goto('/dashboard/transaction-history');
  const rows = page.getByRole('list', { name: /^Mini statement of/ }).getByRole('listitem');
  // docs/decisions/014-money-in-is-never-red.md: the money given back is labelled as a credit.
  const reversal = rows.filter({ hasText: 'Reversal (Credit)' });
  await expect(reversal).toHaveCount(1);
  await expect(reversal).toContainText('₦6,000.00');
  await expect(reversal).toContainText(/Reversal: DStv/);
});
