/*
 * Helpers for the wallet and funding tests (not used by the app): an activated customer
 * (both wallets open in the ledger, transaction PIN set) made straight in the database, balances
 * read from the ledger, the inbound transfer and the checkout page's form posts.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { createLedger, nairaToKobo } from '../../ledger/index.js';
import { ensureSystemAccounts } from '../../money/system-accounts.js';
import type { createTokenService } from '../../security/tokens.js';
import { encryptedCall, type ApiAnswer } from '../../test-support/auth-test-kit.js';
import type { ApiTarget } from '../../test-support/http-target.js';
import type { TestApp } from '../../test-support/test-app.js';
import { COMMISSION_WALLET, MAIN_WALLET } from '../wallets/wallet-objects.js';
import { createUser, type TestUser } from '../identity/identity-test-kit.js';

export const TEST_PIN = '246810';

export interface Customer extends TestUser {
  main: string;
  commission: string;
}

export async function createCustomer(t: TestApp): Promise<Customer> {
  const user = await createUser(t);
  const db = t.database.db;
  await db
    .updateTable('users')
    .set({
      is_verified: true,
      first_name: 'Ada',
      last_name: 'Okafor',
      transaction_pin_hash: await t.app.secrets.hashSecret(TEST_PIN),
    })
    .where('id', '=', user.id)
    .execute();
  return { ...user, ...(await openCustomerWallets(createLedger(db), user.id)) };
}

/** The two wallets activation opens (SPEC §3: the main wallet, then the commission wallet). */
export async function openCustomerWallets(
  ledger: ReturnType<typeof createLedger>,
  userId: string,
): Promise<{ main: string; commission: string }> {
  const main = await ledger.openAccount({
    type: 'customer_wallet',
    name: MAIN_WALLET.name,
    ownerUserId: userId,
    productId: MAIN_WALLET.productId,
  });
  const commission = await ledger.openAccount({
    type: 'commission_wallet',
    name: COMMISSION_WALLET.name,
    ownerUserId: userId,
    productId: COMMISSION_WALLET.productId,
  });
  return { main: main.accountNumber ?? '', commission: commission.accountNumber ?? '' };
}

/**
 * An activated customer written straight into a database a test or benchmark opened itself (no
 * test app): verified, both wallets open, the transaction PIN stored as `pinHash` gives it (for
 * the user's id), and a bearer token.
 */
export async function seedCustomer(
  deps: {
    db: Kysely<Database>;
    ledger: ReturnType<typeof createLedger>;
    tokens: ReturnType<typeof createTokenService>;
  },
  user: {
    phone: string;
    pinHash: (userId: string) => Promise<string>;
    firstName?: string;
    lastName?: string;
    kycTier?: 1 | 2 | 3;
  },
): Promise<Customer> {
  const { id } = await deps.db
    .insertInto('users')
    .values({
      phone_number: user.phone,
      referral_code: randomBytes(4).toString('hex').toUpperCase(),
      is_verified: true,
      first_name: user.firstName ?? 'Test',
      last_name: user.lastName ?? 'Customer',
      ...(user.kycTier ? { kyc_tier: user.kycTier } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await deps.db
    .updateTable('users')
    .set({ transaction_pin_hash: await user.pinHash(id) })
    .where('id', '=', id)
    .execute();
  const wallets = await openCustomerWallets(deps.ledger, id);
  const { token } = await deps.tokens.issue(id);
  return { id, token, auth: { authorization: `Bearer ${token}` }, ...wallets };
}

/**
 * A customer whose main wallet holds `naira`, credited from bank settlement straight in the
 * ledger (no tier limit applies: tests of the limits set them up this way).
 */
export async function fundedCustomer(t: TestApp, naira: number): Promise<Customer> {
  const customer = await createCustomer(t);
  if (naira > 0) {
    await ensureSystemAccounts(t.database.db);
    await createLedger(t.database.db).transfer({
      from: 'bank_settlement',
      to: customer.main,
      amountKobo: nairaToKobo(naira),
      reference: `seed-${randomUUID()}`,
      type: 'funding',
      narration: 'Test funding',
    });
  }
  return customer;
}

/** A money call's headers: the bearer and the client reference (null: no Idempotency-Key). */
export const withKey = (user: Customer, key: string | null) =>
  key === null ? user.auth : { ...user.auth, 'idempotency-key': key };

export async function balanceKobo(t: TestApp, accountNumber: string): Promise<number> {
  return (await createLedger(t.database.db).getAccount(accountNumber)).balanceKobo;
}

export async function setWalletStatus(
  t: TestApp,
  accountNumber: string,
  status: 'active' | 'blocked' | 'closed',
) {
  await createLedger(t.database.db).setStatus(accountNumber, status);
}

export function inboundTransfer(t: ApiTarget, body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/sandbox/inbound-transfer',
    payload: {
      sender_name: 'Chidi Eze',
      sender_bank: 'GTBank',
      reference: `ref-${randomUUID()}`,
      ...body,
    },
  });
}

/**
 * POST /transfers/bank-to-wallet as the web app sends it; a fresh Idempotency-Key per call unless
 * `key` is given (null: no header at all).
 */
export function bankToWallet(
  t: ApiTarget,
  user: Customer,
  overrides: Record<string, unknown> = {},
  key: string | null = randomUUID(),
): Promise<ApiAnswer> {
  return encryptedCall(
    t,
    'POST',
    '/api/transfers/bank-to-wallet',
    {
      wallet_account_number: user.main,
      transfer_amount: 2500.5,
      transaction_pin: TEST_PIN,
      phone_number: '2348031234567',
      platform: 'web',
      ...overrides,
    },
    withKey(user, key),
  );
}

/** How many checkout sessions a customer has opened. */
export async function checkoutSessionCount(t: TestApp, userId: string): Promise<number> {
  const rows = await t.database.db
    .selectFrom('checkout_sessions')
    .select('id')
    .where('user_id', '=', userId)
    .execute();
  return rows.length;
}

/** A checkout session's page path (from the bank-to-wallet link). */
export async function startCheckout(
  t: ApiTarget,
  user: Customer,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const res = await bankToWallet(t, user, overrides);
  if (res.status !== 200)
    throw new Error(`bank-to-wallet: ${res.status} ${JSON.stringify(res.body)}`);
  return String(res.body.link);
}

export const CARDS = {
  success: '4084 0840 8408 4081',
  declined: '4000 0000 0000 0002',
  otp: '5060 6666 6666 6666 666',
};

export function postCheckout(t: ApiTarget, link: string, form: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: link,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
}

export const payWith = (card: string) => ({
  action: 'pay',
  card_number: card,
  expiry: '12/30',
  cvv: '123',
});
