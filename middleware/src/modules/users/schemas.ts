import { signupFormSchema } from '@ajo/shared/schemas';
import { z } from 'zod/mini';
import {
  EMAIL_INVALID,
  LGA_REQUIRED,
  SECURITY_PINS_DO_NOT_MATCH,
  STATE_REQUIRED,
} from '@ajo/shared/messages';
import { REFERRAL_CODE_UNKNOWN } from './user-service.js';

/*
 * SPEC §3 "Signup form" posted to POST /users: the web app's signupFormSchema (SPEC §5 rules and
 * messages), tightened for the server. It is a strict object (OWASP API3: unknown fields such as
 * is_verified are refused), text fields get length caps (API4; the address cap is the shared schema's), ids must be positive whole
 * numbers, and the optional texts also accept null.
 */
const form = signupFormSchema.shape;

const REFERRAL_CODE_MAX = 32;
const EMAIL_MAX = 254;
const POSITIVE_ID = /^[1-9]\d{0,5}$/;

/** The shared "picked from a select" rule, and a positive whole number the database can hold. */
const positiveId = <S extends typeof form.state_id>(schema: S, message: string) =>
  schema.check(z.refine((v: string | number) => POSITIVE_ID.test(String(v).trim()), message));

/** An optional text where '' (and null) count as absent. */
const nullable = <S extends z.ZodMiniType>(schema: S) => z.optional(z.nullable(schema));

export const signupBody = z
  .strictObject({
    ...form,
    state_id: positiveId(form.state_id, STATE_REQUIRED),
    lga_id: positiveId(form.lga_id, LGA_REQUIRED),
    referrer_code: nullable(
      z.union([
        z.literal(''),
        z
          .string('referrer_code must be a string')
          .check(z.trim(), z.maxLength(REFERRAL_CODE_MAX, REFERRAL_CODE_UNKNOWN)),
      ]),
    ),
    email: nullable(
      form.email.check(z.refine((v) => (v ?? '').length <= EMAIL_MAX, EMAIL_INVALID)),
    ),
  })
  // SPEC §5, the same check as signupFormSchema's (object-level checks do not travel with .shape).
  .check(
    z.refine((v) => v.pin === v.confirm_pin, {
      error: SECURITY_PINS_DO_NOT_MATCH,
      path: ['confirm_pin'],
    }),
  );
export type SignupBody = z.infer<typeof signupBody>;
