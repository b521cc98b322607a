// The middleware's own answers on the card routes. The words of the card terms are SPEC §4's.

/** SPEC §4 "Card terms", word for word. */
export const NOT_ACTIVATED_IN_TIME =
  'A card not activated within 6 months is blocked and a new one must be requested.';
export const CARD_NOT_FOUND = 'Card not found.';
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
export const CARD_PIN_INVALID = 'The card PIN is 4 digits.';
export const CARD_PINS_DIFFER = 'The card PINs do not match.';
export const cardNotUsable = (status: 'inactive' | 'frozen' | 'blocked' | 'reported') =>
  ({
    inactive: 'Activate this card first.',
    frozen: 'This card is frozen.',
    blocked: 'This card is blocked. Request a new card.',
    reported: 'This card was reported lost or stolen. Request a new card.',
  })[status];
export const DELIVERY_ADDRESS_REQUIRED = 'Enter the delivery address.';
export const DELIVERY_STATE_REQUIRED = 'Select the delivery state.';
