// The middleware's own answers on the card routes. The words of the card terms are SPEC §4's; the
// words of the call bodies' rules live with the shared schemas (@ajo/shared/messages).
export { CARD_NOT_FOUND } from '@ajo/shared/messages';

/** SPEC §4 "Card terms", word for word. */
export const NOT_ACTIVATED_IN_TIME =
  'A card not activated within 6 months is blocked and a new one must be requested.';
export const CARD_ALREADY_HELD =
  'You already have a card. Report it lost or stolen, or wait for it to be blocked, before requesting a new one.';
export const CARD_REQUESTED = 'Your card has been requested.';
export const CARD_ACTIVATED = 'Your card is active.';
export const CARD_FROZEN = 'Your card is frozen. Unfreeze it to use it again.';
export const CARD_UNFROZEN = 'Your card is active again.';
export const CARD_REPORTED =
  'Your card is blocked for good. You are not liable for transactions more than 60 minutes after this report.';
export const LAST4_WRONG = 'The last 4 digits do not match this card.';
export const ACTIVATION_LOCKED =
  'Too many wrong attempts. This card cannot be activated; report it and request a new one.';
export const NOT_A_PHYSICAL_CARD = 'Only a physical card is activated.';
export const NOT_DELIVERED_BY_BUREAU = 'Only a physical card is delivered.';
export const ALREADY_ACTIVE = 'This card is already active.';
export const CARD_NOT_DELIVERED = 'This card can be activated once it has been delivered.';
export const cardNotUsable = (status: 'inactive' | 'frozen' | 'blocked' | 'reported') =>
  ({
    inactive: 'Activate this card first.',
    frozen: 'This card is frozen.',
    blocked: 'This card is blocked. Request a new card.',
    reported: 'This card was reported lost or stolen. Request a new card.',
  })[status];
