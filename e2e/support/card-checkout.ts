// Fund by debit card: the /dashboard/transfers/bank-to-wallet form, then the
// middleware's sandbox checkout page (Card number, Expiry (MM/YY), CVV, 'Pay ₦X', Cancel).
import type { Page } from '@playwright/test';
import { TRANSACTION_PIN, type ActivatedCustomer } from './activated-customer';
import { expect } from './fixtures';
import { pathnameIs } from './onboarding';

/** The sandbox checkout's test cards (middleware README "Sandbox"). */
export const TEST_CARDS = {
  succeeds: '4084 0840 8408 4081',
  declined: '4000 0000 0000 0002',
  asksForOtp: '5060 6666 6666 6666 666',
} as const;

export const CHECKOUT_BRAND = 'Ajo Wallet sandbox card checkout';

/** mfe-wallets use-funding-result.ts (the checkout gives the redirect, not the words). */
export const FUNDING_SUCCESS = 'Your wallet has been funded successfully.';
export const FUNDING_CANCELLED = 'Wallet funding was cancelled.';

/**
 * From the dashboard's quick action: wallet, amount (typed as the customer types it) and the
 * transaction PIN, Proceed; the browser lands on the sandbox checkout page.
 */
export async function startCardFunding(
  page: Page,
  customer: ActivatedCustomer,
  amount: string,
): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Quick actions' })
    .getByRole('link', { name: 'Fund with Card' })
    .click();
  await expect(page).toHaveURL(pathnameIs('/dashboard/transfers/bank-to-wallet'));
  // SPEC §3: the commission wallet is not a funding source.
  const wallet = page.getByRole('combobox', { name: 'Wallet' });
  await expect(wallet.getByRole('option', { name: /Commission Wallet/ })).toHaveCount(0);
  await wallet.selectOption(customer.mainWallet.account_no);
  await page.getByRole('textbox', { name: 'Amount' }).fill(amount);
  await page.getByRole('textbox', { name: 'Transaction PIN', exact: true }).fill(TRANSACTION_PIN);
  await page.getByRole('button', { name: 'Proceed' }).click();
  await expect(page).toHaveURL((url) => /^\/api\/sandbox\/checkout\/[^/]+$/.test(url.pathname));
  await expect(page.getByText(CHECKOUT_BRAND)).toBeVisible();
}

/** The card form of the checkout page, then 'Pay ₦X'. */
export async function payWithCard(page: Page, cardNumber: string, payLabel: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Card number' }).fill(cardNumber);
  await page.getByRole('textbox', { name: 'Expiry (MM/YY)' }).fill('12/30');
  await page.getByLabel('CVV').fill('123');
  await page.getByRole('button', { name: payLabel }).click();
}

/**
 * What Chromium logs when the checkout page answers a refused card (402) or a wrong OTP (400) with
 * the form again: "Failed to load resource … status of <status>" at /api/sandbox/checkout/<id>.
 * Only that status on a checkout session's page is allowed; any other console error still fails.
 */
export function refusedCheckoutPage(status: 400 | 402): RegExp {
  return new RegExp(
    `^console\\.error: Failed to load resource: the server responded with a status of ${status}\\b.*\\(https?://[^/]+/api/sandbox/checkout/[0-9a-f-]{36}:\\d+\\)$`,
  );
}
