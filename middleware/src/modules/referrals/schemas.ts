import { z } from 'zod/mini';
import { INVITE_PHONE_INVALID, REFERRAL_CODE_UNKNOWN } from './messages.js';

/*
 * SPEC §7 referral calls. Codes are capped before any lookup; a malformed code is simply unknown.
 * The phone arrives in the 234 form (SPEC §5 rules, converted by the page).
 */
const CODE_MAX = 32;

const code = z
  .string(REFERRAL_CODE_UNKNOWN)
  .check(
    z.trim(),
    z.minLength(1, REFERRAL_CODE_UNKNOWN),
    z.maxLength(CODE_MAX, REFERRAL_CODE_UNKNOWN),
  );

export const referralCodeParams = z.object({ referral_code: code });

export const referralInviteBody = z.strictObject({
  referral_code: code,
  phone_number: z
    .string(INVITE_PHONE_INVALID)
    .check(z.trim(), z.regex(/^234\d{10}$/, INVITE_PHONE_INVALID)),
});
export type ReferralInviteBody = z.infer<typeof referralInviteBody>;
