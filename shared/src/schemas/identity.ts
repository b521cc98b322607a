// SPEC §2 / §3 / §5 onboarding, NIN, BVN and identity-document forms.
import {
  ADDRESS_MAX_LENGTH,
  GENDERS,
  PROOF_OF_RESIDENCE_DOCUMENT_TYPE_ID,
} from '@ajo/shared/constants';
import {
  ADDRESS_REQUIRED,
  ADDRESS_TOO_LONG,
  DOCUMENT_FILE_REQUIRED,
  DOCUMENT_NUMBER_REQUIRED,
  DOCUMENT_TYPE_REQUIRED,
  EMAIL_INVALID,
  GENDER_REQUIRED,
  LGA_REQUIRED,
  NIN_MISMATCH,
  PHOTO_REQUIRED,
  PHOTO_URL_TOO_LONG,
  REQUIRED,
  SECURITY_PINS_DO_NOT_MATCH,
  STATE_REQUIRED,
  TID_REQUIRED,
} from '@ajo/shared/messages';
import { bvnSchema, ninSchema, securityPinSchema } from './codes';
import { requiredString } from './money';
import { z } from './zod';

/** An id picked from a select: a non-empty string or a number (forms send strings, APIs numbers). */
export const selectedId = (message: string) =>
  z
    .union([z.string(), z.number()], message)
    .check(z.refine((v: string | number) => String(v).trim() !== '', message));

/** Optional e-mail: empty counts as absent (SPEC §2 "optional email"). */
export const optionalEmailSchema = z.optional(
  z.union([z.literal(''), z.email(EMAIL_INVALID)], EMAIL_INVALID),
);

/** SPEC §3 "Signup form" (Account Setup, posted to POST /users); submit rules of SPEC §4. */
export const signupFormSchema = z
  .object({
    gender: z.enum(GENDERS, GENDER_REQUIRED),
    // Checked on the phone as the server checks it, not only by a toast after submit.
    address: requiredString(ADDRESS_REQUIRED).check(
      z.maxLength(ADDRESS_MAX_LENGTH, ADDRESS_TOO_LONG),
    ),
    state_id: selectedId(STATE_REQUIRED),
    lga_id: selectedId(LGA_REQUIRED),
    pin: securityPinSchema,
    confirm_pin: z.string(SECURITY_PINS_DO_NOT_MATCH),
    referrer_code: z.optional(z.string()),
    email: optionalEmailSchema,
  })
  .check(
    z.refine((v) => v.pin === v.confirm_pin, {
      error: SECURITY_PINS_DO_NOT_MATCH,
      path: ['confirm_pin'],
    }),
  );
export type SignupFormValues = z.infer<typeof signupFormSchema>;

/** SPEC §2 NIN start screen: one 11-digit NIN. */
export const ninStartFormSchema = z.object({ nin: ninSchema });
export type NinStartFormValues = z.infer<typeof ninStartFormSchema>;

/** SPEC §5: NIN entered twice from the dashboard prompt, mismatch 'NIN mismatch!'. */
export const ninPairSchema = z
  .object({ nin: ninSchema, confirm_nin: z.string(NIN_MISMATCH) })
  .check(z.refine((v) => v.nin === v.confirm_nin, { error: NIN_MISMATCH, path: ['confirm_nin'] }));
export type NinPairValues = z.infer<typeof ninPairSchema>;

/** SPEC §7 PUT /users/{id} (encrypted nin). */
export const ninUpdatePayloadSchema = z.object({ nin: ninSchema });
export type NinUpdatePayload = z.infer<typeof ninUpdatePayloadSchema>;

/** SPEC §5 / §7 POST /users/{id}/update-bvn: 11 digits, else the SPEC's message. */
export const bvnUpdateSchema = z.object({ bvn: bvnSchema });
export type BvnUpdateValues = z.infer<typeof bvnUpdateSchema>;

/** SPEC §2 / §5 onboarding details: every field non-empty, including the photo URL. */
export const onboardingDetailsSchema = z.object({
  first_name: requiredString(REQUIRED),
  last_name: requiredString(REQUIRED),
  middle_name: z.optional(z.nullable(z.string())),
  gender: requiredString(REQUIRED),
  date_of_birth: requiredString(REQUIRED),
  phone_number: requiredString(REQUIRED),
  id_number: requiredString(REQUIRED),
  photo_url: requiredString(PHOTO_REQUIRED),
});
export type OnboardingDetailsValues = z.infer<typeof onboardingDetailsSchema>;

/** SPEC §7 POST /verify-user. */
export const verifyUserPayloadSchema = z.object({
  photo_url: requiredString(PHOTO_REQUIRED).check(z.maxLength(2048, PHOTO_URL_TOO_LONG)),
  tid: requiredString(TID_REQUIRED).check(z.maxLength(64, TID_REQUIRED)),
});
export type VerifyUserPayload = z.infer<typeof verifyUserPayloadSchema>;

const isFileLike = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && 'size' in value && 'type' in value;

/**
 * SPEC §5 document upload: a file, a document type and, for non-residence documents (type id
 * other than 32), a document number.
 */
export const documentUploadFormSchema = z
  .object({
    file: z.custom<File>(isFileLike, DOCUMENT_FILE_REQUIRED),
    document_type_id: selectedId(DOCUMENT_TYPE_REQUIRED),
    document_number: z.optional(z.string()),
  })
  .check(
    z.refine(
      (v) =>
        Number(v.document_type_id) === PROOF_OF_RESIDENCE_DOCUMENT_TYPE_ID ||
        (v.document_number ?? '').trim() !== '',
      { error: DOCUMENT_NUMBER_REQUIRED, path: ['document_number'] },
    ),
  );
export type DocumentUploadFormValues = z.infer<typeof documentUploadFormSchema>;

/** SPEC §7 POST /identity-documents (encrypted). */
export const identityDocumentPayloadSchema = z.object({
  document_url: requiredString(REQUIRED),
  document_name: requiredString(REQUIRED),
  document_id: selectedId(DOCUMENT_TYPE_REQUIRED),
  document_key: requiredString(DOCUMENT_NUMBER_REQUIRED),
  user_id: selectedId(REQUIRED),
});
export type IdentityDocumentPayload = z.infer<typeof identityDocumentPayloadSchema>;
