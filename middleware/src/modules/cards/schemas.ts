import { requiredString, transactionPinSchema, walletNumberSchema } from '@ajo/shared/schemas';
import { z } from 'zod/mini';
import {
  CARD_NOT_FOUND,
  CARD_PIN_INVALID,
  CARD_PINS_DIFFER,
  DELIVERY_ADDRESS_REQUIRED,
  DELIVERY_STATE_REQUIRED,
  LAST4_WRONG,
} from './messages.js';

/*
 * The card calls' schemas (strict objects: an unknown field is refused, OWASP API3). The cards
 * remote will bind the same rules once they move to @ajo/shared/schemas with its forms.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const cardParams = z.strictObject({
  id: z.string().check(z.regex(UUID, CARD_NOT_FOUND)),
});

const line = (message: string, max: number) =>
  requiredString(message).check(z.maxLength(max, message));

export const deliveryAddressSchema = z.strictObject({
  address: line(DELIVERY_ADDRESS_REQUIRED, 200),
  city: line(DELIVERY_ADDRESS_REQUIRED, 60),
  state: line(DELIVERY_STATE_REQUIRED, 40),
});

/** POST /cards: the wallet that pays the fee and that the cards spend from (SPEC §4). */
export const requestCardBody = z.strictObject({
  wallet_account_number: walletNumberSchema,
  delivery_address: deliveryAddressSchema,
  transaction_pin: transactionPinSchema,
  otp: z.optional(z.string().check(z.maxLength(6))),
});

const cardPin = z.string(CARD_PIN_INVALID).check(z.regex(/^\d{4}$/, CARD_PIN_INVALID));

export const activateCardBody = z
  .strictObject({
    last4: z.string(LAST4_WRONG).check(z.regex(/^\d{4}$/, LAST4_WRONG)),
    card_pin: cardPin,
    confirm_card_pin: cardPin,
  })
  .check(
    z.refine((v) => v.card_pin === v.confirm_card_pin, {
      error: CARD_PINS_DIFFER,
      path: ['confirm_card_pin'],
    }),
  );

export const revealCardBody = z.strictObject({ transaction_pin: transactionPinSchema });
export const emptyCardBody = z.optional(z.strictObject({}));
/** GET /cards reads nothing but the bearer: an unknown parameter is refused, not ignored. */
export const noQuery = z.strictObject({});

export const cardSchema = z.object({
  id: z.string(),
  kind: z.enum(['virtual', 'physical']),
  status: z.enum(['inactive', 'active', 'frozen', 'blocked', 'reported']),
  /** BIN and last four; null for a physical card not yet activated (its last four prove it). */
  masked_number: z.nullable(z.string()),
  expiry: z.string(),
  wallet_account_number: z.string(),
  issued_at: z.string(),
  activate_by: z.nullable(z.string()),
  /** Why a blocked card is blocked, in the terms' words. */
  blocked_reason: z.nullable(z.string()),
  reported_at: z.nullable(z.string()),
  delivery_status: z.nullable(z.enum(['requested', 'printed', 'dispatched', 'delivered'])),
  delivery_address: z.nullable(
    z.object({ address: z.string(), city: z.string(), state: z.string() }),
  ),
});

export const cardsResponseSchema = z.object({
  cards: z.array(cardSchema),
  /** What a request costs, shown before the PIN (SPEC §9: fee plus delivery, borne by the user). */
  fees: z.object({ issuance_fee: z.number(), delivery_charge: z.number(), total: z.number() }),
});

export const cardRequestedSchema = z.object({
  message: z.string(),
  reference: z.string(),
  charged: z.object({ issuance_fee: z.number(), delivery_charge: z.number(), total: z.number() }),
  cards: z.array(cardSchema),
});

export const cardAnswerSchema = z.object({ message: z.string(), card: cardSchema });

export const revealedCardSchema = z.object({
  card_number: z.string(),
  cvv: z.string(),
  expiry: z.string(),
  /** The web app shows the details this long and never stores them (SPEC: 60 s). */
  visible_seconds: z.number(),
});
