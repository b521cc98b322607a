// The debit card's call bodies (SPEC §4 "Card terms", §9; middleware README "Debit cards"). The
// cards remote checks its forms with these before it sends them and the middleware's route
// schemas are these same objects, so a rule and its words cannot drift apart.
import {
  CARD_NOT_FOUND,
  CARD_PIN_INVALID,
  CARD_PINS_DIFFER,
  DELIVERY_ADDRESS_REQUIRED,
  DELIVERY_STATE_REQUIRED,
  LAST4_INVALID,
} from '@ajo/shared/messages';
import { transactionPinSchema } from './codes';
import { requiredString, walletNumberSchema } from './money';
import { z } from './zod';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A card's id in a path or a body: an id of another form is no card (404's words). */
export const cardIdSchema = z.string(CARD_NOT_FOUND).check(z.regex(UUID, CARD_NOT_FOUND));

const line = (message: string, max: number) =>
  requiredString(message).check(z.maxLength(max, message));

/** Where the physical card is delivered (prefilled from the profile). */
export const deliveryAddressSchema = z.strictObject({
  address: line(DELIVERY_ADDRESS_REQUIRED, 200),
  city: line(DELIVERY_ADDRESS_REQUIRED, 60),
  state: line(DELIVERY_STATE_REQUIRED, 40),
});
export type DeliveryAddress = z.output<typeof deliveryAddressSchema>;

/** POST /cards (encrypted money call): the wallet that pays the fee and that the cards spend from. */
export const requestCardPayloadSchema = z.strictObject({
  wallet_account_number: walletNumberSchema,
  delivery_address: deliveryAddressSchema,
  transaction_pin: transactionPinSchema,
  otp: z.optional(z.string().check(z.maxLength(6))),
});
export type RequestCardPayload = z.output<typeof requestCardPayloadSchema>;

const cardPinSchema = z.string(CARD_PIN_INVALID).check(z.regex(/^\d{4}$/, CARD_PIN_INVALID));

/**
 * POST /cards/{id}/activate: the last 4 digits printed on the delivered card and a 4-digit card
 * PIN entered twice. Whether the digits are this card's is the server's check (counted first).
 */
export const activateCardPayloadSchema = z
  .strictObject({
    last4: z.string(LAST4_INVALID).check(z.regex(/^\d{4}$/, LAST4_INVALID)),
    card_pin: cardPinSchema,
    confirm_card_pin: cardPinSchema,
  })
  .check(
    z.refine((v) => v.card_pin === v.confirm_card_pin, {
      error: CARD_PINS_DIFFER,
      path: ['confirm_card_pin'],
    }),
  );
export type ActivateCardPayload = z.output<typeof activateCardPayloadSchema>;

/** POST /cards/{id}/reveal: the transaction PIN before the full number and CVV. */
export const revealCardPayloadSchema = z.strictObject({ transaction_pin: transactionPinSchema });
