import {
  amountValueSchema,
  bankToWalletPayloadSchema,
  nubanSchema,
  requiredString,
} from '@ajo/shared/schemas';
import { z } from 'zod/mini';

/*
 * The web app's own rules (docs/conventions.md §3), tightened into strict objects so an unknown
 * field is refused before it reaches a service (OWASP API3).
 */

/** SPEC §3 / §5 bank-to-wallet payload (the phone is the shared phone rule, sent as 234…). */
export const bankToWalletBody = z.strictObject(bankToWalletPayloadSchema.shape);

/** The sandbox bank switch's inbound credit (server to server). */
export const inboundTransferBody = z.strictObject({
  account_number: nubanSchema,
  amount: amountValueSchema,
  sender_name: requiredString('sender_name is required').check(z.maxLength(80)),
  sender_bank: requiredString('sender_bank is required').check(z.maxLength(80)),
  reference: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.regex(/^[A-Za-z0-9._:-]{1,64}$/, 'reference must be 1-64 letters, digits or ._:-'),
      ),
  ),
});
