// The money area's own answers (SPEC §8 has no wording of its own for these).
// The answers the web app also knows (client references, step-up) are in @ajo/shared/messages.
export const INCORRECT_TRANSACTION_PIN = 'Incorrect transaction PIN.';
export const TRANSACTION_PIN_LOCKED = 'Too many wrong transaction PINs. Try again in 15 minutes.';
export const TOO_MANY_AT_ONCE =
  'Too many transactions at once. Please wait a moment and try again.';
export const TRANSACTION_PIN_NOT_SET = 'Please create your transaction PIN first.';
export const ACCOUNT_NOT_FOUND = 'Account not found';
export const REFERENCE_CONFLICT = 'This reference was already used for a different transaction.';
export const stepUpOtpSms = (otp: string) =>
  `Your Ajo Wallet transaction code is ${otp}. It expires in 10 minutes. Never share it, not even with Ajo Wallet staff.`;
/** Step-up budget (money/step-up.ts): challenges per customer and per phone in a window. */
export const stepUpBudgetUsed = (minutes: number) =>
  `Too many transaction codes requested. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
/** Step-up lock (money/step-up.ts): too many wrong codes in a window. */
export const stepUpLocked = (minutes: number) =>
  `Too many wrong transaction codes. Payments that need a code are locked for ${minutes} minute${minutes === 1 ? '' : 's'}.`;

/**
 * While a "not authorised by me" complaint is open (src/modules/disputes), money does not leave
 * the customer's wallets until they confirm it was them or reset the transaction PIN.
 */
export const OUTGOING_MONEY_FROZEN =
  'Outgoing payments are paused while we look into a transaction you reported as not authorised by you. Confirm it was you in My reports, or reset your transaction PIN, to continue.';
