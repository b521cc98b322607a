// SPEC §2 / §5 / §7 settings forms: statement request, delete account, referral submission.
import { DELETE_ACCOUNT_REASONS, OTHER_REASONS } from '@ajo/shared/constants';
import {
  AGREEMENT_REQUIRED,
  DATE_INVALID,
  EMAIL_INVALID,
  EMAIL_REQUIRED,
  END_BEFORE_START,
  OTHER_REASON_REQUIRED,
  REASON_REQUIRED,
  REQUIRED,
} from '@ajo/shared/messages';
import { requiredString, walletNumberSchema } from './money';
import { internationalPhoneSchema, phoneToInternationalSchema, referralPhoneSchema } from './phone';
import { z } from './zod';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isoDate = z.string(DATE_INVALID).check(
  z.regex(ISO_DATE, { error: DATE_INVALID, abort: true }),
  // Round-trip through Date so that '2026-02-31' is refused rather than rolled over to March.
  z.refine((v: string) => {
    const time = Date.parse(`${v}T00:00:00Z`);
    return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === v;
  }, DATE_INVALID),
);

/** SPEC §2 / §5 / §7 statement request: wallet number, email, start and end dates (YYYY-MM-DD). */
export const statementRequestSchema = z
  .object({
    wallet_number: walletNumberSchema,
    email: z
      .string(EMAIL_REQUIRED)
      .check(
        z.trim(),
        z.minLength(1, { error: EMAIL_REQUIRED, abort: true }),
        z.email(EMAIL_INVALID),
      ),
    start_date: isoDate,
    end_date: isoDate,
  })
  .check(
    z.refine((v) => v.end_date >= v.start_date, { error: END_BEFORE_START, path: ['end_date'] }),
  );
export type StatementRequestValues = z.infer<typeof statementRequestSchema>;

/**
 * SPEC §5 delete account: a reason selected and the agreement ticked; 'Other Reasons' reveals a
 * free-text box (SPEC §4) that must then be filled.
 */
export const deleteAccountFormSchema = z
  .object({
    reason: z.enum(DELETE_ACCOUNT_REASONS, REASON_REQUIRED),
    other_reason: z.optional(z.string().check(z.maxLength(500))),
    agreed: z.literal(true, AGREEMENT_REQUIRED),
  })
  .check(
    z.refine((v) => v.reason !== OTHER_REASONS || (v.other_reason ?? '').trim() !== '', {
      error: OTHER_REASON_REQUIRED,
      path: ['other_reason'],
    }),
  );
export type DeleteAccountFormValues = z.infer<typeof deleteAccountFormSchema>;

/** The reason text sent to the API: the free text for 'Other Reasons', else the chosen reason. */
export function accountClosureReason(values: DeleteAccountFormValues): string {
  return values.reason === OTHER_REASONS ? (values.other_reason ?? '').trim() : values.reason;
}

/** SPEC §7 POST /users/{id}/request-account-closure: plain body reason. */
export const accountClosurePayloadSchema = z.object({
  reason: requiredString(REASON_REQUIRED).check(z.maxLength(500)),
});
export type AccountClosurePayload = z.infer<typeof accountClosurePayloadSchema>;

/** SPEC §2 referral landing form: 'Phone number'. */
export const referralFormSchema = z.object({ phone_number: referralPhoneSchema });
export type ReferralFormValues = z.infer<typeof referralFormSchema>;

/** SPEC §7 POST /referral: referral_code and phone_number in the 234 form. */
export const referralSubmissionPayloadSchema = z.object({
  referral_code: requiredString(REQUIRED),
  phone_number: z.union([internationalPhoneSchema, phoneToInternationalSchema]),
});
export type ReferralSubmissionPayload = z.output<typeof referralSubmissionPayloadSchema>;
