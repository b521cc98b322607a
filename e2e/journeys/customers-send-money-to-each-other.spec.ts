// Wallet to wallet (SPEC §2, §4): two activated customers send money to each other and both see
// it; a large transfer asks for an OTP and a wrong OTP keeps the customer on the step.
import { expect, test } from '../support/fixtures';
import {
  activatedCustomer,
  anotherActivatedCustomer,
  balanceOf,
  fundedCustomer,
  inboundTransfer,
} from '../support/activated-customer';
import { expectedFailedResponse } from '../support/onboarding';
import { newestOtp } from '../support/outbox';
import { confirmWithPin, expectStatus, startWalletTransfer } from '../support/transfer-screens';
import {
  expectStatementRow,
  latestTransactions,
  returnToTab,
  revealBalance,
} from '../support/wallet-screens';

test.describe.configure({ timeout: 150_000 });

// The wrong OTP is refused on purpose: a real 401 from the transfer call.
test.use({
  allowedConsoleErrors: {
    patterns: [expectedFailedResponse(401, '/transfers/wallet-to-other-wallet/transfer-funds')],
  },
});

test('two customers send money to each other and both see it on their dashboards', async ({
  page,
  browser,
}) => {
  const ada = await activatedCustomer(page);
  const otherContext = await browser.newContext();
  const otherPage = await otherContext.newPage();
  try {
    const bola = await activatedCustomer(otherPage);
    await inboundTransfer({
      accountNumber: ada.mainWallet.account_no,
      amount: 10_000,
      senderName: 'Chidi Eze',
      senderBank: 'GTBank',
    });
    const bolaCard = await revealBalance(otherPage, 'Ajo Wallet');
    await expect(bolaCard.getByText('₦0.00', { exact: true })).toBeVisible();

    await test.step('Ada sends ₦2,500.50 to Bola', async () => {
      await startWalletTransfer(page, {
        receiver: bola.mainWallet.account_no,
        receiverName: `${bola.firstName} ${bola.lastName}`,
        amount: '2500.50',
        narration: 'For the rent',
      });
      await confirmWithPin(page);
      await expectStatus(page, 'Transaction Successful');
      expect(await balanceOf(ada, ada.mainWallet.account_no)).toBe(7499.5);
    });

    await test.step('Bola, back on the tab, sees the credit without a reload', async () => {
      await returnToTab(otherPage);
      await expect(bolaCard.getByText('₦2,500.50', { exact: true })).toBeVisible();
      await expectStatementRow(latestTransactions(otherPage), {
        type: 'Ajo Transfer (Credit)',
        amount: '₦2,500.50',
        // The receiver's line names the sender, then the sender's own words.
        narration: `Transfer from ${ada.firstName} ${ada.lastName}: For the rent`,
        colour: 'primary',
      });
    });

    await test.step('Bola sends ₦500 back; Ada sees her debit and the credit', async () => {
      await startWalletTransfer(otherPage, {
        receiver: ada.mainWallet.account_no,
        receiverName: `${ada.firstName} ${ada.lastName}`,
        amount: '500',
        narration: 'Change',
      });
      await confirmWithPin(otherPage);
      await expectStatus(otherPage, 'Transaction Successful');
      await page.getByRole('link', { name: 'Close' }).click();
      const table = latestTransactions(page);
      await expectStatementRow(table, {
        type: 'Ajo Transfer (Debit)',
        amount: '₦2,500.50',
        narration: 'For the rent',
        colour: 'danger',
      });
      await expectStatementRow(table, {
        type: 'Ajo Transfer (Credit)',
        amount: '₦500.00',
        narration: `Transfer from ${bola.firstName} ${bola.lastName}: Change`,
        colour: 'primary',
      });
    });
  } finally {
    await otherContext.close();
  }
});

test('a large transfer asks for an OTP; a wrong OTP keeps the customer on the step, the right one pays', async ({
  page,
  browser,
}) => {
  const ada = await fundedCustomer(page, 60_000);
  const bola = await anotherActivatedCustomer(browser);

  await startWalletTransfer(page, {
    receiver: bola.mainWallet.account_no,
    receiverName: `${bola.firstName} ${bola.lastName}`,
    amount: '50000',
    narration: 'School fees',
  });
  await confirmWithPin(page);
  await expect(page.getByRole('heading', { name: 'Enter OTP' })).toBeVisible();
  const otp = await newestOtp(ada.phone.international, 'transaction');

  const wrong = otp === '000000' ? '111111' : '000000';
  await page.getByRole('textbox', { name: 'OTP' }).fill(wrong);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Invalid OTP! Please, check and try again.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Enter OTP' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'OTP' })).toHaveValue('');
  expect(await balanceOf(ada, ada.mainWallet.account_no)).toBe(60_000);

  await page.getByRole('textbox', { name: 'OTP' }).fill(otp);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectStatus(page, 'Transaction Successful');
  expect(await balanceOf(ada, ada.mainWallet.account_no)).toBe(10_000);
  expect(await balanceOf(bola, bola.mainWallet.account_no)).toBe(50_000);
});
