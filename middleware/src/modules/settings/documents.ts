import { DOCUMENT_UPLOADED, SERVER_DOCUMENT_EXISTS } from '@ajo/shared/messages';
import { PROOF_OF_RESIDENCE_DOCUMENT_TYPE_ID } from '@ajo/shared/constants';
import type { IdentityDocumentItem } from '@ajo/shared/schemas';
import { sql, type Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import { AppError, conflict, forbidden } from '../../errors.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { DocumentReviewer } from '../../providers/document-review/index.js';
import { UPLOAD_TYPES } from '../storage/magic-bytes.js';
import {
  DOCUMENT_FOR_ANOTHER_USER,
  DOCUMENT_NOT_UPLOADED,
  DOCUMENT_NUMBER_INVALID,
  UNKNOWN_DOCUMENT_TYPE,
} from './messages.js';

/**
 * The document types a customer may upload (core-banking client identifier types). SPEC §3 / §9:
 * id 32 is Proof of Residence; the others are identity documents.
 */
export const DOCUMENT_TYPES = [
  { id: 1, name: 'International Passport' },
  { id: 2, name: "Driver's Licence" },
  { id: 3, name: 'National Identity Card' },
  { id: 4, name: "Permanent Voter's Card" },
  { id: PROOF_OF_RESIDENCE_DOCUMENT_TYPE_ID, name: 'Proof of Residence' },
] as const;

const DOCUMENT_NUMBER = /^[A-Za-z0-9]{5,30}$/;
/** The generated key of a proof of residence: the web app makes it, random and URL-safe. */
const GENERATED_KEY = /^[A-Za-z0-9_-]{8,64}$/;

export const DOCUMENT_REVIEW = 'kyc.document-review';
interface ReviewJob {
  documentId: string;
}

type Db = Kysely<Database>;

export interface NewDocument {
  document_url: string;
  document_name: string;
  document_id: string | number;
  document_key: string;
  user_id: string | number;
}

const toItem = (row: {
  id: string;
  description: string;
  document_key: string;
  document_type_id: number;
  review_status: 'pending' | 'approved' | 'rejected';
  review_note: string | null;
  created_at: Date;
}): IdentityDocumentItem => ({
  id: row.id,
  description: row.description,
  documentKey: row.document_key,
  document_type_id: row.document_type_id,
  status: row.review_status,
  review_note: row.review_note,
  created_at: row.created_at.toISOString(),
});

const COLUMNS = [
  'id',
  'description',
  'document_key',
  'document_type_id',
  'review_status',
  'review_note',
  'created_at',
] as const;

/**
 * Identity documents and the tier they earn (docs/domain.md "KYC tiers": tier 3 is full KYC, with
 * an address and an ID document). A document is stored 'pending' and reviewed by the
 * document-review provider in a job queued in the same transaction; once a verified customer has an
 * approved proof of residence and an approved identity document, users.kyc_tier becomes 3 and the
 * limits of src/money/limits.ts follow.
 */
export class IdentityDocuments {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      jobs: Pick<JobQueue, 'define' | 'enqueue'>;
      reviewer: DocumentReviewer;
    },
  ) {}

  /** The review job (src/jobs), defined at start before any route enqueues it. */
  registerJobs(): void {
    this.deps.jobs.define<ReviewJob>({
      kind: DOCUMENT_REVIEW,
      handle: async ({ documentId }, ctx) => this.review(documentId, ctx.now()),
    });
  }

  async list(userId: string): Promise<IdentityDocumentItem[]> {
    const rows = await this.deps.db
      .selectFrom('identity_documents')
      .select(COLUMNS)
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(toItem);
  }

  /**
   * POST /identity-documents. The file must be one this customer uploaded through the storage
   * module, which already checked its content (JPEG, PNG or PDF by magic bytes) and its size. One
   * document per type; a rejected one may be replaced. 'Error adding client identifier document'
   * (SPEC §8) for a duplicate, as the core banking system answers it.
   */
  async add(userId: string, input: NewDocument) {
    const { db, clock } = this.deps;
    if (String(input.user_id) !== userId) throw forbidden(DOCUMENT_FOR_ANOTHER_USER);
    const type = DOCUMENT_TYPES.find((t) => t.id === Number(input.document_id));
    if (!type) throw new AppError(400, UNKNOWN_DOCUMENT_TYPE, 'UNKNOWN_DOCUMENT_TYPE');
    const key = input.document_key.trim();
    const keyRule =
      type.id === PROOF_OF_RESIDENCE_DOCUMENT_TYPE_ID ? GENERATED_KEY : DOCUMENT_NUMBER;
    if (!keyRule.test(key)) throw new AppError(400, DOCUMENT_NUMBER_INVALID, 'BAD_DOCUMENT_KEY');
    const upload = await db
      .selectFrom('uploads')
      .select(['content_type'])
      .where('user_id', '=', userId)
      .where('url', '=', input.document_url)
      .executeTakeFirst();
    if (!upload || !(UPLOAD_TYPES as readonly string[]).includes(upload.content_type))
      throw new AppError(422, DOCUMENT_NOT_UPLOADED, 'DOCUMENT_NOT_UPLOADED');

    const now = clock.now();
    try {
      const row = await db.transaction().execute(async (trx) => {
        const stored = await trx
          .insertInto('identity_documents')
          .values({
            user_id: userId,
            document_type_id: type.id,
            description: type.name,
            document_key: key,
            document_name: input.document_name.trim(),
            document_url: input.document_url,
            created_at: now,
          })
          .onConflict((oc) =>
            oc
              .columns(['user_id', 'document_type_id'])
              .doUpdateSet({
                document_key: key,
                document_name: input.document_name.trim(),
                document_url: input.document_url,
                review_status: 'pending',
                review_note: null,
                reviewed_at: null,
                created_at: now,
              })
              // Only a rejected document may be replaced; an accepted or pending one stays.
              .where('identity_documents.review_status', '=', 'rejected'),
          )
          .returning(COLUMNS)
          .executeTakeFirst();
        if (stored) {
          const job: ReviewJob = { documentId: stored.id };
          await this.deps.jobs.enqueue(DOCUMENT_REVIEW, job, { trx });
        }
        return stored;
      });
      if (!row) throw conflict(SERVER_DOCUMENT_EXISTS, 'DOCUMENT_EXISTS');
      return { message: DOCUMENT_UPLOADED, document: toItem(row) };
    } catch (error) {
      // The same document number on another account (identity_documents_key_once).
      if ((error as { code?: unknown }).code === '23505')
        throw conflict(SERVER_DOCUMENT_EXISTS, 'DOCUMENT_EXISTS');
      throw error;
    }
  }

  /** The review job: asks the provider once per pending document, then re-grades the tier. */
  async review(documentId: string, now: Date): Promise<void> {
    const { db, reviewer } = this.deps;
    const doc = await db
      .selectFrom('identity_documents as d')
      .innerJoin('uploads as u', (join) =>
        join.onRef('u.user_id', '=', 'd.user_id').onRef('u.url', '=', 'd.document_url'),
      )
      .select([
        'd.user_id',
        'd.document_type_id',
        'd.document_key',
        'd.document_name',
        'd.document_url',
        'u.content_type',
      ])
      .where('d.id', '=', documentId)
      .where('d.review_status', '=', 'pending')
      .executeTakeFirst();
    if (!doc) return;
    const verdict = await reviewer.review({
      documentTypeId: doc.document_type_id,
      documentKey: doc.document_key,
      documentName: doc.document_name,
      contentType: doc.content_type,
    });
    await db.transaction().execute(async (trx) => {
      // The customer's row first: two reviews of one customer (run in parallel by the queue) take
      // turns, so the second sees the first's verdict when it grades the tier (no write skew).
      await trx
        .selectFrom('users')
        .select('id')
        .where('id', '=', doc.user_id)
        .forUpdate()
        .execute();
      // Conditional on the same file still pending: a replaced document waits for its own job.
      const updated = await trx
        .updateTable('identity_documents')
        .set({
          review_status: verdict.outcome,
          review_note: verdict.outcome === 'rejected' ? verdict.note : null,
          reviewed_at: now,
        })
        .where('id', '=', documentId)
        .where('review_status', '=', 'pending')
        .where('document_url', '=', doc.document_url)
        .returning('id')
        .executeTakeFirst();
      if (updated && verdict.outcome === 'approved') await promoteToTier3(trx, doc.user_id, now);
    });
  }
}

/**
 * Tier 3 once the customer is verified (BVN or NIN with a face photo: tier 2) and has an approved
 * proof of residence and an approved identity document. One conditional statement: repeats and
 * parallel reviews change nothing more, and a tier is never lowered here.
 */
export async function promoteToTier3(db: Db, userId: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('users')
    .set({ kyc_tier: 3, updated_at: now })
    .where('id', '=', userId)
    .where('is_verified', '=', true)
    .where((eb) => eb.or([eb('kyc_tier', 'is', null), eb('kyc_tier', '<', 3)]))
    .where(
      sql<boolean>`exists (select 1 from identity_documents d where d.user_id = users.id
        and d.review_status = 'approved' and d.document_type_id = ${PROOF_OF_RESIDENCE_DOCUMENT_TYPE_ID})`,
    )
    .where(
      sql<boolean>`exists (select 1 from identity_documents d where d.user_id = users.id
        and d.review_status = 'approved' and d.document_type_id <> ${PROOF_OF_RESIDENCE_DOCUMENT_TYPE_ID})`,
    )
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
