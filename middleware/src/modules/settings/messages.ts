/*
 * The server's own answers on the settings calls (SPEC §7 gives the calls; SPEC §8 lets the screen
 * show the server's message). Messages the web app also knows come from @ajo/shared/messages.
 */
export const BVN_UPDATED = 'Your BVN has been updated.';
export const NO_BVN_LINKED = 'No BVN is linked to this account yet.';
export const BVN_NOT_FOUND = 'We could not find this BVN. Please check the number and try again.';
export const BVN_REFUSED =
  'This BVN does not match your account details. Please check it or contact support.';

export const UNKNOWN_DOCUMENT_TYPE = 'Select a document type from the list.';
export const DOCUMENT_NOT_UPLOADED =
  'We could not find the uploaded file. Please upload the document again.';
export const DOCUMENT_NUMBER_INVALID =
  'Enter the document number as printed on the document: 5 to 30 letters or digits.';
export const DOCUMENT_FOR_ANOTHER_USER = 'You can only upload documents to your own account.';

export const PHONE_NOT_YOURS = 'Use the phone number of your account.';
export const TRANSACTION_PIN_OTP_SENT = 'An OTP has been sent to your phone number.';
export const TRANSACTION_PIN_RESET_DONE = 'Your transaction PIN has been reset.';

export const REFERRALS_FOUND = 'Referrals retrieved successfully.';
export const NO_REFERRALS_YET = 'You have not referred anybody yet.';

export const statementSent = (email: string) => `Your account statement has been sent to ${email}.`;
export const STATEMENT_TOO_LONG =
  'A statement can cover at most 366 days. Please choose a shorter period.';

export const closureBalanceLeft = (amount: string) =>
  `Your wallets still hold ${amount}. Please move all your money to another account before closing your account.`;
export const CLOSURE_PENDING_TRANSACTION =
  'A transaction is still pending on your account. Please wait until it completes, then try again.';
export const ACCOUNT_ALREADY_CLOSED = 'This account is already closed.';
export const ACCOUNT_CLOSED = 'Your account has been closed and you have been signed out.';
