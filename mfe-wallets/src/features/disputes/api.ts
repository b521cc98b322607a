// The complaint calls (middleware README "Complaints"): report a problem about one history line,
// and My reports. Parsed like every answer (docs/conventions.md §4). The schemas live with this
// feature, not in @ajo/shared/schemas: that barrel is in every page's first load, and these are
// only read here, in a chunk loaded with its screen.
import { uploadedFileResponseSchema, z } from '@ajo/shared/schemas';
import { loadHostApi } from '@ajo/remote-kit/host';
import { parseResponse } from '@ajo/remote-kit/services';
import { uploadToStorage } from '@ajo/remote-kit/upload';

export const DISPUTE_CATEGORIES = [
  { value: 'money_not_arrived', label: 'Money left but did not arrive' },
  { value: 'wrong_amount', label: 'Wrong amount' },
  { value: 'not_authorised', label: 'Not authorised by me' },
  { value: 'bill_not_delivered', label: 'Bill not delivered' },
  { value: 'other', label: 'Other' },
] as const;

export const MAX_DESCRIPTION = 500;

const statusSchema = z.enum(['received', 'investigating', 'resolved']);
const outcomeSchema = z.nullable(z.enum(['refunded', 'declined']));

export const disputeSchema = z.object({
  tracking_number: z.string(),
  reference: z.string(),
  category: z.string(),
  category_label: z.string(),
  description: z.string(),
  /** One of the customer's own uploads, or null; absent from an older middleware. */
  attachment_url: z.optional(z.nullable(z.string())),
  /** A link that opens the attachment for a few minutes (uploads are private). */
  attachment_link: z.optional(z.nullable(z.string())),
  status: statusSchema,
  outcome: outcomeSchema,
  outcome_reason: z.nullable(z.string()),
  refund_reference: z.nullable(z.string()),
  auto_opened: z.boolean(),
  respond_by: z.string(),
  created_at: z.string(),
  timeline: z.array(
    z.object({ status: statusSchema, outcome: outcomeSchema, note: z.string(), at: z.string() }),
  ),
});
export type Dispute = z.infer<typeof disputeSchema>;

const filedSchema = z.object({
  tracking_number: z.string(),
  respond_by: z.string(),
  dispute: disputeSchema,
});
const disputesSchema = z.object({ disputes: z.array(disputeSchema) });

export interface DisputeForm {
  category: string;
  description: string;
  /** The URL POST /storage/upload answered for the customer's own file. */
  attachment_url?: string;
}

/**
 * The attachment is checked here first, with the KYC document upload's words, by the same rules
 * the storage applies again by content: JPEG, PNG or PDF, at most 5 MB.
 */
export const ACCEPTED_ATTACHMENTS = 'image/jpeg,image/png,application/pdf';
export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;
export const ATTACHMENT_TOO_LARGE = 'The file is too large. The limit is 5 MB.';
export const ATTACHMENT_WRONG_TYPE = 'Only JPEG, PNG or PDF files can be uploaded.';

/** The words for a refused file, or null when it may be uploaded. */
export function attachmentProblem(file: File): string | null {
  if (!ACCEPTED_ATTACHMENTS.split(',').includes(file.type)) return ATTACHMENT_WRONG_TYPE;
  if (file.size > MAX_ATTACHMENT_BYTES) return ATTACHMENT_TOO_LARGE;
  return null;
}

/** images/{filename}: a name the storage path rule accepts, unique per upload. */
export function attachmentFileName(file: File, now = Date.now()): string {
  const safe = file.name.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^[^A-Za-z0-9]+/, '');
  return `report-${now}-${safe || 'attachment'}`.slice(0, 100);
}

/** POST /storage/upload, the same call the KYC document upload makes: the stored file's URL. */
export async function uploadAttachment(
  file: File,
  onProgress: (percent: number) => void,
): Promise<string> {
  return parseResponse(
    uploadedFileResponseSchema,
    await uploadToStorage(file, attachmentFileName(file), onProgress),
  ).url;
}

/** POST /transactions/{reference}/disputes: the tracking number and the promised date at once. */
export async function fileDispute(reference: string, form: DisputeForm) {
  const { api } = await loadHostApi();
  const response = await api.post(`/transactions/${encodeURIComponent(reference)}/disputes`, form);
  return parseResponse(filedSchema, response.data);
}

/** GET /disputes: the customer's complaints, newest first. */
export async function fetchDisputes(signal?: AbortSignal): Promise<Dispute[]> {
  const { api } = await loadHostApi();
  const response = await api.get('/disputes', { signal });
  return parseResponse(disputesSchema, response.data).disputes;
}

/** POST /disputes/{tracking_number}/confirm: "it was me", outgoing payments resume. */
export async function confirmItWasMe(trackingNumber: string): Promise<Dispute> {
  const { api } = await loadHostApi();
  const response = await api.post(`/disputes/${trackingNumber}/confirm`, {});
  return parseResponse(z.object({ dispute: disputeSchema }), response.data).dispute;
}

export { formatDateTime } from '@ajo/shared/format';

/** The clock against the promised date: "Answer due in 2 days 3 hours" or "Overdue by 5 hours". */
export function promiseClock(respondBy: string, now: Date): string {
  const ms = new Date(respondBy).getTime() - now.getTime();
  const hours = Math.floor(Math.abs(ms) / 3_600_000);
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  const span =
    days > 0
      ? `${days} day${days === 1 ? '' : 's'}${rest ? ` ${rest} hour${rest === 1 ? '' : 's'}` : ''}`
      : hours > 0
        ? `${hours} hour${hours === 1 ? '' : 's'}`
        : 'less than an hour';
  return ms >= 0 ? `Answer due in ${span}` : `Overdue by ${span}`;
}
