// What every money call (SPEC §4 purchase/transfer flow) carries and may answer besides its own
// result: the client reference header and the step-up challenge (202).
import { CLIENT_REFERENCE_REQUIRED } from '@ajo/shared/messages';
import { z } from './zod';

/**
 * The Idempotency-Key header's rule. The web client generates the key (@ajo/shared/money-flow,
 * which names the header); this module stays free of browser types because the middleware
 * compiles it too.
 */
const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

export const idempotencyKeySchema = z
  .string(CLIENT_REFERENCE_REQUIRED)
  .check(z.regex(IDEMPOTENCY_KEY_PATTERN, CLIENT_REFERENCE_REQUIRED));

/** Headers of a money call as the server reads them (lower-case names; other headers pass). */
export const moneyCallHeadersSchema = z.object({ 'idempotency-key': idempotencyKeySchema });

/**
 * 202 on a money call at or above the step-up amount: an OTP went to `recipient` (unmasked:
 * 234… or an e-mail; the client masks it, SPEC §9). Repeat the call with `otp` to proceed.
 */
export const stepUpChallengeSchema = z.object({
  message: z.string(),
  notificationChannel: z.enum(['phone', 'email']),
  recipient: z.string().check(z.minLength(1)),
});
export type StepUpChallenge = z.infer<typeof stepUpChallengeSchema>;

/** SPEC §7 result status of a transfer or purchase. */
export const moneyCallStatusSchema = z.enum(['successful', 'pending', 'failed']);
