// SPEC §5 phone rule: 0 plus 10 digits (11 characters), sent with the leading 0 replaced by 234.
import { PHONE_COUNTRY_CODE, PHONE_LENGTH, PHONE_LOCAL_PREFIX } from '@ajo/shared/constants';
import { PHONE_INVALID, PHONE_REQUIRED } from '@ajo/shared/messages';
import { z } from './zod';

export const LOCAL_PHONE_PATTERN = /^0\d{10}$/;
export const INTERNATIONAL_PHONE_PATTERN = /^234\d{10}$/;

/**
 * '08012345678' -> '2348012345678' (SPEC §5, §7 GET /auth/forgot?phone_number=234{number without 0}).
 * A number already in the 234 form is returned unchanged, so calling it twice is harmless.
 */
export function toInternationalPhone(phone: string): string {
  const trimmed = phone.trim();
  if (INTERNATIONAL_PHONE_PATTERN.test(trimmed)) return trimmed;
  if (trimmed.startsWith(PHONE_LOCAL_PREFIX)) {
    return PHONE_COUNTRY_CODE + trimmed.slice(PHONE_LOCAL_PREFIX.length);
  }
  return trimmed;
}

/** '2348012345678' -> '08012345678'; for showing a stored number in a local-form field. */
export function toLocalPhone(phone: string): string {
  const trimmed = phone.trim();
  if (INTERNATIONAL_PHONE_PATTERN.test(trimmed)) {
    return PHONE_LOCAL_PREFIX + trimmed.slice(PHONE_COUNTRY_CODE.length);
  }
  return trimmed;
}

/** Form field (login, signup, airtime, data, electricity, PIN reset, referral): local form. */
export const phoneSchema = z
  .string(PHONE_REQUIRED)
  .check(
    z.trim(),
    z.minLength(1, { error: PHONE_REQUIRED, abort: true }),
    z.maxLength(PHONE_LENGTH, { error: PHONE_INVALID, abort: true }),
    z.regex(LOCAL_PHONE_PATTERN, PHONE_INVALID),
  );

/** The same rule, output in the 234 form the API expects. */
export const phoneToInternationalSchema = z.pipe(phoneSchema, z.transform(toInternationalPhone));

/** What the API receives (SPEC §7: phone_number "international"). */
export const internationalPhoneSchema = z
  .string(PHONE_REQUIRED)
  .check(z.trim(), z.regex(INTERNATIONAL_PHONE_PATTERN, PHONE_INVALID));

/** SPEC §5 referral phone: required, max 11, 0 plus 10 digits (hint differs, rule is the same). */
export const referralPhoneSchema = phoneSchema;
