// SPEC §5 PIN, OTP and identity-number rules.
import { BVN_LENGTH, NIN_LENGTH, OTP_LENGTH } from '@ajo/shared/constants';
import {
  INVALID_BVN,
  NIN_INVALID,
  OTP_INVALID,
  OTP_REQUIRED,
  OTP_TOO_LONG,
  SECURITY_PIN_INVALID,
  TRANSACTION_PIN_INVALID,
} from '@ajo/shared/messages';
import { z } from './zod';

const digits = (count: number, message: string) =>
  z.string(message).check(z.regex(new RegExp(`^\\d{${count}}$`), message));

/** SPEC §5: security (login) PIN, exactly 4 digits. */
export const securityPinSchema = digits(4, SECURITY_PIN_INVALID);

/** SPEC §5: transaction PIN, exactly 6 digits. */
export const transactionPinSchema = digits(6, TRANSACTION_PIN_INVALID);

/** SPEC §5: signup OTP, required, max 6 characters (SPEC §2 "6-character OTP"). */
export const signupOtpSchema = z.string(OTP_REQUIRED).check(
  z.minLength(1, { error: OTP_REQUIRED, abort: true }),
  z.maxLength(OTP_LENGTH, { error: OTP_TOO_LONG, abort: true }),
  // The code sent is 6 digits: anything else is refused here, on the phone and on the server
  // alike, before it can spend one of the five tries.
  z.regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), OTP_INVALID),
);

/** SPEC §5: reset OTPs (security PIN and transaction PIN), 6 digits. */
export const resetOtpSchema = digits(OTP_LENGTH, OTP_INVALID);

/** SPEC §5: two-factor (step-up) OTP, 6 digits, trimmed. */
export const twoFactorOtpSchema = z
  .string(OTP_INVALID)
  .check(z.trim(), z.regex(/^\d{6}$/, OTP_INVALID));

/** SPEC §5: NIN, exactly 11 digits, digits only. */
export const ninSchema = digits(NIN_LENGTH, NIN_INVALID);

/** SPEC §5: BVN update, numeric, exactly 11 digits, else the SPEC's message. */
export const bvnSchema = digits(BVN_LENGTH, INVALID_BVN);
