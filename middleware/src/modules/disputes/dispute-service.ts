import { sql, type Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database, DisputeCategory } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { JobLogger, JobQueue } from '../../jobs/queue.js';
import { isUsersUpload } from '../storage/upload-repository.js';
import {
  changeStatus,
  eventsOf,
  findDispute,
  findOpenDispute,
  findOwnEntry,
  listDisputes,
  type DisputeEventRow,
  type DisputeRow,
} from './dispute-repository.js';
import {
  ATTACHMENT_NOT_YOURS,
  DISPUTE_NOT_FOUND,
  NOT_A_FROZEN_REPORT,
  TRANSACTION_NOT_FOUND,
} from './messages.js';
import { CATEGORY_LABELS, newTrackingNumber, respondBy } from './rules.js';

export const DISPUTE_BACK_OFFICE = 'disputes.back-office';
export const DISPUTE_NOTICE = 'disputes.notice';
export const DISPUTE_AUTO_OPEN = 'disputes.auto-open';
/** The sandbox back office looks at a complaint this long after it arrives (run-now: at once). */
export const BACK_OFFICE_DELAY_SECONDS = 10 * 60;

export interface NoticePayload {
  trackingNumber: string;
  eventId: number;
}

export interface FileDisputeInput {
  userId: string;
  reference: string;
  category: DisputeCategory;
  description: string;
  attachmentUrl?: string | undefined;
  autoOpened?: boolean;
}

export interface Filed {
  dispute: DisputeRow;
  /** False when an open complaint about this transaction already existed (it is returned). */
  created: boolean;
}

/** A complaint as the customer reads it, with its timeline. */
export function present(dispute: DisputeRow, events: DisputeEventRow[]) {
  return {
    tracking_number: dispute.tracking_number,
    reference: dispute.reference,
    category: dispute.category,
    category_label: CATEGORY_LABELS[dispute.category],
    description: dispute.description,
    attachment_url: dispute.attachment_url,
    status: dispute.status,
    outcome: dispute.outcome,
    outcome_reason: dispute.outcome_reason,
    refund_reference: dispute.refund_reference,
    auto_opened: dispute.auto_opened,
    respond_by: dispute.respond_by.toISOString(),
    created_at: dispute.created_at.toISOString(),
    timeline: events
      .filter((e) => e.tracking_number === dispute.tracking_number)
      .map((e) => ({
        status: e.status,
        outcome: e.outcome,
        note: e.note,
        at: e.created_at.toISOString(),
      })),
  };
}

export class Disputes {
  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      clock: Clock;
      jobs: JobQueue;
      log: JobLogger;
      autoOpenHours: number;
      /** A short-lived link to the customer's attachment (src/modules/storage/upload-service.ts). */
      attachmentLink?: (userId: string, url: string) => Promise<string | null>;
    },
  ) {}

  /**
   * Files a complaint about one of the customer's own transactions and answers at once with its
   * tracking number and promised date. One open complaint per transaction: the insert skips on the
   * partial unique index, so any number of identical reports at once leave one complaint, and each
   * caller gets it. "Not authorised by me" pauses the customer's outgoing money in the same
   * transaction (docs/decisions/034-complaints-with-a-clock.md).
   */
  async file(input: FileDisputeInput): Promise<Filed> {
    const { db } = this.deps;
    const entry = await findOwnEntry(db, input.userId, input.reference);
    if (!entry) throw new AppError(404, TRANSACTION_NOT_FOUND, 'TRANSACTION_NOT_FOUND');
    const existing = await findOpenDispute(db, input.userId, input.reference);
    if (existing) return { dispute: existing, created: false };
    if (input.attachmentUrl && !(await isUsersUpload(db, input.userId, input.attachmentUrl))) {
      throw new AppError(422, ATTACHMENT_NOT_YOURS, 'ATTACHMENT_NOT_YOURS');
    }
    // A clash of random tracking numbers (one in a billion a day) just draws again.
    for (let attempt = 0; attempt < 5; attempt++) {
      const filed = await db.transaction().execute(async (trx) => this.insert(trx, input));
      if (filed) return filed;
    }
    throw new Error('could not draw a free tracking number');
  }

  private async insert(trx: Kysely<Database>, input: FileDisputeInput): Promise<Filed | null> {
    const now = this.deps.clock.now();
    const trackingNumber = newTrackingNumber(now);
    const inserted = await trx
      .insertInto('disputes')
      .values({
        tracking_number: trackingNumber,
        user_id: input.userId,
        reference: input.reference,
        category: input.category,
        description: input.description,
        attachment_url: input.attachmentUrl ?? null,
        auto_opened: input.autoOpened ?? false,
        respond_by: respondBy(input.category, now),
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!inserted) {
      const open = await findOpenDispute(trx, input.userId, input.reference);
      // Not the open complaint: the tracking number was taken; the caller draws another.
      return open ? { dispute: open, created: false } : null;
    }
    const event = await trx
      .insertInto('dispute_events')
      .values({
        tracking_number: trackingNumber,
        status: 'received',
        outcome: null,
        note: input.autoOpened
          ? `Opened automatically: the transaction was still pending after ${this.deps.autoOpenHours} hours.`
          : 'Received.',
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (input.category === 'not_authorised') {
      await trx
        .updateTable('users')
        .set({ outgoing_frozen_by: trackingNumber })
        .where('id', '=', input.userId)
        .execute();
    }
    await this.deps.jobs.enqueue(
      DISPUTE_NOTICE,
      { trackingNumber, eventId: event.id } satisfies NoticePayload,
      { trx, dedupeKey: `${trackingNumber}:${event.id}` },
    );
    await this.deps.jobs.enqueue(
      DISPUTE_BACK_OFFICE,
      { trackingNumber },
      { trx, dedupeKey: trackingNumber, delaySeconds: BACK_OFFICE_DELAY_SECONDS },
    );
    return { dispute: inserted, created: true };
  }

  async list(userId: string) {
    const disputes = await listDisputes(this.deps.db, userId);
    const events = await eventsOf(
      this.deps.db,
      disputes.map((d) => d.tracking_number),
    );
    return Promise.all(disputes.map((d) => this.withLink(present(d, events), d)));
  }

  /** The customer's own complaint, else 404 (a stranger never learns a tracking number exists). */
  async get(userId: string, trackingNumber: string) {
    const dispute = await this.own(userId, trackingNumber);
    const events = await eventsOf(this.deps.db, [trackingNumber]);
    return this.withLink(present(dispute, events), dispute);
  }

  /** The attachment as the customer can open it: uploads are private, links expire. */
  private async withLink<P extends object>(presented: P, dispute: DisputeRow) {
    const url = dispute.attachment_url;
    const link =
      url && this.deps.attachmentLink ? await this.deps.attachmentLink(dispute.user_id, url) : null;
    return { ...presented, attachment_link: link };
  }

  private async own(userId: string, trackingNumber: string): Promise<DisputeRow> {
    const dispute = await findDispute(this.deps.db, trackingNumber);
    if (!dispute || dispute.user_id !== userId) {
      throw new AppError(404, DISPUTE_NOT_FOUND, 'DISPUTE_NOT_FOUND');
    }
    return dispute;
  }

  /**
   * "It was me after all": the customer confirms a transaction they reported as not authorised.
   * The complaint is resolved (declined, at their word) and their outgoing money resumes.
   */
  async confirmAuthorised(userId: string, trackingNumber: string) {
    const dispute = await this.own(userId, trackingNumber);
    if (dispute.category !== 'not_authorised') {
      throw new AppError(409, NOT_A_FROZEN_REPORT, 'NOT_A_FROZEN_REPORT');
    }
    await this.deps.db.transaction().execute(async (trx) => {
      await this.resolve(trx, trackingNumber, {
        status: 'resolved',
        outcome: 'declined',
        reason: 'You confirmed that you made this transaction.',
        note: 'You confirmed that you made this transaction.',
        at: this.deps.clock.now(),
      });
      await unfreeze(trx, userId, trackingNumber);
    });
    return this.get(userId, trackingNumber);
  }

  /** Changes a complaint and queues the customer's notice with it (nothing when already there). */
  async resolve(
    trx: Kysely<Database>,
    trackingNumber: string,
    change: Parameters<typeof changeStatus>[2],
  ): Promise<DisputeRow | undefined> {
    const changed = await changeStatus(trx, trackingNumber, change);
    if (!changed) return undefined;
    const [event] = await trx
      .selectFrom('dispute_events')
      .select('id')
      .where('tracking_number', '=', trackingNumber)
      .orderBy('id', 'desc')
      .limit(1)
      .execute();
    if (event) {
      await this.deps.jobs.enqueue(
        DISPUTE_NOTICE,
        { trackingNumber, eventId: event.id } satisfies NoticePayload,
        { trx, dedupeKey: `${trackingNumber}:${event.id}` },
      );
    }
    return changed;
  }

  /**
   * Opens a complaint for each bank transfer or bill payment still pending after
   * DISPUTE_AUTO_OPEN_HOURS that has none yet (a recurring job; the unique index makes two
   * instances, or the customer filing at the same moment, leave one complaint).
   */
  async autoOpen(): Promise<number> {
    const { db, clock, autoOpenHours } = this.deps;
    const cutoff = new Date(clock.now().getTime() - autoOpenHours * 3600 * 1000);
    const stuck = await sql<{ reference: string; user_id: string; kind: 'transfer' | 'bill' }>`
      select reference, user_id, 'transfer' as kind from outbound_transfers t
        where status = 'pending' and created_at <= ${cutoff}
          and not exists (select 1 from disputes d where d.user_id = t.user_id and d.reference = t.reference)
      union all
      select reference, user_id, 'bill' as kind from bill_payments b
        where status = 'pending' and created_at <= ${cutoff}
          and not exists (select 1 from disputes d where d.user_id = b.user_id and d.reference = b.reference)
      limit 500`.execute(db);
    let opened = 0;
    for (const row of stuck.rows) {
      const filed = await this.file({
        userId: row.user_id,
        reference: row.reference,
        category: row.kind === 'transfer' ? 'money_not_arrived' : 'bill_not_delivered',
        description: `Still pending after ${autoOpenHours} hours.`,
        autoOpened: true,
      });
      if (filed.created) opened++;
    }
    if (opened > 0) this.deps.log.info({ opened }, 'complaints opened for pending transactions');
    return opened;
  }
}

/**
 * Lifts the pause this complaint put on the customer's outgoing money; another open "not authorised
 * by me" complaint of theirs (already resolved ones excluded) keeps it paused under its own number.
 */
export async function unfreeze(trx: Kysely<Database>, userId: string, trackingNumber: string) {
  await trx
    .updateTable('users')
    .set({
      outgoing_frozen_by: sql<string | null>`(select d.tracking_number from disputes d
        where d.user_id = ${userId} and d.category = 'not_authorised' and d.status <> 'resolved'
          and d.tracking_number <> ${trackingNumber}
        order by d.created_at limit 1)`,
    })
    .where('id', '=', userId)
    .where('outgoing_frozen_by', '=', trackingNumber)
    .execute();
}
