// SPEC §7 security-PIN reset: GET /auth/forgot?phone_number=234… then POST /reset-security-pin
// (encrypted security_pin, phone_number, otp).
import {
  messageResponseSchema,
  type MessageResponse,
  type SecurityPinResetPayload,
} from '@ajo/shared/schemas';
import { loadHostApi } from '@ajo/remote-kit/host';
import { parseResponse } from '@ajo/remote-kit/services';

export async function requestPinResetOtp(phoneNumber: string): Promise<MessageResponse> {
  const { api } = await loadHostApi();
  const response = await api.get('/auth/forgot', { params: { phone_number: phoneNumber } });
  return parseResponse(messageResponseSchema, response.data);
}

export async function resetSecurityPin(payload: SecurityPinResetPayload): Promise<MessageResponse> {
  const { api } = await loadHostApi();
  const response = await api.encrypted.post('/reset-security-pin', payload);
  return parseResponse(messageResponseSchema, response.data);
}
