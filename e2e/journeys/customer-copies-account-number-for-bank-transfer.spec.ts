// SPEC §2 funding page: the read-only bank name (a configured product string), the
// wallet's account number with a copy button, the upper-cased account name. Copying is checked
// by reading the clipboard back, with the permissions granted to the browser context.
import { expect, test } from '../support/fixtures';
import { activatedCustomer } from '../support/activated-customer';
import { pathnameIs } from '../support/onboarding';

test.describe.configure({ timeout: 90_000 });
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('a customer opens Bank Transfer from the dashboard and copies the wallet account number', async ({
  page,
}) => {
  const customer = await activatedCustomer(page);
  const accountNumber = customer.mainWallet.account_no;

  await page
    .getByRole('navigation', { name: 'Quick actions' })
    .getByRole('link', { name: 'Bank Transfer' })
    .click();
  await expect(page).toHaveURL(pathnameIs('/dashboard/fund-wallet/bank-transfer'));

  const bankName = page.getByRole('textbox', { name: 'Bank name' });
  await expect(bankName).not.toHaveValue('');
  await expect(bankName).toHaveAttribute('readonly', '');
  const number = page.getByRole('textbox', { name: 'Account number' });
  await expect(number).toHaveValue(accountNumber);
  await expect(number).toHaveAttribute('readonly', '');
  await expect(page.getByRole('textbox', { name: 'Account name' })).toHaveValue(
    `${customer.firstName} ${customer.lastName}`.toUpperCase(),
  );

  await page.getByRole('button', { name: 'Copy account number' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(accountNumber);
});
