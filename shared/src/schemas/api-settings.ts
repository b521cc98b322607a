// What the middleware answers on the settings calls (SPEC §2 "Settings", §3 Identity document,
// Document type, Referral; SPEC §7 "Verification" and "Other"). The web app parses every answer with
// these (docs/conventions.md §4) and the middleware's route schemas are these same objects.
import { z } from './zod';

const nonEmpty = z.string().check(z.minLength(1));

/** SPEC §3 Document type: id 32 is Proof of Residence. */
export const documentTypeSchema = z.object({ id: z.number().check(z.int()), name: nonEmpty });

/** GET /identity-documents: the document types a customer may upload. */
export const documentTypesResponseSchema = z.object({ documents: z.array(documentTypeSchema) });
export type DocumentTypesResponse = z.infer<typeof documentTypesResponseSchema>;

/** Where a document's review stands (the tier rises once both kinds are approved). */
export const DOCUMENT_REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type DocumentReviewStatus = (typeof DOCUMENT_REVIEW_STATUSES)[number];

/** SPEC §3 Identity document (id, description, documentKey), plus its type and review. */
export const identityDocumentSchema = z.object({
  id: nonEmpty,
  description: nonEmpty,
  documentKey: nonEmpty,
  document_type_id: z.number().check(z.int()),
  status: z.enum(DOCUMENT_REVIEW_STATUSES),
  /** Why a rejected document was refused, and what to do. */
  review_note: z.nullable(z.string()),
  created_at: nonEmpty,
});
export type IdentityDocumentItem = z.infer<typeof identityDocumentSchema>;

/** POST /users/{id}/get-identity-documents: the customer's own documents. */
export const identityDocumentsResponseSchema = z.object({
  documents: z.array(identityDocumentSchema),
});
export type IdentityDocumentsResponse = z.infer<typeof identityDocumentsResponseSchema>;

/** POST /identity-documents: 'Document Upload Successful' and the stored document. */
export const identityDocumentCreatedResponseSchema = z.object({
  message: z.string(),
  document: identityDocumentSchema,
});
export type IdentityDocumentCreatedResponse = z.infer<typeof identityDocumentCreatedResponseSchema>;

/**
 * SPEC §3 Referral: a customer who signed up with this customer's code, by name only (the referee's
 * user id is not the referrer's to know; an older server's `id` is ignored).
 */
export const referralSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
});

/** GET /referrals/{userId}: referrals[], count, message (SPEC §3, §7). */
export const referralsResponseSchema = z.object({
  referrals: z.array(referralSchema),
  count: z.number().check(z.int(), z.gte(0)),
  message: z.string(),
});
export type ReferralsResponse = z.infer<typeof referralsResponseSchema>;

/** POST /storage/upload?path=images/<filename>: where the file is and its download URL. */
export const uploadedFileResponseSchema = z.object({ path: nonEmpty, url: nonEmpty });
