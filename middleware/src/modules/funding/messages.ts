// Issue 6 contract messages (the brief's words; SPEC §8 has no wording of its own for these).
export const INCORRECT_TRANSACTION_PIN = 'Incorrect transaction PIN.';
export const TRANSACTION_PIN_LOCKED = 'Too many wrong transaction PINs. Try again in 15 minutes.';
export const TRANSACTION_PIN_NOT_SET = 'Please create your transaction PIN first.';
export const WALLET_BLOCKED = 'This wallet is blocked.';
export const COMMISSION_WALLET_NOT_FUNDABLE = 'The commission wallet cannot be funded by card.';
export const ACCOUNT_NOT_FOUND = 'Account not found';
export const CARD_DECLINED = 'Your card was declined.';
export const UNKNOWN_CARD = 'This card is not accepted. Use one of the sandbox test cards.';
export const INVALID_OTP = 'The OTP is incorrect.';
export const CHECKOUT_EXPIRED = 'This checkout has expired. Start again from your dashboard.';
export const CHECKOUT_NOT_FOUND = 'Checkout not found';
