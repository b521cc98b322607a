// SPEC §7 calls behind the prompts (create-transaction-pin and PUT /users/{id}). Every answer is
// parsed with the shared schema (docs/conventions.md §4) instead of being cast.
import {
  ninSubmittedResponseSchema,
  ninUpdatePayloadSchema,
  transactionPinCreatedResponseSchema,
  transactionPinPairSchema,
  type NinUpdatePayload,
  type TransactionPinPairValues,
} from '@ajo/shared/schemas';
import { AN_ERROR_OCCURRED } from '@ajo/shared/messages';
import type { ApiClient } from 'host/api';

const UNEXPECTED = { status: 0, message: 'Unexpected response from the server' };

/** POST /users/{id}/create-transaction-pin, encrypted { transaction_pin, confirm_transaction_pin }. */
export async function createTransactionPin(
  api: ApiClient,
  userId: string | number,
  values: TransactionPinPairValues,
): Promise<string> {
  const body = transactionPinPairSchema.parse(values);
  const response = await api.encrypted.post(
    `/users/${encodeURIComponent(String(userId))}/create-transaction-pin`,
    body,
  );
  const parsed = transactionPinCreatedResponseSchema.safeParse(response.data);
  if (!parsed.success) throw UNEXPECTED;
  return parsed.data.message;
}

/** PUT /users/{id}, encrypted { nin }: the NIN goes to 'pending' verification. */
export async function submitNin(
  api: ApiClient,
  userId: string | number,
  payload: NinUpdatePayload,
): Promise<string> {
  const body = ninUpdatePayloadSchema.parse(payload);
  const response = await api.encrypted.put(`/users/${encodeURIComponent(String(userId))}`, body);
  const parsed = ninSubmittedResponseSchema.safeParse(response.data);
  if (!parsed.success) throw UNEXPECTED;
  return parsed.data.message;
}

/**
 * SPEC §8: toasts show the server's message. The SPEC gives no fallback for these two calls, so a
 * failure without one (network down, unreadable answer) uses the catalogue's generic 'An error occurred'.
 */
export function serverMessageOf(error: unknown): string {
  const serverMessage = (error as { serverMessage?: unknown } | null)?.serverMessage;
  return typeof serverMessage === 'string' && serverMessage ? serverMessage : AN_ERROR_OCCURRED;
}
