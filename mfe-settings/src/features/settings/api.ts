// The calls of the settings screen (SPEC §7 "Verification" and "Other"), each answer parsed with
// the schema the middleware answers with (docs/conventions.md §4).
import {
  bvnSchema,
  documentTypesResponseSchema,
  identityDocumentCreatedResponseSchema,
  identityDocumentsResponseSchema,
  messageResponseSchema,
  referralsResponseSchema,
  transferLimitsResponseSchema,
  uploadedFileResponseSchema,
  type DocumentTypesResponse,
  type IdentityDocumentItem,
  type IdentityDocumentPayload,
  type ReferralsResponse,
  type StatementRequestValues,
  type TransferLimitsResponse,
  transactionPinSchema,
  z,
} from '@ajo/shared/schemas';
import { loadHostApi } from '@ajo/remote-kit/host';
import { parseResponse } from '@ajo/remote-kit/services';
import { uploadToStorage } from '@ajo/remote-kit/upload';

const path = (id: string | number) => encodeURIComponent(String(id));

export async function updateBvn(userId: string | number, bvn: string): Promise<string> {
  const { api } = await loadHostApi();
  const response = await api.encrypted.post(`/users/${path(userId)}/update-bvn`, { bvn });
  return parseResponse(messageResponseSchema, response.data).message;
}

/**
 * POST /users/{id}/reveal-bvn's answer. Its schemas live with the one screen that uses them, not in
 * the shared schemas every form page loads (docs/decisions/017-compressed-and-budgeted-first-pages.md).
 */
export const bvnRevealResponseSchema = z.object({ bvn: bvnSchema });
export const bvnRevealPayloadSchema = z.object({ transaction_pin: transactionPinSchema });
export type BvnRevealValues = z.infer<typeof bvnRevealPayloadSchema>;

/** The full BVN, after the transaction PIN (the user object carries it masked). */
export async function revealBvn(userId: string | number, transactionPin: string): Promise<string> {
  const { api } = await loadHostApi();
  const response = await api.encrypted.post(`/users/${path(userId)}/reveal-bvn`, {
    transaction_pin: transactionPin,
  });
  return parseResponse(bvnRevealResponseSchema, response.data).bvn;
}

export async function fetchDocumentTypes(): Promise<DocumentTypesResponse['documents']> {
  const { api } = await loadHostApi();
  const response = await api.get('/identity-documents');
  return parseResponse(documentTypesResponseSchema, response.data).documents;
}

export async function fetchIdentityDocuments(
  userId: string | number,
): Promise<IdentityDocumentItem[]> {
  const { api } = await loadHostApi();
  const response = await api.encrypted.post(`/users/${path(userId)}/get-identity-documents`, {});
  return parseResponse(identityDocumentsResponseSchema, response.data).documents;
}

export async function uploadDocumentFile(
  file: File,
  fileName: string,
  onProgress: (percent: number) => void,
): Promise<string> {
  return parseResponse(
    uploadedFileResponseSchema,
    await uploadToStorage(file, fileName, onProgress),
  ).url;
}

export async function addIdentityDocument(
  payload: IdentityDocumentPayload,
): Promise<{ message: string; document: IdentityDocumentItem }> {
  const { api } = await loadHostApi();
  const response = await api.encrypted.post('/identity-documents', payload);
  return parseResponse(identityDocumentCreatedResponseSchema, response.data);
}

/** The KYC tier and its limits (docs/domain.md "KYC tiers"), as the transfer screens show them. */
export async function fetchTierLimits(
  walletAccountNumber: string,
): Promise<TransferLimitsResponse> {
  const { api } = await loadHostApi();
  const response = await api.get('/transfers/limits', {
    params: { wallet_account_number: walletAccountNumber },
  });
  return parseResponse(transferLimitsResponseSchema, response.data);
}

/** SPEC §7 GET /auth/get-otp: 200 moves the Transaction Pin tab to OTP entry. */
export async function requestTransactionPinOtp(phoneNumber: string): Promise<string> {
  const { api } = await loadHostApi();
  const response = await api.get('/auth/get-otp', { params: { phone_number: phoneNumber } });
  return parseResponse(messageResponseSchema, response.data).message;
}

export async function resetTransactionPin(
  userId: string | number,
  payload: {
    otp: string;
    transaction_pin: string;
    confirm_transaction_pin: string;
    phone_number: string;
  },
): Promise<string> {
  const { api } = await loadHostApi();
  const response = await api.encrypted.post(
    `/users/${path(userId)}/reset-transaction-pin`,
    payload,
  );
  return parseResponse(messageResponseSchema, response.data).message;
}

export async function fetchReferrals(userId: string | number): Promise<ReferralsResponse> {
  const { api } = await loadHostApi();
  const response = await api.get(`/referrals/${path(userId)}`);
  return parseResponse(referralsResponseSchema, response.data);
}

export async function requestStatement(values: StatementRequestValues): Promise<string> {
  const { api } = await loadHostApi();
  const response = await api.get('/transaction-history/statement', { params: { ...values } });
  return parseResponse(messageResponseSchema, response.data).message;
}

/** SPEC §7: plain body reason. */
export async function requestAccountClosure(
  userId: string | number,
  reason: string,
): Promise<string> {
  const { api } = await loadHostApi();
  const response = await api.post(`/users/${path(userId)}/request-account-closure`, { reason });
  return parseResponse(messageResponseSchema, response.data).message;
}
