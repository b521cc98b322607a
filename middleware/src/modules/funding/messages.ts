// Messages of the wallet and funding calls (SPEC §8 has no wording of its own for these).
export const WALLET_BLOCKED = 'This wallet is blocked.';
export const WALLET_CLOSED = 'This wallet is closed.';
export const COMMISSION_WALLET_NOT_FUNDABLE = 'The commission wallet cannot be funded by card.';
export const CHECKOUT_EXPIRED = 'This checkout has expired. Start again from your dashboard.';
export const CHECKOUT_CANCELLED = 'This checkout was cancelled.';
export const CHECKOUT_NOT_FOUND = 'Checkout not found';
