// A lost answer is never "failed" (the shared money flow, shared/README.md "Money flow"): the
// request reaches the server and the money moves, but the answer is dropped on the way back
// (route.fetch() then abort: the phone's link died). The screen says it is checking, never that the
// transaction failed, and finds the server's answer under the same Idempotency-Key: the balance
// moves exactly once. A reload mid-check resumes the check; a definite failure afterwards offers a
// new attempt. Wallet to wallet, wallet to bank and airtime, each at Confirm and at the OTP step.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import {
  anotherActivatedCustomer,
  balanceOf,
  fundedCustomer,
  TRANSACTION_PIN,
} from '../support/activated-customer';
import { newestOtp } from '../support/outbox';
import {
  confirmWithPin,
  expectStatus,
  fillAirtime,
  startBankTransfer,
  startWalletTransfer,
} from '../support/transfer-screens';

test.describe.configure({ timeout: 150_000 });
test.use({
  viewport: { width: 390, height: 844 },
  // The dropped answers: Chromium logs each aborted call.
  allowedConsoleErrors: { patterns: [/net::ERR_(CONNECTION_RESET|FAILED|INTERNET_DISCONNECTED)/] },
});

const CHECKING = 'Checking your transaction…';

/** The next call to `path` reaches the server, which acts on it; its answer never comes back. */
async function dropAnswerOnce(page: Page, path: string): Promise<void> {
  await page.route(
    `**/api${path}`,
    async (route) => {
      await route.fetch();
      await route.abort('connectionreset');
    },
    { times: 1 },
  );
}

/** No call to the money API gets through at all (the link is down): the check goes on. */
async function linkDown(page: Page): Promise<() => Promise<void>> {
  const pattern = /\/api\/(money\/attempts|transfers|payments)\//;
  const abort = (route: { abort: (code: string) => Promise<void> }) =>
    route.abort('internetdisconnected');
  await page.route(pattern, abort);
  return () => page.unroute(pattern, abort);
}

async function expectChecking(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: CHECKING })).toBeVisible();
  await expect(
    page.getByText(
      'We did not get an answer from the server. Checking whether your transaction went through… Do not send it again.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Check again' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await expect(page.getByText('Transaction Failed')).toHaveCount(0);
}

test('wallet to wallet at Confirm: checked through a reload, paid once; a definite failure then offers a new attempt', async ({
  page,
  browser,
}, testInfo) => {
  const ada = await fundedCustomer(page, 10_000);
  const bola = await anotherActivatedCustomer(browser);
  const receiver = {
    receiver: bola.mainWallet.account_no,
    receiverName: `${bola.firstName} ${bola.lastName}`,
  };

  await test.step('the ₦100 goes through, its answer is lost, and the link stays down', async () => {
    await startWalletTransfer(page, { ...receiver, amount: '100', narration: 'Bad link' });
    // Routes match newest first: the dropped answer, then the link down for everything after.
    const restore = await linkDown(page);
    await dropAnswerOnce(page, '/transfers/wallet-to-other-wallet/transfer-funds');
    await confirmWithPin(page);
    await expectChecking(page);
    await page.screenshot({ path: testInfo.outputPath('checking-390.png'), fullPage: true });
    expect(await balanceOf(ada, ada.mainWallet.account_no)).toBe(9_900);

    // The phone reloads the page while the outcome is unknown: the check resumes, not a blank form.
    await page.reload();
    await expectChecking(page);
    await restore();
    await page.getByRole('button', { name: 'Check again' }).click();
    await expectStatus(page, 'Transaction Successful');
    expect(await balanceOf(ada, ada.mainWallet.account_no)).toBe(9_900);
    expect(await balanceOf(bola, bola.mainWallet.account_no)).toBe(100);
  });

  await test.step('a transfer the server refuses, answer lost: failed only once the server says so', async () => {
    await startWalletTransfer(page, { ...receiver, amount: '20000', narration: 'Too much' });
    await dropAnswerOnce(page, '/transfers/wallet-to-other-wallet/transfer-funds');
    await confirmWithPin(page);
    await expect(page.getByRole('heading', { name: 'Transaction Failed' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /Insufficient funds/ })).toBeVisible();
    // Now, and only now, a new attempt is offered: the form comes back filled in.
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('textbox', { name: 'Amount' })).toHaveValue('20000');
    expect(await balanceOf(ada, ada.mainWallet.account_no)).toBe(9_900);
  });
});

test('wallet to wallet at the OTP step: the OTP call answered on the way back is checked, paid once', async ({
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
  const restore = await linkDown(page);
  await dropAnswerOnce(page, '/transfers/wallet-to-other-wallet/transfer-funds');
  await page.getByRole('textbox', { name: 'OTP' }).fill(otp);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectChecking(page);
  expect(await balanceOf(ada, ada.mainWallet.account_no)).toBe(10_000);
  await restore();
  await page.getByRole('button', { name: 'Check again' }).click();
  await expectStatus(page, 'Transaction Successful');
  expect(await balanceOf(ada, ada.mainWallet.account_no)).toBe(10_000);
  expect(await balanceOf(bola, bola.mainWallet.account_no)).toBe(50_000);
});

test('wallet to bank at Confirm: the lost answer is found, the bank paid once', async ({
  page,
}) => {
  const ada = await fundedCustomer(page, 20_000);
  await startBankTransfer(page, {
    bank: 'GTBank',
    account: '0123456785',
    accountName: 'ADAEZE OKONKWO',
    amount: '5000',
    narration: 'Shop rent',
  });
  await dropAnswerOnce(page, '/transfers/wallet-to-bank/transfer-funds');
  await confirmWithPin(page);
  await expect(page.getByRole('heading', { name: CHECKING })).toBeVisible();
  await expectStatus(page, 'Transaction Successful');
  expect(await balanceOf(ada, ada.mainWallet.account_no)).toBe(15_000);
});

test('airtime at Confirm: the lost answer is found, the airtime bought once', async ({ page }) => {
  const customer = await fundedCustomer(page, 2000, { name: 'Ada Eze', bank: 'GTBank' });
  const wallet = customer.mainWallet.account_no;
  await fillAirtime(page, `Ajo Wallet - ${wallet}`, '07025123456', '500');
  await dropAnswerOnce(page, '/payments/categories/airtime/buy-airtime');
  await page.getByRole('button', { name: 'Proceed' }).click();
  await page.getByLabel(/Transaction PIN/).fill(TRANSACTION_PIN);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: CHECKING })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Transaction Successful' })).toBeVisible();
  expect(await balanceOf(customer, wallet)).toBe(1500);
});

/** The OTP step of a stepped-up call whose answer is lost: checked, then found, paid once. */
async function verifyOtpWithAnswerLost(page: Page, phone: string, path: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Enter OTP' })).toBeVisible();
  const otp = await newestOtp(phone, 'transaction');
  const restore = await linkDown(page);
  await dropAnswerOnce(page, path);
  await page.getByRole('textbox', { name: 'OTP' }).fill(otp);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectChecking(page);
  await restore();
  await page.getByRole('button', { name: 'Check again' }).click();
  await expectStatus(page, 'Transaction Successful');
}

test('wallet to bank at the OTP step: the lost answer is found, the bank paid once', async ({
  page,
}) => {
  const ada = await fundedCustomer(page, 60_000);
  await startBankTransfer(page, {
    bank: 'GTBank',
    account: '0123456785',
    accountName: 'ADAEZE OKONKWO',
    amount: '50000',
    narration: 'Shop rent',
  });
  await confirmWithPin(page);
  await verifyOtpWithAnswerLost(
    page,
    ada.phone.international,
    '/transfers/wallet-to-bank/transfer-funds',
  );
  expect(await balanceOf(ada, ada.mainWallet.account_no)).toBe(10_000);
});

test('airtime at the OTP step: the lost answer is found, the airtime bought once', async ({
  page,
}) => {
  const customer = await fundedCustomer(page, 60_000, { name: 'Ada Eze', bank: 'GTBank' });
  const wallet = customer.mainWallet.account_no;
  await fillAirtime(page, `Ajo Wallet - ${wallet}`, '07025123456', '50000');
  await page.getByRole('button', { name: 'Proceed' }).click();
  await page.getByLabel(/Transaction PIN/).fill(TRANSACTION_PIN);
  await page.getByRole('button', { name: 'Next' }).click();
  await verifyOtpWithAnswerLost(
    page,
    customer.phone.international,
    '/payments/categories/airtime/buy-airtime',
  );
  expect(await balanceOf(customer, wallet)).toBe(10_000);
});
