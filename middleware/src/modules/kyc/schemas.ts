import { TRANSACTION_PIN_INVALID, TRANSACTION_PIN_MISMATCH } from '@ajo/shared/messages';
import { z } from 'zod/mini';
import { NIN_FORMAT } from '../identity/messages.js';

export const userIdParams = z.strictObject({ id: z.string('id is required') });

/** Issue 5 contract 8: PUT /users/{id} with the NIN entered twice on the dashboard prompt. */
export const ninUpdateBody = z.strictObject({
  nin: z.string(NIN_FORMAT).check(z.trim(), z.regex(/^\d{11}$/, NIN_FORMAT)),
});

/** SPEC §5: transaction PIN exactly 6 digits; mismatch 'Transaction PIN mismatch!'. */
export const createTransactionPinBody = z
  .strictObject({
    transaction_pin: z
      .string(TRANSACTION_PIN_INVALID)
      .check(z.regex(/^\d{6}$/, TRANSACTION_PIN_INVALID)),
    confirm_transaction_pin: z.string(TRANSACTION_PIN_MISMATCH),
  })
  .check(
    z.refine((v) => v.transaction_pin === v.confirm_transaction_pin, {
      error: TRANSACTION_PIN_MISMATCH,
      path: ['confirm_transaction_pin'],
    }),
  );
