// The transfer area's own answers. SPEC §8 gives the web app's fallbacks; these are the server
// messages it shows first, so each says what happened and what the customer can do.
export const WALLET_NOT_FOUND = 'We could not find a wallet with this number.';
export const SAME_WALLET = 'You cannot send money to the wallet you are sending from.';
export const WALLET_CANNOT_RECEIVE = 'This wallet cannot receive transfers.';
export const WALLET_TRANSFER_DONE = 'Transfer successful';
export const UNKNOWN_BANK = 'Please select a bank from the list.';
export const INVALID_NUBAN = 'This account number is not valid for the selected bank.';
export const ACCOUNT_NOT_RESOLVED =
  'We could not find this account. Check the number and the bank.';
export const BANK_UNAVAILABLE = 'The bank could not be reached. Please try again in a few minutes.';
export const NAME_ENQUIRY_REQUIRED = 'Please validate the account number again before sending.';
export const BANK_TRANSFER_SUCCESSFUL = 'Transfer successful';
export const BANK_TRANSFER_PENDING =
  'Your transfer is pending: we are confirming it with the bank. If the bank does not pay it, your money comes back to your wallet automatically.';
export const BANK_TRANSFER_FAILED =
  'The bank could not complete this transfer. Your money has been returned to your wallet.';
export const TRANSFER_NOT_FOUND = 'Transfer not found.';
export const BENEFICIARY_NOT_FOUND = 'Beneficiary not found.';
export const BENEFICIARY_RECIPIENT_MISMATCH =
  'The account number in the address and in the body must be the same.';
export const TOO_MANY_BENEFICIARIES = 'You can save at most 100 beneficiaries per wallet.';
export const COMMISSION_WALLET_NOT_A_SOURCE =
  'The commission wallet can only pay for airtime, data, electricity and cable TV.';
