// SPEC §7 public referral calls: GET /referral/{referral_code} and POST /referral (plain JSON).
import {
  messageResponseSchema,
  referralLookupResponseSchema,
  type MessageResponse,
} from '@ajo/shared/schemas';
import { loadHostApi } from '@ajo/remote-kit/host';
import { parseResponse } from '@ajo/remote-kit/services';

export async function lookUpReferrer(code: string): Promise<string> {
  const { api } = await loadHostApi();
  const response = await api.get(`/referral/${encodeURIComponent(code)}`);
  return parseResponse(referralLookupResponseSchema, response.data).data.referrer;
}

/** phone_number in the 234 form (SPEC §7). */
export async function submitReferral(code: string, phoneNumber: string): Promise<MessageResponse> {
  const { api } = await loadHostApi();
  const response = await api.post('/referral', { referral_code: code, phone_number: phoneNumber });
  return parseResponse(messageResponseSchema, response.data);
}
