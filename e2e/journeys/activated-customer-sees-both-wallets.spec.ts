// The activated customer's dashboard shows both wallets (SPEC §2 "Dashboard and funding",
// §3 Wallet: product 4 is the commission wallet, its number shown as N/A), each balance hidden by
// default behind an eye toggle (SPEC §2), in naira with 2 decimals (SPEC §9).
import { expect, test } from '../support/fixtures';
import { activatedCustomer } from '../support/activated-customer';
import { walletCard } from '../support/wallet-screens';

// A real sign-up (scrypt at production cost) on two cores that also run both servers.
test.describe.configure({ timeout: 90_000 });

test('an activated customer sees the Ajo Wallet with its account number and the Commission Wallet with N/A, balances hidden until the eye is pressed', async ({
  page,
}) => {
  const customer = await activatedCustomer(page);
  const main = walletCard(page, 'Ajo Wallet');
  const commission = walletCard(page, 'Commission Wallet');

  await test.step('welcome and one card per wallet, with its account number', async () => {
    await expect(page.getByText(`Welcome, ${customer.firstName}`)).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(2);
    await expect(main.getByText(`Account number: ${customer.mainWallet.account_no}`)).toBeVisible();
    await expect(commission.getByText('Account number: N/A')).toBeVisible();
    await expect(commission).not.toContainText(String(customer.commissionWallet.account_no));
  });

  await test.step('both balances are hidden by default', async () => {
    for (const card of [main, commission]) {
      await expect(card.getByText('Balance hidden')).toBeAttached();
      await expect(card).not.toContainText('₦0.00');
    }
  });

  await test.step('the eye shows the Ajo Wallet balance, and only that one', async () => {
    await main.getByRole('button', { name: 'Show Ajo Wallet balance' }).click();
    await expect(main.getByText('₦0.00', { exact: true })).toBeVisible();
    await expect(main.getByRole('button', { name: 'Hide Ajo Wallet balance' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(commission.getByText('Balance hidden')).toBeAttached();
  });

  await test.step('pressed again, it hides the balance', async () => {
    await main.getByRole('button', { name: 'Hide Ajo Wallet balance' }).click();
    await expect(main.getByText('Balance hidden')).toBeAttached();
    await expect(main).not.toContainText('₦0.00');
    await expect(main.getByRole('button', { name: 'Show Ajo Wallet balance' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  await test.step('a fresh load of the dashboard asks for the customer once, shell and wallets together', async () => {
    const userCalls: string[] = [];
    page.on('request', (request) => {
      if (
        request.method() === 'GET' &&
        /\/api\/users\/[^/?]+$/.test(new URL(request.url()).pathname)
      )
        userCalls.push(request.url());
    });
    await page.reload({ waitUntil: 'networkidle' });
    await expect(main.getByText(`Account number: ${customer.mainWallet.account_no}`)).toBeVisible();
    expect(userCalls).toHaveLength(1);
  });
});
