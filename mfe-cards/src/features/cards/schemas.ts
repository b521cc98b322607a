// What the card calls answer (middleware README "Debit cards"), parsed before use
// (docs/conventions.md §4): an answer of another shape is a failed call, never a crash.
import { z } from 'zod/mini';

export const cardSchema = z.object({
  id: z.string(),
  kind: z.enum(['virtual', 'physical']),
  status: z.enum(['inactive', 'active', 'frozen', 'blocked', 'reported']),
  /** Null for a physical card not yet activated (its last four digits prove it arrived). */
  masked_number: z.nullable(z.string()),
  expiry: z.string(),
  wallet_account_number: z.string(),
  issued_at: z.string(),
  activate_by: z.nullable(z.string()),
  blocked_reason: z.nullable(z.string()),
  reported_at: z.nullable(z.string()),
  delivery_status: z.nullable(z.enum(['requested', 'printed', 'dispatched', 'delivered'])),
  delivery_address: z.nullable(
    z.object({ address: z.string(), city: z.string(), state: z.string() }),
  ),
});
export type Card = z.infer<typeof cardSchema>;
export type CardStatus = Card['status'];
export type DeliveryStatus = NonNullable<Card['delivery_status']>;

const feesSchema = z.object({
  issuance_fee: z.number(),
  delivery_charge: z.number(),
  total: z.number(),
});

export const cardsResponseSchema = z.object({ cards: z.array(cardSchema), fees: feesSchema });
export type CardsResponse = z.infer<typeof cardsResponseSchema>;

export const cardRequestedSchema = z.object({
  message: z.string(),
  reference: z.string(),
  charged: feesSchema,
  cards: z.array(cardSchema),
});
export type CardRequested = z.infer<typeof cardRequestedSchema>;

export const cardAnswerSchema = z.object({ message: z.string(), card: cardSchema });

export const revealedCardSchema = z.object({
  card_number: z.string(),
  cvv: z.string(),
  expiry: z.string(),
  visible_seconds: z.number(),
});
export type RevealedCard = z.infer<typeof revealedCardSchema>;

export const statesSchema = z.object({
  states: z.array(z.object({ name: z.string() })),
});
