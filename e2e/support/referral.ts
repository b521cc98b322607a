// The referral programme as the journeys use it (SPEC §2 referral landing, §9 rewards): a referrer
// who qualifies, their code, and the commission wallet's live balance.
import type { Browser, Page } from '@playwright/test';
import {
  activatedCustomer,
  customerOnServer,
  inboundTransfer,
  type ActivatedCustomer,
} from './activated-customer';
import { expect } from './fixtures';

export interface Referrer extends ActivatedCustomer {
  code: string;
  /** What the landing page shows: first name and last initial (SPEC §7 data.referrer). */
  shownAs: string;
  page: Page;
  close(): Promise<void>;
}

/**
 * An activated customer in a browser of their own, with ₦5,000 paid in (SPEC §9: a transaction in
 * the last 3 months and at least ₦1,000), so their friends' fundings earn the reward.
 */
export async function qualifyingReferrer(browser: Browser): Promise<Referrer> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const customer = await activatedCustomer(page);
  const funded = await inboundTransfer({
    accountNumber: customer.mainWallet.account_no,
    amount: 5000,
    senderName: 'Chidi Eze',
    senderBank: 'GTBank',
  });
  expect(funded.status).toBe(201);
  const user = (await customerOnServer(customer)) as { referral_code?: string | null };
  if (!user.referral_code) throw new Error('the referrer has no referral code');
  return {
    ...customer,
    code: user.referral_code,
    shownAs: `${customer.firstName} ${customer.lastName.charAt(0)}.`,
    page,
    close: () => context.close(),
  };
}

/** The commission wallet's balance in naira (SPEC §3 product 4), from GET /users/{id}. */
export async function commissionBalance(customer: ActivatedCustomer): Promise<number> {
  const { wallets } = await customerOnServer(customer);
  return Number(wallets.find((w) => w.product_id === 4)?.balance ?? NaN);
}
