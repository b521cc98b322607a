import {
  airtimePayloadSchema,
  cableBouquetsPayloadSchema,
  cableTvPayloadSchema,
  dataPayloadSchema,
  electricityPayloadSchema,
  requiredString,
  verifyMeterPayloadSchema,
  verifySmartcardPayloadSchema,
} from '@ajo/shared/schemas';
import { z } from 'zod/mini';

/*
 * The web app's own rules (docs/conventions.md §3), tightened into strict objects so an unknown
 * field is refused before it reaches a service.
 */
export const airtimeBody = z.strictObject(airtimePayloadSchema.shape);
export const dataBody = z.strictObject(dataPayloadSchema.shape);
export const electricityBody = z.strictObject(electricityPayloadSchema.shape);
export const verifyMeterBody = z.strictObject(verifyMeterPayloadSchema.shape);
export const serviceTypesBody = z.strictObject({});
export const cableTvBody = z.strictObject(cableTvPayloadSchema.shape);
export const cableProvidersBody = z.strictObject({});
export const cableBouquetsBody = z.strictObject(cableBouquetsPayloadSchema.shape);
export const verifySmartcardBody = z.strictObject(verifySmartcardPayloadSchema.shape);
export const noQuery = z.strictObject({});
export const paymentParams = z.strictObject({
  reference: requiredString('A reference is required.').check(z.maxLength(100)),
});
