// The transfer screens (mfe-transfers) as a customer uses them: the initiate forms, the shared
// money flow's confirm / OTP / status steps (SPEC §4). Accessible names only.
import type { Page } from '@playwright/test';
import { TRANSACTION_PIN } from './activated-customer';
import { expect } from './fixtures';
import { middlewareURL } from './paths';

/** Wallet to wallet: receiver validated, amount and narration typed, Proceed pressed. */
export async function startWalletTransfer(
  page: Page,
  input: { receiver: string; receiverName: string; amount: string; narration: string },
): Promise<void> {
  await page.goto('/dashboard/transfers/other-wallet');
  await page.getByRole('textbox', { name: 'Receiver wallet number' }).fill(input.receiver);
  await page.getByRole('button', { name: 'Validate' }).click();
  await expect(page.getByText(`Receiver: ${input.receiverName}`)).toBeVisible();
  await page.getByRole('textbox', { name: 'Amount' }).fill(input.amount);
  await page.getByRole('textbox', { name: 'Narration (optional)' }).fill(input.narration);
  await page.getByRole('button', { name: 'Proceed' }).click();
}

/** Wallet to bank: bank searched and chosen, account validated, amount and narration, Proceed. */
export async function startBankTransfer(
  page: Page,
  input: {
    bank: string;
    account: string;
    accountName: string;
    amount: string;
    narration: string;
    save?: boolean;
  },
): Promise<void> {
  await page.goto('/dashboard/transfers/wallet-to-bank');
  const bank = page.getByRole('combobox', { name: 'Receiving bank' });
  await bank.fill(input.bank.slice(0, 4));
  await page.getByRole('option', { name: input.bank, exact: true }).click();
  await page.getByRole('textbox', { name: 'Account number' }).fill(input.account);
  await page.getByRole('button', { name: 'Validate' }).click();
  await expect(page.getByRole('textbox', { name: 'Account name' })).toHaveValue(input.accountName);
  await page.getByRole('textbox', { name: 'Amount' }).fill(input.amount);
  await page.getByRole('textbox', { name: 'Narration (optional)' }).fill(input.narration);
  if (input.save) await page.getByRole('checkbox', { name: 'Save Beneficiary' }).check();
  await page.getByRole('button', { name: 'Proceed' }).click();
}

/** The confirm step: the PIN, then Next. */
/** /dashboard/payments/airtime with the initiate step filled: wallet (by its label), phone, amount. */
export async function fillAirtime(page: Page, walletLabel: string, phone: string, amount: string) {
  await page.goto('/dashboard/payments/airtime');
  await page.getByRole('combobox', { name: /Source wallet/ }).selectOption({ label: walletLabel });
  await page.getByRole('textbox', { name: /Phone number/ }).fill(phone);
  await page.getByRole('textbox', { name: /Amount/ }).fill(amount);
}

export async function confirmWithPin(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Confirm details' })).toBeVisible();
  await page.getByLabel('Transaction PIN').fill(TRANSACTION_PIN);
  await page.getByRole('button', { name: 'Next' }).click();
}

/** The status step's heading: 'Transaction Successful', 'Transaction Pending' or '… Failed'. */
export async function expectStatus(
  page: Page,
  heading: 'Transaction Successful' | 'Transaction Pending' | 'Transaction Failed',
): Promise<string> {
  await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  const reference = page.getByText(/^money-[0-9a-f]{32}$/);
  await expect(reference).toBeVisible();
  return (await reference.textContent()) ?? '';
}

/**
 * Operator's sandbox trigger (middleware README "Sandbox"): the pending transfers' status queries
 * run now instead of a minute later. No sleep: the job runs inside this call.
 */
export async function runStatusQueriesNow(): Promise<void> {
  const res = await fetch(`${middlewareURL}/api/sandbox/jobs/run-now`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ kind: 'nip.status-query' }),
  });
  expect(res.status).toBe(200);
}
