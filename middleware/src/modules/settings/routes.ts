import {
  accountClosurePayloadSchema,
  bvnSchema,
  bvnUpdateSchema,
  documentTypesResponseSchema,
  identityDocumentCreatedResponseSchema,
  identityDocumentPayloadSchema,
  identityDocumentsResponseSchema,
  messageResponseSchema,
  pinsMatch,
  referralsResponseSchema,
  statementRequestSchema,
  transactionPinResetPayloadSchema,
  transactionPinSchema,
  userIdParamsSchema,
} from '@ajo/shared/schemas';
import { z } from 'zod/mini';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Api } from '../../http/api.js';
import { errors } from '../../http/responses.js';
import { TransactionPinGuard } from '../../money/transaction-pin-guard.js';
import { assertOwnsUser, assertOwnsWallet, currentUser } from '../../plugins/auth.js';
import { OtpRepository } from '../auth/otp-repository.js';
import { OtpService } from '../auth/otp-service.js';
import { phoneQuery } from '../auth/schemas.js';
import { emptyBody } from '../transfers/schemas.js';
import { AccountSettings } from './account-settings.js';
import { DOCUMENT_TYPES, IdentityDocuments } from './documents.js';
import { statementSent } from './messages.js';
import { assertStatementPeriod, buildStatement, renderStatementPdf } from './statement.js';

const identityDocumentsOf = (app: FastifyInstance) =>
  new IdentityDocuments({
    db: app.db,
    clock: app.clock,
    jobs: app.jobs,
    reviewer: app.providers.documentReview,
  });

/** The document review job (src/jobs), defined before any route enqueues it. */
export function registerDocumentReviewJobs(app: FastifyInstance): void {
  identityDocumentsOf(app).registerJobs();
}

// The web app's schemas, tightened into strict objects (OWASP API3); object-level checks do not
// travel with `.shape`, so the PIN pair's comparison is applied again.
const bvnBody = z.strictObject(bvnUpdateSchema.shape);
const bvnRevealBody = z.strictObject({ transaction_pin: transactionPinSchema });
const bvnRevealResponseSchema = z.object({ bvn: bvnSchema });
const documentBody = z.strictObject(identityDocumentPayloadSchema.shape);
const pinResetBody = z.strictObject(transactionPinResetPayloadSchema.shape).check(pinsMatch);
const closureBody = z.strictObject(accountClosurePayloadSchema.shape);
const referralParams = z.strictObject({ userId: userIdParamsSchema.shape.id });

/** SPEC §2 "Settings" and its calls (SPEC §7 "Verification" and "Other"). */
export async function settingsRoutes(app: Api) {
  const identityDocuments = identityDocumentsOf(app);
  const settings = new AccountSettings({
    db: app.db,
    clock: app.clock,
    secrets: app.secrets,
    otps: new OtpService({
      repository: new OtpRepository(app.db),
      notifier: app.providers.notifier,
      clock: app.clock,
      secrets: app.secrets,
    }),
    pinGuard: new TransactionPinGuard({ db: app.db, secrets: app.secrets, clock: app.clock }),
    identity: app.providers.identity,
  });
  const { max } = app.config.rateLimit;
  const limitOtpSending = app.limitAttempts({ name: 'transaction-pin-otp-send', max: max * 2 });
  const limitOtpChecking = app.limitAttempts({ name: 'transaction-pin-otp-check', max: max * 4 });
  const limitStatements = app.limitAttempts({ name: 'statement', max: max * 2 });

  // OWASP API1: another customer's id is 403 before the body is looked at (preValidation runs
  // after the envelope is opened and before the schemas are checked).
  const ownId = async (request: FastifyRequest) =>
    assertOwnsUser(request, (request.params as { id: string }).id);

  app.post(
    '/users/:id/update-bvn',
    {
      config: { encrypted: true },
      preValidation: [app.requireUser, ownId],
      schema: {
        params: userIdParamsSchema,
        body: bvnBody,
        response: { 200: messageResponseSchema, ...errors(400, 401, 403, 409, 422) },
      },
    },
    async (request) => settings.updateBvn(currentUser(request).id, request.body.bvn),
  );

  app.post(
    '/users/:id/reveal-bvn',
    {
      config: { encrypted: true },
      preValidation: [app.requireUser, ownId],
      schema: {
        params: userIdParamsSchema,
        body: bvnRevealBody,
        response: { 200: bvnRevealResponseSchema, ...errors(400, 401, 403, 404, 429) },
      },
    },
    async (request) => settings.revealBvn(currentUser(request).id, request.body.transaction_pin),
  );

  app.get(
    '/identity-documents',
    {
      preValidation: app.requireUser,
      schema: {
        querystring: z.strictObject({}),
        response: { 200: documentTypesResponseSchema, ...errors(400, 401) },
      },
    },
    async () => ({ documents: DOCUMENT_TYPES.map((t) => ({ id: t.id, name: t.name })) }),
  );

  app.post(
    '/identity-documents',
    {
      config: { encrypted: true },
      preValidation: app.requireUser,
      schema: {
        body: documentBody,
        response: {
          201: identityDocumentCreatedResponseSchema,
          ...errors(400, 401, 403, 409, 422),
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await identityDocuments.add(currentUser(request).id, request.body)),
  );

  app.post(
    '/users/:id/get-identity-documents',
    {
      config: { encrypted: true },
      preValidation: [app.requireUser, ownId],
      schema: {
        params: userIdParamsSchema,
        body: emptyBody,
        response: { 200: identityDocumentsResponseSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => ({ documents: await identityDocuments.list(currentUser(request).id) }),
  );

  app.get(
    '/auth/get-otp',
    {
      preValidation: [app.requireUser, limitOtpSending],
      schema: {
        querystring: phoneQuery,
        response: { 200: messageResponseSchema, ...errors(400, 401, 403, 429) },
      },
    },
    async (request) =>
      settings.requestPinResetOtp(currentUser(request).id, request.query.phone_number),
  );

  app.post(
    '/users/:id/reset-transaction-pin',
    {
      config: { encrypted: true },
      preValidation: [app.requireUser, ownId, limitOtpChecking],
      schema: {
        params: userIdParamsSchema,
        body: pinResetBody,
        response: { 200: messageResponseSchema, ...errors(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const { phone_number, otp, transaction_pin } = request.body;
      const user = currentUser(request);
      const answer = await settings.resetTransactionPin(
        user.id,
        phone_number,
        otp,
        transaction_pin,
      );
      // Whoever else was signed in may have watched the old PIN: only this session stays
      // (docs/decisions/015-sessions-ended-on-the-server.md).
      await app.tokens.endAllFor(user.id, 'transaction-pin-reset', {
        exceptSessionId: user.sessionId,
      });
      return answer;
    },
  );

  app.get(
    '/referrals/:userId',
    {
      preValidation: [
        app.requireUser,
        async (request) => assertOwnsUser(request, (request.params as { userId: string }).userId),
      ],
      schema: {
        params: referralParams,
        response: { 200: referralsResponseSchema, ...errors(401, 403) },
      },
    },
    async (request) => settings.referrals(currentUser(request).id),
  );

  app.get(
    '/transaction-history/statement',
    {
      preValidation: [app.requireUser, limitStatements],
      preHandler: async (request) => assertOwnsWallet(request, request.query.wallet_number),
      schema: {
        querystring: statementRequestSchema,
        response: { 200: messageResponseSchema, ...errors(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const { wallet_number, email, start_date, end_date } = request.query;
      const now = app.clock.now();
      assertStatementPeriod(start_date, end_date, now);
      const statement = await buildStatement(app.db, wallet_number, start_date, end_date);
      const pdf = await renderStatementPdf(statement, now);
      await app.providers.notifier.sendEmail({
        to: email,
        subject: `Your Ajo Wallet statement, ${start_date} to ${end_date}`,
        body: `Dear ${statement.customerName || 'customer'},\n\nAttached is the statement of your wallet ${wallet_number} from ${start_date} to ${end_date}.\n\nAjo Wallet`,
        attachments: [
          {
            filename: `statement-${wallet_number}-${start_date}-to-${end_date}.pdf`,
            contentType: 'application/pdf',
            bytes: pdf,
          },
        ],
      });
      return { message: statementSent(email) };
    },
  );

  app.post(
    '/users/:id/request-account-closure',
    {
      preValidation: [app.requireUser, ownId],
      schema: {
        params: userIdParamsSchema,
        body: closureBody,
        response: { 200: messageResponseSchema, ...errors(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const answer = await settings.requestClosure(user.id, request.body.reason);
      // A closed account has no session left on any device, this one included.
      await app.tokens.endAllFor(user.id, 'account-closed');
      return answer;
    },
  );
}
