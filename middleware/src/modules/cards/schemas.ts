import {
  activateCardPayloadSchema,
  cardIdSchema,
  requestCardPayloadSchema,
  revealCardPayloadSchema,
} from '@ajo/shared/schemas';
import { z } from 'zod/mini';

/*
 * The card calls' schemas. The bodies and answers are the cards remote's own (@ajo/shared/schemas
 * cards.ts and api-cards.ts), strict objects: an unknown field is refused, OWASP API3.
 */
export {
  cardAnswerSchema,
  cardRequestedSchema,
  cardSchema,
  cardsResponseSchema,
  deliveryAddressSchema,
  revealedCardSchema,
} from '@ajo/shared/schemas';

export const cardParams = z.strictObject({ id: cardIdSchema });

/** POST /cards: the wallet that pays the fee and that the cards spend from (SPEC §4). */
export const requestCardBody = requestCardPayloadSchema;
export const activateCardBody = activateCardPayloadSchema;
export const revealCardBody = revealCardPayloadSchema;
export const emptyCardBody = z.optional(z.strictObject({}));
/** GET /cards reads nothing but the bearer: an unknown parameter is refused, not ignored. */
export const noQuery = z.strictObject({});
