// What the middleware answers on the card calls (SPEC §4 "Card terms", §9; middleware README
// "Debit cards"). The cards remote parses every answer with these and the middleware's route
// schemas are these same objects, so the two cannot drift.
import { z } from './zod';

export const CARD_KINDS = ['virtual', 'physical'] as const;
export const CARD_STATUSES = ['inactive', 'active', 'frozen', 'blocked', 'reported'] as const;
export const DELIVERY_STEPS = ['requested', 'printed', 'dispatched', 'delivered'] as const;

export const cardSchema = z.object({
  id: z.string(),
  kind: z.enum(CARD_KINDS),
  status: z.enum(CARD_STATUSES),
  /** BIN and last four; null for a physical card not yet activated (its last four prove it). */
  masked_number: z.nullable(z.string()),
  expiry: z.string(),
  wallet_account_number: z.string(),
  issued_at: z.string(),
  activate_by: z.nullable(z.string()),
  /** Why a blocked card is blocked, in the terms' words. */
  blocked_reason: z.nullable(z.string()),
  reported_at: z.nullable(z.string()),
  delivery_status: z.nullable(z.enum(DELIVERY_STEPS)),
  delivery_address: z.nullable(
    z.object({ address: z.string(), city: z.string(), state: z.string() }),
  ),
});
export type Card = z.infer<typeof cardSchema>;
export type CardStatus = Card['status'];
export type DeliveryStatus = NonNullable<Card['delivery_status']>;

/** What a request costs, in naira (SPEC §9: the fee plus delivery, borne by the customer). */
export const cardFeesSchema = z.object({
  issuance_fee: z.number(),
  delivery_charge: z.number(),
  total: z.number(),
});

/** GET /cards: the customer's cards, newest first, and the fees shown before the PIN. */
export const cardsResponseSchema = z.object({ cards: z.array(cardSchema), fees: cardFeesSchema });
export type CardsResponse = z.infer<typeof cardsResponseSchema>;

/** POST /cards (201): what was charged and the two cards issued. */
export const cardRequestedSchema = z.object({
  message: z.string(),
  reference: z.string(),
  charged: cardFeesSchema,
  cards: z.array(cardSchema),
});
export type CardRequested = z.infer<typeof cardRequestedSchema>;

/** Activate, freeze, unfreeze, report lost: the server's sentence and the card as it now is. */
export const cardAnswerSchema = z.object({ message: z.string(), card: cardSchema });
export type CardAnswer = z.infer<typeof cardAnswerSchema>;

/** POST /cards/{id}/reveal: shown for `visible_seconds` (60), never stored. */
export const revealedCardSchema = z.object({
  card_number: z.string(),
  cvv: z.string(),
  expiry: z.string(),
  visible_seconds: z.number(),
});
export type RevealedCard = z.infer<typeof revealedCardSchema>;
