import { z } from 'zod/mini';
import {
  CATEGORY_REQUIRED,
  DESCRIPTION_REQUIRED,
  DISPUTE_NOT_FOUND,
  TRANSACTION_NOT_FOUND,
} from './messages.js';
import { DISPUTE_CATEGORIES, TRACKING_NUMBER_PATTERN } from './rules.js';

/*
 * The complaint calls' payloads and answers (docs/decisions/034-complaints-with-a-clock.md). Kept
 * in the middleware until the web screens need them: a new export in the shared schemas barrel
 * grows every page's first load.
 */

/** A ledger reference as the history shows it (money-…, nip-…, checkout ids, …:reversal). */
export const transactionReferenceParams = z.strictObject({
  reference: z
    .string(TRANSACTION_NOT_FOUND)
    .check(z.regex(/^[A-Za-z0-9][A-Za-z0-9:._-]{0,99}$/, TRANSACTION_NOT_FOUND)),
});

export const trackingNumberParams = z.strictObject({
  tracking_number: z
    .string(DISPUTE_NOT_FOUND)
    .check(z.regex(TRACKING_NUMBER_PATTERN, DISPUTE_NOT_FOUND)),
});

export const MAX_DESCRIPTION = 500;

export const fileDisputeBody = z.strictObject({
  category: z.enum(DISPUTE_CATEGORIES as [string, ...string[]], CATEGORY_REQUIRED),
  description: z
    .string(DESCRIPTION_REQUIRED)
    .check(
      z.refine((v) => v.trim().length > 0 && v.length <= MAX_DESCRIPTION, DESCRIPTION_REQUIRED),
    ),
  // An upload the customer made with POST /storage/upload (JPEG, PNG or PDF, at most 5 MB).
  attachment_url: z.optional(z.string().check(z.minLength(1), z.maxLength(500))),
});

const timelineItem = z.object({
  status: z.enum(['received', 'investigating', 'resolved']),
  outcome: z.nullable(z.enum(['refunded', 'declined'])),
  note: z.string(),
  at: z.string(),
});

export const disputeSchema = z.object({
  tracking_number: z.string(),
  reference: z.string(),
  category: z.enum(DISPUTE_CATEGORIES as [string, ...string[]]),
  category_label: z.string(),
  description: z.string(),
  attachment_url: z.nullable(z.string()),
  /** A link to open the attachment, valid for minutes (uploads are private). */
  attachment_link: z.nullable(z.string()),
  status: z.enum(['received', 'investigating', 'resolved']),
  outcome: z.nullable(z.enum(['refunded', 'declined'])),
  outcome_reason: z.nullable(z.string()),
  refund_reference: z.nullable(z.string()),
  auto_opened: z.boolean(),
  respond_by: z.string(),
  created_at: z.string(),
  timeline: z.array(timelineItem),
});

/** POST /transactions/{reference}/disputes: the tracking number and the promised date at once. */
export const filedDisputeSchema = z.object({
  message: z.string(),
  tracking_number: z.string(),
  respond_by: z.string(),
  dispute: disputeSchema,
});

export const disputesResponseSchema = z.object({ disputes: z.array(disputeSchema) });
export const disputeResponseSchema = z.object({ dispute: disputeSchema });
export const confirmedSchema = z.object({ message: z.string(), dispute: disputeSchema });
export const noQuery = z.strictObject({});
export const emptyBody = z.optional(z.strictObject({}));
