// An activated customer for the wallet journeys, made the fast way: sign-up and sign-in
// through the real screens (support/onboarding.ts), then the identity steps a browser would make
// through the API with the session's own token — BVN consent at the sandbox provider, the face
// check and the photo upload, POST /verify-user — and the transaction PIN. The camera journeys
// (new-customer-verifies-identity-with-*.spec.ts) already prove those screens; here they would only
// cost time. Middleware README "Sandbox test identities" and "Uploads and the face check".
import fs from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { encryptText } from '../../middleware/src/security/envelope-cipher';
import { facePortraitPng } from './fake-camera';
import { expect } from './fixtures';
import { sandboxNumber, signedInUnverifiedCustomer, type ServerUser } from './identity';
import { pathnameIs } from './onboarding';
import { middlewareURL } from './paths';
import type { TestPhone } from './phone';

/**
 * The envelope passphrase the e2e middleware runs with: playwright.config.ts sets no
 * ENCRYPTION_SECRET, so it is middleware/src/config.ts DEV_ENCRYPTION_SECRET.
 */
const DEV_ENCRYPTION_SECRET = 'ajo-wallet-local-sandbox-envelope-secret';

/** SPEC §9: the transaction PIN is 6 digits. */
export const TRANSACTION_PIN = '246813';

/** GET /users/{id} with the wallets as the wallet screens read them (live ledger balances). */
export type CustomerWithWallets = Omit<ServerUser, 'wallets'> & { wallets: ServerWallet[] };

export interface ServerWallet {
  id: number | string;
  name: string;
  account_no: string | null;
  balance: number | string;
  product_id: number;
  account_status?: string;
}

export interface ActivatedCustomer {
  phone: TestPhone;
  id: string;
  token: string;
  firstName: string;
  lastName: string;
  /** 'Ajo Wallet' (product 1). */
  mainWallet: ServerWallet & { account_no: string };
  /** 'Commission Wallet' (product 4, SPEC §3). */
  commissionWallet: ServerWallet;
}

async function api(token: string, path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${middlewareURL}/api${path}`, {
    ...init,
    redirect: 'manual',
    headers: { Authorization: `Bearer ${token}`, ...(init.headers ?? {}) },
  });
}

async function ok(res: Response, what: string): Promise<Response> {
  if (!res.ok) throw new Error(`${what} answered ${res.status}: ${await res.text()}`);
  return res;
}

/** GET /api/users/{id} as the customer: the wallets with their live ledger balances. */
export async function customerOnServer(
  customer: Pick<ActivatedCustomer, 'id' | 'token'>,
): Promise<CustomerWithWallets> {
  const res = await ok(await api(customer.token, `/users/${customer.id}`), 'GET /users/{id}');
  return (await res.json()) as CustomerWithWallets;
}

/** The live balance of one wallet in naira, as a number. */
export async function balanceOf(customer: ActivatedCustomer, accountNo: string): Promise<number> {
  const { wallets } = await customerOnServer(customer);
  const wallet = wallets.find((w) => w.account_no === accountNo);
  if (!wallet) throw new Error(`wallet ${accountNo} not found`);
  return Number(wallet.balance);
}

/** BVN consent (sandbox provider form post), photo upload, POST /verify-user: activated. */
async function activateThroughApi(token: string): Promise<void> {
  const start = await ok(await api(token, '/bvn/start?channel=web'), 'GET /bvn/start');
  const { redirectUrl } = (await start.json()) as { redirectUrl: string };
  const consentUrl = new URL(redirectUrl, middlewareURL);
  const consent = await fetch(`${middlewareURL}${consentUrl.pathname}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ bvn: sandboxNumber('222'), consent: 'yes', action: 'grant' }),
  });
  const location = new URL(consent.headers.get('location') ?? '', middlewareURL);
  expect(location.searchParams.get('status'), 'BVN consent outcome').toBe('success');
  const tid = location.searchParams.get('tid') as string;

  // The server activates only with a stored photo that passed its face check (SPEC §5): the
  // check first, then the same bytes uploaded, as the onboarding screen does.
  const portrait = fs.readFileSync(facePortraitPng);
  await ok(
    await api(token, '/services/detect-face', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        encrypted: encryptText(
          JSON.stringify({ image: portrait.toString('base64') }),
          DEV_ENCRYPTION_SECRET,
        ),
      }),
    }),
    'POST /services/detect-face',
  );
  const upload = await ok(
    await api(token, '/storage/upload?path=images/face.png', {
      method: 'POST',
      headers: { 'Content-Type': 'image/png' },
      body: portrait,
    }),
    'POST /storage/upload',
  );
  const { url } = (await upload.json()) as { url: string };
  await ok(
    await api(token, '/verify-user', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ photo_url: url, tid }),
    }),
    'POST /verify-user',
  );
}

/** POST /users/{id}/create-transaction-pin in the `{ encrypted }` envelope (README wire contract). */
async function createTransactionPin(token: string, id: string): Promise<void> {
  const plain = JSON.stringify({
    transaction_pin: TRANSACTION_PIN,
    confirm_transaction_pin: TRANSACTION_PIN,
  });
  await ok(
    await api(token, `/users/${id}/create-transaction-pin`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ encrypted: encryptText(plain, DEV_ENCRYPTION_SECRET) }),
    }),
    'POST /users/{id}/create-transaction-pin',
  );
}

/**
 * A fresh customer (one per test: the journeys run in parallel and assert balances), signed in on
 * `page`, activated with both wallets and a transaction PIN, and left on /dashboard.
 */
export async function activatedCustomer(page: Page): Promise<ActivatedCustomer> {
  return activateSignedInCustomer(page, await signedInUnverifiedCustomer(page));
}

/**
 * The same for a customer who signed up and signed in some other way (a referral link): activated
 * through the API with the session `page` holds, and left on /dashboard.
 */
export async function activateSignedInCustomer(
  page: Page,
  phone: TestPhone,
): Promise<ActivatedCustomer> {
  const session = await page.evaluate(() => ({
    token: window.localStorage.getItem('tk') ?? '',
    id: window.localStorage.getItem('id') ?? '',
  }));
  await activateThroughApi(session.token);
  await createTransactionPin(session.token, session.id);
  const user = await customerOnServer(session);
  const mainWallet = user.wallets.find((w) => w.product_id === 1);
  const commissionWallet = user.wallets.find((w) => w.product_id === 4);
  if (!mainWallet?.account_no || !commissionWallet) throw new Error('activation opened no wallets');
  await page.goto('/dashboard');
  await expect(page).toHaveURL(pathnameIs('/dashboard'));
  return {
    phone,
    ...session,
    firstName: user.first_name,
    lastName: user.last_name,
    mainWallet: { ...mainWallet, account_no: mainWallet.account_no },
    commissionWallet,
  };
}

/**
 * What the bank switch does when someone pays into the wallet's NUBAN: POST
 * /api/sandbox/inbound-transfer (the bank switch's inbound credit, sandbox only, no auth).
 */
export async function inboundTransfer(input: {
  accountNumber: string;
  amount: number;
  senderName: string;
  senderBank: string;
  reference?: string;
}): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${middlewareURL}/api/sandbox/inbound-transfer`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      account_number: input.accountNumber,
      amount: input.amount,
      sender_name: input.senderName,
      sender_bank: input.senderBank,
      ...(input.reference ? { reference: input.reference } : {}),
    }),
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

/**
 * An activated customer whose main wallet someone at a bank has paid `naira` into (the inbound
 * credit above), as a money journey starts.
 */
export async function fundedCustomer(
  page: Page,
  naira: number,
  sender: { name: string; bank: string } = { name: 'Chidi Eze', bank: 'GTBank' },
): Promise<ActivatedCustomer> {
  const customer = await activatedCustomer(page);
  const credited = await inboundTransfer({
    accountNumber: customer.mainWallet.account_no,
    amount: naira,
    senderName: sender.name,
    senderBank: sender.bank,
  });
  if (credited.status >= 300) {
    throw new Error(
      `inbound transfer answered ${credited.status}: ${JSON.stringify(credited.body)}`,
    );
  }
  return customer;
}

/** A second activated customer, in a browser context of their own (closed once activated). */
export async function anotherActivatedCustomer(browser: Browser): Promise<ActivatedCustomer> {
  const context = await browser.newContext();
  try {
    return await activatedCustomer(await context.newPage());
  } finally {
    await context.close();
  }
}
