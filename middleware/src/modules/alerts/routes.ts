import { userIdParamsSchema } from '@ajo/shared/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Api } from '../../http/api.js';
import { errors } from '../../http/responses.js';
import { assertOwnsUser, currentUser } from '../../plugins/auth.js';
import { defineAlertJobs, DERIVE_ALERTS_JOB, DERIVE_EVERY_SECONDS } from './alert-jobs.js';
import { listAlerts, markAlertsRead } from './alert-list.js';
import { alertChannelsOf, chooseAlertChannels } from './channels.js';
import {
  ALERT_PAGE_DEFAULT,
  alertChannelsBodySchema,
  alertChannelsResponseSchema,
  alertsQuerySchema,
  alertsResponseSchema,
  markReadBodySchema,
  unreadResponseSchema,
} from './schemas.js';

/** The alert jobs (src/jobs), defined at start; derivation recurs on every instance's poll. */
export function registerAlertJobs(app: FastifyInstance): void {
  defineAlertJobs(app.jobs, { db: app.db, notifier: app.providers.notifier, clock: app.clock });
  app.jobs.every(DERIVE_ALERTS_JOB, DERIVE_EVERY_SECONDS);
}

/** Debit and credit alerts: the in-app list and the customer's channels (docs/decisions/033). */
export async function alertsRoutes(app: Api) {
  // OWASP API1: another customer's id is 403 before the body is looked at, as the users routes do.
  const ownId = async (request: FastifyRequest) =>
    assertOwnsUser(request, (request.params as { id: string }).id);
  const channelsAnswer = async (userId: string) => {
    const { sms, email, hasEmail } = await alertChannelsOf(app.db, userId);
    return { sms, email, has_email: hasEmail };
  };

  app.get(
    '/alerts',
    {
      preValidation: app.requireUser,
      schema: {
        querystring: alertsQuerySchema,
        response: { 200: alertsResponseSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) =>
      listAlerts(app.db, currentUser(request).id, {
        limit: Number(request.query.limit ?? ALERT_PAGE_DEFAULT),
        before: request.query.before,
      }),
  );

  app.post(
    '/alerts/read',
    {
      preValidation: app.requireUser,
      schema: {
        body: markReadBodySchema,
        response: { 200: unreadResponseSchema, ...errors(400, 401) },
      },
    },
    async (request) => ({
      unread: await markAlertsRead(app.db, currentUser(request).id, request.body, app.clock.now()),
    }),
  );

  app.get(
    '/users/:id/alert-channels',
    {
      preValidation: [app.requireUser, ownId],
      schema: {
        params: userIdParamsSchema,
        response: { 200: alertChannelsResponseSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => channelsAnswer(currentUser(request).id),
  );

  app.put(
    '/users/:id/alert-channels',
    {
      config: { encrypted: true },
      preValidation: [app.requireUser, ownId],
      schema: {
        params: userIdParamsSchema,
        body: alertChannelsBodySchema,
        response: { 200: alertChannelsResponseSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await chooseAlertChannels(app.db, userId, request.body, app.clock.now());
      return channelsAnswer(userId);
    },
  );
}
