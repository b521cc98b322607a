/*
 * Helpers for the payment tests (not used by the app): a funded customer, the four purchases as
 * the web app sends them, and what the ledger and the purchase rows say afterwards.
 */
import { randomUUID } from 'node:crypto';
import { createLedger } from '../../ledger/index.js';
import { encryptedCall, plainGet, type ApiAnswer } from '../../test-support/auth-test-kit.js';
import type { ApiTarget } from '../../test-support/http-target.js';
import type { TestApp } from '../../test-support/test-app.js';
import { TEST_PIN, withKey, type Customer } from '../funding/funding-test-kit.js';

export { fundedCustomer, TEST_PIN, type Customer } from '../funding/funding-test-kit.js';

export const PHONES = {
  delivered: '08031234567',
  pendingDelivered: '08032222222',
  failed: '08033333333',
  pendingFailed: '08034444444',
  timeout: '08036666666',
};

export const METERS = {
  delivered: '1111111111111',
  pendingDelivered: '2222222222222',
  failed: '3333333333333',
  pendingFailed: '4444444444444',
  arrears: '5555555555555',
  timeout: '6666666666666',
  disconnected: '7777777777777',
};

/** Sandbox cable TV customer numbers (providers/bill-aggregator/catalogue.ts, README). */
export const SMARTCARDS = {
  delivered: '7011111111',
  pendingDelivered: '7022222222',
  failed: '7033333333',
  pendingFailed: '7044444444',
  timeout: '7066666666',
  gotvDelivered: '8011111111',
  startimesDelivered: '02111111111',
  showmaxDelivered: '08051111111',
  unknown: '7099999999',
};

export function buyAirtime(
  t: ApiTarget,
  user: Customer,
  overrides: Record<string, unknown> = {},
  key: string | null = randomUUID(),
): Promise<ApiAnswer> {
  return encryptedCall(
    t,
    'POST',
    '/api/payments/categories/airtime/buy-airtime',
    {
      transaction_pin: TEST_PIN,
      amount: 500,
      wallet_account_number: user.main,
      receiving_phone_number: PHONES.delivered,
      telco: 'mtnng',
      wallet_name: 'Ajo Wallet',
      ...overrides,
    },
    withKey(user, key),
  );
}

export function buyData(
  t: ApiTarget,
  user: Customer,
  overrides: Record<string, unknown> = {},
  key: string | null = randomUUID(),
): Promise<ApiAnswer> {
  return encryptedCall(
    t,
    'POST',
    '/api/data/buy-data',
    {
      transaction_pin: TEST_PIN,
      amount: 1000,
      dataplan: 'mtn-1gb-1000',
      phoneNumber: PHONES.delivered,
      network: 'mtnng',
      wallet_account_number: user.main,
      wallet_name: 'Ajo Wallet',
      ...overrides,
    },
    withKey(user, key),
  );
}

export function buyElectricity(
  t: ApiTarget,
  user: Customer,
  overrides: Record<string, unknown> = {},
  key: string | null = randomUUID(),
): Promise<ApiAnswer> {
  return encryptedCall(
    t,
    'POST',
    '/api/payments/categories/electricity/buy-electricity',
    {
      transaction_pin: TEST_PIN,
      phone_number: PHONES.delivered,
      amount: 5000,
      meter_number: METERS.delivered,
      service_type: 'ikeja-electric-prepaid',
      wallet_account_number: user.main,
      account_details: { name: 'TESTMETER ONE', address: '12 Allen Avenue, Ikeja, Lagos' },
      wallet_name: 'Ajo Wallet',
      ...overrides,
    },
    withKey(user, key),
  );
}

/** A DStv Compact renewal (₦19,000) of the delivered test smartcard, unless overridden. */
export function buyCableTv(
  t: ApiTarget,
  user: Customer,
  overrides: Record<string, unknown> = {},
  key: string | null = randomUUID(),
): Promise<ApiAnswer> {
  return encryptedCall(
    t,
    'POST',
    '/api/payments/categories/cable-tv/buy-cable-tv',
    {
      transaction_pin: TEST_PIN,
      wallet_account_number: user.main,
      wallet_name: 'Ajo Wallet',
      provider: 'dstv',
      smartcard_number: SMARTCARDS.delivered,
      bouquet_code: 'dstv-compact',
      amount: 19000,
      phone_number: PHONES.delivered,
      ...overrides,
    },
    withKey(user, key),
  );
}

export function paymentStatus(t: ApiTarget, user: Customer, reference: string) {
  return plainGet(t, `/api/payments/transactions/${reference}`, user.auth);
}

export async function balanceOf(t: TestApp, account: string): Promise<number> {
  return (await createLedger(t.database.db).getAccount(account)).balanceKobo;
}

/** The ledger entries of a purchase: the debit and, once final, its settlement or reversal. */
export async function entriesOf(t: TestApp, reference: string) {
  return t.database.db
    .selectFrom('ledger_entries')
    .select(['reference', 'type'])
    .where('reference', 'in', [reference, `${reference}:settle`, `${reference}:reversal`])
    .orderBy('reference')
    .execute();
}

export async function paymentsOf(t: TestApp, userId: string) {
  return t.database.db
    .selectFrom('bill_payments')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

/** Money may neither appear nor vanish: every account's cached balance matches its postings. */
export async function expectLedgerReconciles(t: TestApp) {
  const result = await createLedger(t.database.db).reconcile();
  expect(result.mismatches).toEqual([]);
  expect(result.totalPostedKobo).toBe(0);
}
