// SPEC §7 GET /auth?phone_number=234…: starts the sign-up OTP (200 { message }, 409, 429).
import { messageResponseSchema, type MessageResponse } from '@ajo/shared/schemas';
import { loadHostApi } from '@ajo/remote-kit/host';
import { parseResponse } from '@ajo/remote-kit/services';

export async function requestSignupOtp(phoneNumber: string): Promise<MessageResponse> {
  const { api } = await loadHostApi();
  const response = await api.get('/auth', { params: { phone_number: phoneNumber } });
  return parseResponse(messageResponseSchema, response.data);
}
