// SPEC §7 sign-up OTP calls: POST /auth (encrypted phone_number, otp -> token) and
// GET /auth/get-otps?phone_number= (resend).
import {
  messageResponseSchema,
  signupVerifiedResponseSchema,
  type MessageResponse,
  type SignupOtpPayload,
  type SignupVerifiedResponse,
} from '@ajo/shared/schemas';
import { loadHostApi } from '@ajo/remote-kit/host';
import { parseResponse } from '@ajo/remote-kit/services';

export async function verifySignupOtp(payload: SignupOtpPayload): Promise<SignupVerifiedResponse> {
  const { api } = await loadHostApi();
  const response = await api.encrypted.post('/auth', payload);
  return parseResponse(signupVerifiedResponseSchema, response.data);
}

export async function resendSignupOtp(phoneNumber: string): Promise<MessageResponse> {
  const { api } = await loadHostApi();
  const response = await api.get('/auth/get-otps', { params: { phone_number: phoneNumber } });
  return parseResponse(messageResponseSchema, response.data);
}
