import type { FastifyInstance } from 'fastify';
import type { Api } from '../../http/api.js';
import { errors } from '../../http/responses.js';
import { currentUser } from '../../plugins/auth.js';
import { bankTransfersOf } from '../transfers/routes.js';
import { VendService } from '../payments/vend-service.js';
import type { DisputeCategory } from '../../db/schema.js';
import { customerFileLink } from '../storage/upload-service.js';
import { BackOffice } from './back-office.js';
import { findDispute } from './dispute-repository.js';
import {
  DISPUTE_AUTO_OPEN,
  DISPUTE_BACK_OFFICE,
  DISPUTE_NOTICE,
  Disputes,
  type NoticePayload,
} from './dispute-service.js';
import { CONFIRMED_IT_WAS_ME, DISPUTE_RECEIVED } from './messages.js';
import { noticeComplaintUpdate } from './notices.js';
import {
  confirmedSchema,
  disputeResponseSchema,
  disputesResponseSchema,
  emptyBody,
  fileDisputeBody,
  noQuery,
  filedDisputeSchema,
  trackingNumberParams,
  transactionReferenceParams,
} from './schemas.js';

/** The auto-opener looks for stuck transactions this often (a recurring job, one run per interval). */
const AUTO_OPEN_EVERY_SECONDS = 15 * 60;

const services = new WeakMap<FastifyInstance, { disputes: Disputes; backOffice: BackOffice }>();

/** One complaints service per app: the routes and the jobs share it. */
export function disputesOf(app: FastifyInstance) {
  let found = services.get(app);
  if (!found) {
    const log = app.log.child({ component: 'disputes' });
    const disputes = new Disputes({
      db: app.db,
      clock: app.clock,
      jobs: app.jobs,
      log,
      autoOpenHours: app.config.disputes.autoOpenHours,
      attachmentLink: customerFileLink(app.db, app.providers.fileStorage),
    });
    const backOffice = new BackOffice({
      db: app.db,
      clock: app.clock,
      disputes,
      bankTransfers: bankTransfersOf(app),
      vends: new VendService({
        db: app.db,
        clock: app.clock,
        aggregator: app.providers.billAggregator,
        jobs: app.jobs,
        log,
      }),
      notifier: app.providers.notifier,
    });
    found = { disputes, backOffice };
    services.set(app, found);
  }
  return found;
}

/** The back office, the customer's notices and the auto-opener (app.ts `moduleJobs`). */
export function registerDisputeJobs(app: FastifyInstance): void {
  const { disputes, backOffice } = disputesOf(app);
  app.jobs.define<{ trackingNumber: string }>({
    kind: DISPUTE_BACK_OFFICE,
    // The provider is asked again while it has no final answer: about as long as the status job.
    maxAttempts: 50,
    handle: ({ trackingNumber }) => backOffice.handle(trackingNumber),
  });
  app.jobs.define<NoticePayload>({
    kind: DISPUTE_NOTICE,
    handle: async ({ trackingNumber, eventId }) => {
      const dispute = await findDispute(app.db, trackingNumber);
      const event = await app.db
        .selectFrom('dispute_events')
        .selectAll()
        .where('id', '=', eventId)
        .executeTakeFirst();
      if (!dispute || !event) return;
      // The notice tells the step it was queued for, even when the complaint has moved on since.
      await noticeComplaintUpdate(
        { db: app.db, jobs: app.jobs },
        { ...dispute, status: event.status, outcome: event.outcome },
        eventId,
      );
    },
  });
  app.jobs.define<Record<string, never>>({
    kind: DISPUTE_AUTO_OPEN,
    handle: async () => {
      await disputes.autoOpen();
    },
  });
  app.jobs.every(DISPUTE_AUTO_OPEN, AUTO_OPEN_EVERY_SECONDS);
}

/** Report a problem, My reports (docs/decisions/034-complaints-with-a-clock.md). Owner-only. */
export async function disputesRoutes(app: Api) {
  const { disputes } = disputesOf(app);

  app.post(
    '/transactions/:reference/disputes',
    {
      preValidation: app.requireUser,
      schema: {
        params: transactionReferenceParams,
        body: fileDisputeBody,
        response: {
          200: filedDisputeSchema,
          201: filedDisputeSchema,
          ...errors(400, 401, 404, 422),
        },
      },
    },
    async (request, reply) => {
      const { dispute, created } = await disputes.file({
        userId: currentUser(request).id,
        reference: request.params.reference,
        category: request.body.category as DisputeCategory,
        description: request.body.description.trim(),
        attachmentUrl: request.body.attachment_url,
      });
      const full = await disputes.get(dispute.user_id, dispute.tracking_number);
      return reply.code(created ? 201 : 200).send({
        message: DISPUTE_RECEIVED,
        tracking_number: full.tracking_number,
        respond_by: full.respond_by,
        dispute: full,
      });
    },
  );

  app.get(
    '/disputes',
    {
      preValidation: app.requireUser,
      schema: {
        querystring: noQuery,
        response: { 200: disputesResponseSchema, ...errors(400, 401) },
      },
    },
    async (request) => ({ disputes: await disputes.list(currentUser(request).id) }),
  );

  app.get(
    '/disputes/:tracking_number',
    {
      preValidation: app.requireUser,
      schema: {
        params: trackingNumberParams,
        response: { 200: disputeResponseSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => ({
      dispute: await disputes.get(currentUser(request).id, request.params.tracking_number),
    }),
  );

  app.post(
    '/disputes/:tracking_number/confirm',
    {
      preValidation: app.requireUser,
      schema: {
        params: trackingNumberParams,
        body: emptyBody,
        response: {
          200: confirmedSchema,
          ...errors(400, 401, 404, 409),
        },
      },
    },
    async (request) => ({
      message: CONFIRMED_IT_WAS_ME,
      dispute: await disputes.confirmAuthorised(
        currentUser(request).id,
        request.params.tracking_number,
      ),
    }),
  );
}
