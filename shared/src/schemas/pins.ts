// SPEC §5 transaction-PIN pairs and the confirm / authenticate steps shared by every money flow.
import { TRANSACTION_PIN_MISMATCH } from '@ajo/shared/messages';
import { resetOtpSchema, transactionPinSchema, twoFactorOtpSchema } from './codes';
import { internationalPhoneSchema } from './phone';
import { z } from './zod';

interface PinPair {
  transaction_pin: string;
  confirm_transaction_pin: string;
}
/** SPEC §5: confirm_transaction_pin must equal transaction_pin (for server-side strict copies). */
export const pinsMatch = z.refine<PinPair>((v) => v.transaction_pin === v.confirm_transaction_pin, {
  error: TRANSACTION_PIN_MISMATCH,
  path: ['confirm_transaction_pin'],
});

/** SPEC §5 / §7 POST /users/{id}/create-transaction-pin: 6 digits twice, 'Transaction PIN mismatch!'. */
export const transactionPinPairSchema = z
  .object({
    transaction_pin: transactionPinSchema,
    confirm_transaction_pin: z.string(TRANSACTION_PIN_MISMATCH),
  })
  .check(pinsMatch);
export type TransactionPinPairValues = z.infer<typeof transactionPinPairSchema>;

/**
 * SPEC §2 Transaction Pin tab, step 2: OTP, new PIN and confirm PIN. SPEC §5 does not show the pair
 * being compared in this flow; we compare anyway so a typo cannot lock the user out.
 */
export const transactionPinResetFormSchema = z
  .object({
    otp: resetOtpSchema,
    transaction_pin: transactionPinSchema,
    confirm_transaction_pin: z.string(TRANSACTION_PIN_MISMATCH),
  })
  .check(pinsMatch);
export type TransactionPinResetFormValues = z.infer<typeof transactionPinResetFormSchema>;

/** SPEC §7 POST /users/{id}/reset-transaction-pin (encrypted). */
export const transactionPinResetPayloadSchema = z
  .object({
    otp: resetOtpSchema,
    transaction_pin: transactionPinSchema,
    confirm_transaction_pin: z.string(TRANSACTION_PIN_MISMATCH),
    phone_number: internationalPhoneSchema,
  })
  .check(pinsMatch);
export type TransactionPinResetPayload = z.infer<typeof transactionPinResetPayloadSchema>;

/** SPEC §5 confirm step (all flows): the 6-digit transaction PIN. */
export const confirmStepSchema = z.object({ transaction_pin: transactionPinSchema });
export type ConfirmStepValues = z.infer<typeof confirmStepSchema>;

/** SPEC §4 authenticate step: the two-factor OTP (trimmed, 6 digits). */
export const twoFactorOtpFormSchema = z.object({ otp: twoFactorOtpSchema });
export type TwoFactorOtpFormValues = z.infer<typeof twoFactorOtpFormSchema>;
