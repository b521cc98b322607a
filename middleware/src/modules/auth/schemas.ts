import { z } from 'zod/mini';
import {
  OTP_INVALID,
  OTP_REQUIRED,
  OTP_TOO_LONG,
  PHONE_INVALID,
  PHONE_REQUIRED,
  SECURITY_PIN_INVALID,
} from './messages.js';

/*
 * Request schemas of the auth calls: the rules of @ajo/shared's loginPayloadSchema,
 * signupOtpPayloadSchema and securityPinResetPayloadSchema (SPEC §5 / §7), as strict objects so an
 * unknown field is refused (OWASP API3). contract.test.ts checks them against the shared ones.
 */
const digits = (count: number, message: string) =>
  z.string(message).check(z.regex(new RegExp(`^\\d{${count}}$`), message));

/** SPEC §7: phone numbers travel in the 234 form, 13 digits. */
export const internationalPhone = z
  .string(PHONE_REQUIRED)
  .check(z.trim(), z.regex(/^234\d{10}$/, PHONE_INVALID));

export const securityPin = digits(4, SECURITY_PIN_INVALID);

/** SPEC §5 signup OTP: required, at most 6 (a wrong 6-character value is simply a wrong OTP). */
export const signupOtp = z
  .string(OTP_REQUIRED)
  .check(z.minLength(1, { error: OTP_REQUIRED, abort: true }), z.maxLength(6, OTP_TOO_LONG));

/** SPEC §5 reset OTP: 6 digits. */
export const resetOtp = digits(6, OTP_INVALID);

export const phoneQuery = z.strictObject({ phone_number: internationalPhone });
export type PhoneQuery = z.infer<typeof phoneQuery>;

export const signupOtpBody = z.strictObject({ phone_number: internationalPhone, otp: signupOtp });
export type SignupOtpBody = z.infer<typeof signupOtpBody>;

export const loginBody = z.strictObject({
  phone_number: internationalPhone,
  security_pin: securityPin,
  mac_address: z.literal('web', "mac_address must be 'web'"),
});
export type LoginBody = z.infer<typeof loginBody>;

export const resetSecurityPinBody = z.strictObject({
  security_pin: securityPin,
  phone_number: internationalPhone,
  otp: resetOtp,
});
export type ResetSecurityPinBody = z.infer<typeof resetSecurityPinBody>;
