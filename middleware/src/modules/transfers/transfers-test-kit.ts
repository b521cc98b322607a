/*
 * Helpers for the transfer tests (not used by the app): customers with money, the calls as the web
 * app sends them, and the sandbox switch's documented accounts.
 */
import { randomUUID } from 'node:crypto';
import { SANDBOX_ACCOUNTS } from '../../providers/bank-switch/sandbox.js';
import { encryptedCall, type ApiAnswer } from '../../test-support/auth-test-kit.js';
import type { ApiTarget } from '../../test-support/http-target.js';
import { TEST_PIN, withKey, type Customer } from '../funding/funding-test-kit.js';

export {
  balanceKobo,
  createCustomer,
  fundedCustomer,
  setWalletStatus,
  TEST_PIN,
} from '../funding/funding-test-kit.js';
export type { Customer } from '../funding/funding-test-kit.js';

export function walletTransfer(
  t: ApiTarget,
  sender: Customer,
  receiverWallet: string,
  overrides: Record<string, unknown> = {},
  key: string | null = randomUUID(),
): Promise<ApiAnswer> {
  return encryptedCall(
    t,
    'POST',
    '/api/transfers/wallet-to-other-wallet/transfer-funds',
    {
      sender_wallet_number: sender.main,
      wallet_name: 'Main Wallet',
      receiver_wallet_number: receiverWallet,
      transfer_amount: 1000,
      narration: 'Lunch',
      transaction_pin: TEST_PIN,
      ...overrides,
    },
    withKey(sender, key),
  );
}

/** The sandbox switch's documented accounts by outcome (README "Sandbox bank accounts"). */
export function sandboxAccount(name: string) {
  const account = SANDBOX_ACCOUNTS.find((a) => a.accountName === name);
  if (!account) throw new Error(`no sandbox account ${name}`);
  return account;
}

export const ACCOUNTS = {
  succeeds: 'ADAEZE OKONKWO',
  fails: 'CHIDI NWOSU',
  pendingThenSucceeds: 'FATIMA BELLO',
  pendingThenFails: 'EMEKA OBI',
  timesOut: 'GRACE ADEBAYO',
} as const;

export function verifyAccount(
  t: ApiTarget,
  user: Customer,
  bankCode: string,
  accountNumber: string,
): Promise<ApiAnswer> {
  return encryptedCall(
    t,
    'POST',
    '/api/transfers/wallet-to-bank/verify-account-number',
    { channelCode: '1', beneficiaryBankCode: bankCode, beneficiaryAccountNumber: accountNumber },
    user.auth,
  );
}

/** The name enquiry of a sandbox account: the verification fields the transfer carries. */
export async function enquire(
  t: ApiTarget,
  user: Customer,
  accountName: string,
): Promise<Record<string, unknown>> {
  const account = sandboxAccount(accountName);
  const verified = await verifyAccount(t, user, account.bankCode, account.accountNumber);
  if (verified.status !== 200) throw new Error(`verify: ${JSON.stringify(verified)}`);
  return verified.body.account as Record<string, unknown>;
}

/** Name enquiry, then the transfer with its reference, as the web app does. */
export async function bankTransfer(
  t: ApiTarget,
  user: Customer,
  accountName: string,
  overrides: Record<string, unknown> = {},
  key: string | null = randomUUID(),
): Promise<ApiAnswer> {
  const enquiry = await enquire(t, user, accountName);
  return sendBankTransfer(t, user, { ...enquiry, ...overrides }, key);
}

export function sendBankTransfer(
  t: ApiTarget,
  user: Customer,
  fields: Record<string, unknown>,
  key: string | null = randomUUID(),
): Promise<ApiAnswer> {
  return encryptedCall(
    t,
    'POST',
    '/api/transfers/wallet-to-bank/transfer-funds',
    {
      transaction_pin: TEST_PIN,
      account_number: fields.beneficiaryAccountNumber,
      account_name: fields.beneficiaryAccountName,
      bank_code: fields.beneficiaryBankCode,
      amount: 5000,
      wallet_account_number: user.main,
      narration: 'Rent',
      wallet_name: 'Main Wallet',
      channelCode: '1',
      ...fields,
    },
    withKey(user, key),
  );
}

/** History lines of a wallet as the web app reads them. */
export async function history(t: ApiTarget, user: Customer, wallet = user.main) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/transactions?wallet_account_number=${wallet}&type=mini`,
    headers: user.auth,
  });
  return (res.json() as { transactionHistory: Array<Record<string, unknown>> }).transactionHistory;
}
