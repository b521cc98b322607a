import { messageResponseSchema, referralLookupResponseSchema } from '@ajo/shared/schemas';
import type { Api } from '../../http/api.js';
import { errors } from '../../http/responses.js';
import { INVITE_RECORDED, REFERRER_FOUND } from './messages.js';
import { ReferralService } from './referral-service.js';
import { referralCodeParams, referralInviteBody } from './schemas.js';

export { registerReferralJobs } from './rewards.js';

/**
 * SPEC §7 public referral calls behind the referral landing page (no sign-in, plain JSON). Both are
 * rate-limited per client like sign-up's OTP sending: they tell whether a code or a number exists.
 */
export async function referralsRoutes(app: Api) {
  const service = new ReferralService({ db: app.db, clock: app.clock });
  const limit = app.limitAttempts({ name: 'referral', max: app.config.rateLimit.max * 6 });

  app.get(
    '/referral/:referral_code',
    {
      preValidation: limit,
      schema: {
        params: referralCodeParams,
        response: { 200: referralLookupResponseSchema, ...errors(400, 404, 429) },
      },
    },
    async (request) => ({
      message: REFERRER_FOUND,
      data: { referrer: await service.referrerName(request.params.referral_code) },
    }),
  );

  app.post(
    '/referral',
    {
      preValidation: limit,
      schema: {
        body: referralInviteBody,
        response: {
          200: messageResponseSchema,
          201: messageResponseSchema,
          ...errors(400, 404, 409, 429),
        },
      },
    },
    async (request, reply) => {
      const { referral_code, phone_number } = request.body;
      const created = await service.invite(referral_code, phone_number);
      return reply.code(created ? 201 : 200).send({ message: INVITE_RECORDED });
    },
  );
}
