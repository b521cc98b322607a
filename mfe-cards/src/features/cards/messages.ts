// The cards screen's words. Error fallbacks in the style of SPEC §8 ('Error getting user'): shown
// only when the server gives no message of its own (errorMessage). The terms' sentence is SPEC §4's.

export const ERROR_GETTING_CARDS = 'Error getting your cards';
export const ERROR_REQUESTING_CARD = 'Error requesting card';
export const ERROR_ACTIVATING_CARD = 'Error activating card';
export const ERROR_FREEZING_CARD = 'Error freezing card';
export const ERROR_UNFREEZING_CARD = 'Error unfreezing card';
export const ERROR_REPORTING_CARD = 'Error reporting card';
export const ERROR_SHOWING_CARD_DETAILS = 'Error showing card details';
export const ERROR_GETTING_CARD_TRANSACTIONS = 'Error getting card transactions';

/** SPEC §4 "Card terms", word for word (the middleware answers the same words). */
export const NOT_ACTIVATED_IN_TIME =
  'A card not activated within 6 months is blocked and a new one must be requested.';
/** SPEC §4: liability after a loss report. */
export const LIABILITY_NOTE =
  'You are not liable for transactions more than 60 minutes after your report.';
