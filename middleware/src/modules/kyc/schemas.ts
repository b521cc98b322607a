import { ninUpdatePayloadSchema, pinsMatch, transactionPinPairSchema } from '@ajo/shared/schemas';
import { z } from 'zod/mini';

/*
 * The web app's own schemas (docs/conventions.md §3), tightened into strict objects so an unknown
 * field is refused before it reaches a service (OWASP API3). Object-level checks do not travel with
 * `.shape`, so the PIN pair's comparison is applied again.
 */

/** PUT /users/{id} with the NIN (entered twice on the dashboard prompt). */
export const ninUpdateBody = z.strictObject(ninUpdatePayloadSchema.shape);

/** SPEC §5: transaction PIN exactly 6 digits; mismatch 'Transaction PIN mismatch!'. */
export const createTransactionPinBody = z
  .strictObject(transactionPinPairSchema.shape)
  .check(pinsMatch);
