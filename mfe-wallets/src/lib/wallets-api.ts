// The calls of this remote (SPEC §7): the mini statement, the card checkout and the bank name.
import { IDEMPOTENCY_KEY_HEADER } from '@ajo/shared/constants';
import { bankToWalletResponseSchema, transactionHistoryResponseSchema } from '@ajo/shared/schemas';
import type { BankToWalletPayloadValues, Transaction } from '@ajo/shared/schemas';
import { loadHostApi } from '@ajo/remote-kit/host';
import { parseResponse } from '@ajo/remote-kit/services';

export type { Transaction };

/** The product name in the SPEC §9 labels '{product} Transfer (Credit)' (brief: 'Ajo'). */
export const PRODUCT_NAME = 'Ajo';

/** SPEC §9: the history type is fixed to mini. */
export const STATEMENT_TYPE = 'mini';

/** GET /transactions?wallet_account_number=&type=mini: the latest entries, newest first. */
export async function fetchMiniStatement(
  walletAccountNumber: string,
  signal?: AbortSignal,
): Promise<Transaction[]> {
  const { api } = await loadHostApi();
  const response = await api.get('/transactions', {
    params: { wallet_account_number: walletAccountNumber, type: STATEMENT_TYPE },
    signal,
  });
  return parseResponse(transactionHistoryResponseSchema, response.data).transactionHistory;
}

/**
 * POST /transfers/bank-to-wallet (encrypted): SPEC §7 "response link". `idempotencyKey` is the
 * attempt's client reference: the server answers a repeat of it with the same link.
 */
export async function initiateBankToWallet(
  payload: BankToWalletPayloadValues,
  idempotencyKey: string,
): Promise<string> {
  const { api } = await loadHostApi();
  const response = await api.encrypted.post('/transfers/bank-to-wallet', payload, {
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
  return parseResponse(bankToWalletResponseSchema, response.data).link;
}

/** SPEC §2: the funding page's bank name is a fixed product string (the host's app config). */
export async function fetchBankName(): Promise<string> {
  const { getAppConfig } = await loadHostApi();
  const config = await getAppConfig();
  return config.bankName;
}
