import { z } from 'zod/mini';
import {
  ADDRESS_REQUIRED,
  EMAIL_INVALID,
  GENDER_REQUIRED,
  LGA_REQUIRED,
  SECURITY_PINS_DO_NOT_MATCH,
  SECURITY_PIN_INVALID,
  STATE_REQUIRED,
} from '../auth/messages.js';

/** A select's id: forms send strings, APIs numbers; either way a positive whole number. */
const selectedId = (message: string) =>
  z
    .union([z.string(), z.number()], message)
    .check(z.refine((v: string | number) => /^[1-9]\d{0,5}$/.test(String(v).trim()), message));

/** An optional text where '' (and null) count as absent (issue 4). */
const blankAsAbsent = <S extends z.ZodMiniType>(schema: S) =>
  z.optional(z.nullable(z.union([z.literal(''), schema])));

/**
 * SPEC §3 "Signup form" posted to POST /users, with the rules of @ajo/shared's signupFormSchema
 * (SPEC §5), as a strict object (OWASP API3: unknown fields such as is_verified are refused).
 */
export const signupBody = z
  .strictObject({
    gender: z.enum(['male', 'female'], GENDER_REQUIRED),
    address: z
      .string(ADDRESS_REQUIRED)
      .check(z.trim(), z.minLength(1, ADDRESS_REQUIRED), z.maxLength(200, 'Address is too long')),
    state_id: selectedId(STATE_REQUIRED),
    lga_id: selectedId(LGA_REQUIRED),
    pin: z.string(SECURITY_PIN_INVALID).check(z.regex(/^\d{4}$/, SECURITY_PIN_INVALID)),
    confirm_pin: z.string(SECURITY_PINS_DO_NOT_MATCH),
    referrer_code: blankAsAbsent(
      z
        .string('referrer_code must be a string')
        .check(z.trim(), z.maxLength(32, 'This referral code does not exist.')),
    ),
    email: blankAsAbsent(z.email(EMAIL_INVALID).check(z.maxLength(254, EMAIL_INVALID))),
  })
  .check(
    z.refine((v) => v.pin === v.confirm_pin, {
      error: SECURITY_PINS_DO_NOT_MATCH,
      path: ['confirm_pin'],
    }),
  );
export type SignupBody = z.infer<typeof signupBody>;

export const userIdParams = z.strictObject({ id: z.string('id is required') });
