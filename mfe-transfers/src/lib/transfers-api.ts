// The calls of this remote (SPEC §7 "Transfers and beneficiaries"), each answer parsed with the
// schema the middleware answers with (docs/conventions.md §4).
import type { Bank } from '@ajo/shared/entities';
import { sortBanksByName } from '@ajo/shared/format';
import { IDEMPOTENCY_KEY_HEADER } from '@ajo/shared/constants';
import {
  bankTransferResponseSchema,
  banksResponseSchema,
  beneficiariesResponseSchema,
  messageResponseSchema,
  savedBeneficiaryResponseSchema,
  stepUpChallengeSchema,
  transferLimitsResponseSchema,
  verifyAccountResponseSchema,
  verifyWalletResponseSchema,
  walletTransferResponseSchema,
  type BankTransferPayload,
  type BankTransferResponse,
  type BeneficiaryRecord,
  type NewBeneficiaryValues,
  type StepUpChallenge,
  type TransferLimitsResponse,
  type VerifyAccountPayload,
  type VerifyAccountResponse,
  type WalletTransferPayload,
  type WalletTransferResponse,
} from '@ajo/shared/schemas';
import { lookUpAttempt } from '@ajo/shared/money-flow';
import { loadHostApi } from '@ajo/remote-kit/host';
import { parseResponse } from '@ajo/remote-kit/services';

/** A money call's answer: the 202 step-up challenge, or the result. */
export type MoneyAnswer<T> =
  { kind: 'challenge'; challenge: StepUpChallenge } | { kind: 'done'; result: T };

async function moneyCall<T>(
  url: string,
  payload: unknown,
  idempotencyKey: string,
  schema: { safeParse(data: unknown): { success: true; data: T } | { success: false } },
): Promise<MoneyAnswer<T>> {
  const { api } = await loadHostApi();
  const response = await api.encrypted.post(url, payload, {
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
  if (response.status === 202) {
    return { kind: 'challenge', challenge: parseResponse(stepUpChallengeSchema, response.data) };
  }
  return { kind: 'done', result: parseResponse(schema, response.data) };
}

/**
 * What became of a money call whose answer was lost (GET /money/attempts/{key}): still running,
 * never arrived, or its stored answer read with the call's own schema. A stored refusal, or no
 * answer again, rejects as the call would have.
 */
async function recoverMoneyCall<T>(
  idempotencyKey: string,
  schema: { safeParse(data: unknown): { success: true; data: T } | { success: false } },
): Promise<MoneyAnswer<T> | { kind: 'running' } | { kind: 'absent' }> {
  const { api } = await loadHostApi();
  const found = await lookUpAttempt((url) => api.get(url), idempotencyKey);
  if (found.kind !== 'answer') return found;
  return { kind: 'done', result: parseResponse(schema, found.data) };
}

export const recoverWalletTransfer = (idempotencyKey: string) =>
  recoverMoneyCall(idempotencyKey, walletTransferResponseSchema);

export const recoverBankTransfer = (idempotencyKey: string) =>
  recoverMoneyCall(idempotencyKey, bankTransferResponseSchema);

/** SPEC §3: banks sorted by name, case-insensitively (the server sorts too; this keeps it true). */
export async function fetchBanks(): Promise<Bank[]> {
  const { api } = await loadHostApi();
  const response = await api.encrypted.post('/transfers/wallet-to-bank/get-banks', {});
  return sortBanksByName(parseResponse(banksResponseSchema, response.data).bankArray);
}

export async function verifyAccountNumber(
  payload: VerifyAccountPayload,
): Promise<VerifyAccountResponse['account']> {
  const { api } = await loadHostApi();
  const response = await api.encrypted.post(
    '/transfers/wallet-to-bank/verify-account-number',
    payload,
  );
  return parseResponse(verifyAccountResponseSchema, response.data).account;
}

/** The receiver's full name (SPEC §3: wallet[0].firstname and lastname). */
export async function verifyWalletNumber(walletAccountNumber: string): Promise<string> {
  const { api } = await loadHostApi();
  const response = await api.encrypted.post(
    '/transfers/wallet-to-other-wallet/verify-wallet-number',
    { wallet_account_number: walletAccountNumber },
  );
  const [holder] = parseResponse(verifyWalletResponseSchema, response.data).wallet;
  return `${holder?.firstname ?? ''} ${holder?.lastname ?? ''}`.trim();
}

export function sendWalletTransfer(
  payload: WalletTransferPayload,
  idempotencyKey: string,
): Promise<MoneyAnswer<WalletTransferResponse>> {
  return moneyCall(
    '/transfers/wallet-to-other-wallet/transfer-funds',
    payload,
    idempotencyKey,
    walletTransferResponseSchema,
  );
}

export function sendBankTransfer(
  payload: BankTransferPayload,
  idempotencyKey: string,
): Promise<MoneyAnswer<BankTransferResponse>> {
  return moneyCall(
    '/transfers/wallet-to-bank/transfer-funds',
    payload,
    idempotencyKey,
    bankTransferResponseSchema,
  );
}

/** Where a bank transfer stands now (a pending one settles later). */
export async function fetchBankTransfer(paymentReference: string): Promise<BankTransferResponse> {
  const { api } = await loadHostApi();
  const response = await api.get(
    `/transfers/wallet-to-bank/${encodeURIComponent(paymentReference)}`,
  );
  return parseResponse(bankTransferResponseSchema, response.data);
}

/** The CBN tier limits, shown on the initiate step before they bite. */
export async function fetchLimits(walletAccountNumber: string): Promise<TransferLimitsResponse> {
  const { api } = await loadHostApi();
  const response = await api.get('/transfers/limits', {
    params: { wallet_account_number: walletAccountNumber },
  });
  return parseResponse(transferLimitsResponseSchema, response.data);
}

export async function fetchBeneficiaries(
  walletAccountNumber: string,
): Promise<BeneficiaryRecord[]> {
  const { api } = await loadHostApi();
  const response = await api.get(`/beneficiaries/${encodeURIComponent(walletAccountNumber)}`);
  return parseResponse(beneficiariesResponseSchema, response.data).data;
}

/** SPEC §7: a plain body; 200 means saved. */
export async function saveBeneficiary(
  beneficiary: NewBeneficiaryValues,
): Promise<BeneficiaryRecord> {
  const { api } = await loadHostApi();
  const response = await api.post(
    `/beneficiaries/${encodeURIComponent(beneficiary.recipient_account_number)}`,
    beneficiary,
  );
  return parseResponse(savedBeneficiaryResponseSchema, response.data).data;
}

export async function deleteBeneficiary(id: number): Promise<string> {
  const { api } = await loadHostApi();
  const response = await api.delete(`/beneficiaries/${id}`);
  return parseResponse(messageResponseSchema, response.data).message;
}
