// What the middleware answers on the public referral calls of SPEC §7 (the referral landing page).
import { z } from './zod';

/** GET /referral/{referral_code}: data.referrer, the first name and last initial only. */
export const referralLookupResponseSchema = z.object({
  message: z.string(),
  data: z.object({ referrer: z.string() }),
});
export type ReferralLookupAnswer = z.infer<typeof referralLookupResponseSchema>;
