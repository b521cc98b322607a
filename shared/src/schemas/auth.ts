// SPEC §2 / §5 / §7 login, signup, OTP and security-PIN forms and their API payloads.
import { MAC_ADDRESS } from '@ajo/shared/constants';
import { SECURITY_PINS_DO_NOT_MATCH, TERMS_REQUIRED } from '@ajo/shared/messages';
import { resetOtpSchema, securityPinSchema, signupOtpSchema } from './codes';
import { internationalPhoneSchema, phoneSchema } from './phone';
import { z } from './zod';

/** SPEC §5: the terms checkbox is required at signup. */
export const termsAcceptedSchema = z.literal(true, TERMS_REQUIRED);

/** SPEC §2 /login form: phone number plus 4-digit security PIN. */
export const loginFormSchema = z.object({
  phone_number: phoneSchema,
  security_pin: securityPinSchema,
});
export type LoginFormValues = z.infer<typeof loginFormSchema>;

/** SPEC §7 POST /login (encrypted): phone in the 234 form, mac_address fixed 'web'. */
export const loginPayloadSchema = z.object({
  phone_number: internationalPhoneSchema,
  security_pin: securityPinSchema,
  mac_address: z.literal(MAC_ADDRESS),
});
export type LoginPayload = z.infer<typeof loginPayloadSchema>;

/** SPEC §2 /signup form: phone number plus the required terms checkbox. */
export const signupPhoneFormSchema = z.object({
  phone_number: phoneSchema,
  terms: termsAcceptedSchema,
});
export type SignupPhoneFormValues = z.infer<typeof signupPhoneFormSchema>;

/** SPEC §2 /otp form. */
export const signupOtpFormSchema = z.object({ otp: signupOtpSchema });
export type SignupOtpFormValues = z.infer<typeof signupOtpFormSchema>;

/** SPEC §7 POST /auth (encrypted): phone_number, otp. */
export const signupOtpPayloadSchema = z.object({
  phone_number: internationalPhoneSchema,
  otp: signupOtpSchema,
});
export type SignupOtpPayload = z.infer<typeof signupOtpPayloadSchema>;

/** SPEC §5: a PIN and its confirmation must match, else 'Security PINs do not match!'. */
export const securityPinPairSchema = z
  .object({ pin: securityPinSchema, confirm_pin: z.string(SECURITY_PINS_DO_NOT_MATCH) })
  .check(
    z.refine((v) => v.pin === v.confirm_pin, {
      error: SECURITY_PINS_DO_NOT_MATCH,
      path: ['confirm_pin'],
    }),
  );
export type SecurityPinPairValues = z.infer<typeof securityPinPairSchema>;

/** SPEC §2 security PIN reset, step 1: request an OTP with the phone number. */
export const securityPinResetRequestSchema = z.object({ phone_number: phoneSchema });
export type SecurityPinResetRequestValues = z.infer<typeof securityPinResetRequestSchema>;

/** SPEC §2 / §5 security PIN reset, step 2: the 6-digit OTP and the new 4-digit security PIN. */
export const securityPinResetFormSchema = z.object({
  otp: resetOtpSchema,
  security_pin: securityPinSchema,
});
export type SecurityPinResetFormValues = z.infer<typeof securityPinResetFormSchema>;

/** SPEC §7 POST /reset-security-pin (encrypted): security_pin, phone_number, otp. */
export const securityPinResetPayloadSchema = z.object({
  security_pin: securityPinSchema,
  phone_number: internationalPhoneSchema,
  otp: resetOtpSchema,
});
export type SecurityPinResetPayload = z.infer<typeof securityPinResetPayloadSchema>;
