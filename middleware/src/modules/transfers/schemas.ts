import {
  bankTransferPayloadSchema,
  nubanSchema,
  requiredString,
  verifyAccountPayloadSchema,
  verifyWalletPayloadSchema,
  walletNumberSchema,
  walletTransferPayloadSchema,
} from '@ajo/shared/schemas';
import { integerRowIdSchema } from '../../http/row-ids.js';
import { z } from 'zod/mini';
import { NAME_ENQUIRY_REQUIRED } from './messages.js';

/*
 * The web app's own payload rules (docs/conventions.md §3) as strict objects, so an unknown field
 * is refused before it reaches a service (OWASP API3).
 */

export const verifyWalletBody = z.strictObject(verifyWalletPayloadSchema.shape);
export const walletTransferBody = z.strictObject(walletTransferPayloadSchema.shape);
export const verifyAccountBody = z.strictObject(verifyAccountPayloadSchema.shape);

/** The transfer must carry the name enquiry it was validated with (SPEC §7 "verification fields"). */
export const bankTransferBody = z.strictObject({
  ...bankTransferPayloadSchema.shape,
  beneficiaryNameEnquiryRefrenceNumber: requiredString(NAME_ENQUIRY_REQUIRED),
});

export const emptyBody = z.optional(z.strictObject({}));

export const paymentReferenceParams = z.strictObject({
  paymentReference: z.string().check(z.regex(/^[A-Za-z0-9:_-]{1,64}$/, 'Transfer not found.')),
});

export const walletParams = z.strictObject({ walletAccountNumber: nubanSchema });
export const recipientParams = z.strictObject({ recipientAccountNumber: walletNumberSchema });
// Bounded to the column's range (integer): 2147483648 is not found, not a database error.
export const beneficiaryIdParams = z.strictObject({
  id: integerRowIdSchema('Beneficiary not found.'),
});
