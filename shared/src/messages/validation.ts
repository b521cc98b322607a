// SPEC §5 validation messages and field hints. Where the SPEC gives a text it is used verbatim;
// otherwise a short clear sentence.

// Verbatim from SPEC §5.
export const SECURITY_PINS_DO_NOT_MATCH = 'Security PINs do not match!';
export const TRANSACTION_PIN_MISMATCH = 'Transaction PIN mismatch!';
export const NIN_MISMATCH = 'NIN mismatch!';
export const INVALID_BVN = 'invalid bvn. Should be a string of eleven digits';
export const BANK_REQUIRED_TO_SAVE_BENEFICIARY =
  'Receiving bank is required to save a beneficiary. Please, select a bank.';
/** SPEC §5 "Source wallet required": the wallet a transfer or payment is paid from. */
export const SOURCE_WALLET_REQUIRED = 'Source wallet required';

// Hints, verbatim from SPEC §2 / §5.
export const HINT_SECURITY_PIN = 'Numbers only, e.g. 1234';
export const HINT_NUMBERS_ONLY = 'Numbers only';
export const HINT_POSITIVE_NUMBERS = 'Positive numbers only';
export const HINT_REFERRAL_PHONE = 'Numbers only, like 08023456789';
export const HINT_TRANSACTION_PIN = 'It should be different from your login PIN';
export const PLACEHOLDER_PHONE = '08012345678';
export const PLACEHOLDER_NIN = 'Enter NIN';

// Not given by the SPEC: short clear sentences.
export const REQUIRED = 'This field is required';
export const PHONE_REQUIRED = 'Phone number is required';
export const PHONE_INVALID = 'Enter 0 followed by 10 digits, e.g. 08012345678';
export const SECURITY_PIN_INVALID = 'Security PIN must be exactly 4 digits';
export const TRANSACTION_PIN_INVALID = 'Transaction PIN must be exactly 6 digits';
export const OTP_REQUIRED = 'OTP is required';
export const OTP_TOO_LONG = 'OTP must be at most 6 characters';
export const OTP_INVALID = 'OTP must be exactly 6 digits';
export const NIN_INVALID = 'NIN must be exactly 11 digits';
export const WALLET_NUMBER_REQUIRED = 'Receiver wallet number is required';
export const WALLET_NUMBER_INVALID = 'Wallet number must be at most 12 digits';
export const ACCOUNT_NUMBER_REQUIRED = 'Account number is required';
export const ACCOUNT_NUMBER_INVALID = 'Account number must be 10 digits';
export const AMOUNT_REQUIRED = 'Amount is required';
export const AMOUNT_INVALID = 'Enter a valid amount';
export const AMOUNT_POSITIVE = 'Amount must be greater than 0';
export const AMOUNT_DECIMALS = 'Amount can have at most 2 decimal places';
export const AMOUNT_TOO_LONG = 'Amount must be at most 10 characters';
export const NARRATION_TOO_LONG = 'Narration must be at most 30 characters';
export const METER_NUMBER_REQUIRED = 'Meter number is required';
export const METER_NUMBER_TOO_LONG = 'Meter number must be at most 20 characters';
export const METER_NUMBER_INVALID = 'Meter number can contain only digits, dashes and slashes';
export const TERMS_REQUIRED = 'You must accept the terms and conditions';
export const WALLET_REQUIRED = 'Select a wallet';
export const COMMISSION_WALLET_NOT_ALLOWED = 'The commission wallet cannot be used here';
export const BANK_REQUIRED = 'Select a bank';
export const GENDER_REQUIRED = 'Select a gender';
export const ADDRESS_REQUIRED = 'Address is required';
export const ADDRESS_TOO_LONG = 'Address is too long (at most 200 characters)';
export const STATE_REQUIRED = 'Select a state';
export const LGA_REQUIRED = 'Select a local government';
export const EMAIL_REQUIRED = 'Email is required';
export const EMAIL_INVALID = 'Enter a valid email address';
export const DATE_REQUIRED = 'Date is required';
export const DATE_INVALID = 'Enter a valid date';
export const END_BEFORE_START = 'End date must not be before the start date';
export const END_IN_FUTURE = 'End date cannot be in the future.';
export const REASON_REQUIRED = 'Select a reason';
export const OTHER_REASON_REQUIRED = 'Please tell us your reason';
export const AGREEMENT_REQUIRED = 'You must tick the agreement to continue';
export const TELCO_REQUIRED = 'Select a network';
export const DATA_PLAN_REQUIRED = 'Select a data plan';
export const SERVICE_TYPE_REQUIRED = 'Select a service provider';
export const METER_NOT_VERIFIED = 'Validate the meter number first';
export const CABLE_PROVIDER_REQUIRED = 'Select a cable TV provider';
export const BOUQUET_REQUIRED = 'Select a bouquet';
export const SMARTCARD_NUMBER_REQUIRED = 'Smartcard number is required';
export const SMARTCARD_NUMBER_INVALID = 'Smartcard number can contain only digits';
export const SMARTCARD_NUMBER_LENGTH = 'Smartcard number must be 10 or 11 digits';
export const SMARTCARD_NOT_VERIFIED = 'Validate the smartcard number first';
export const ACCOUNT_NOT_VERIFIED = 'Validate the account number first';
export const RECEIVER_NOT_VERIFIED = 'Validate the wallet number first';
export const DOCUMENT_FILE_REQUIRED = 'Choose a file to upload';
export const DOCUMENT_TYPE_REQUIRED = 'Select a document type';
export const DOCUMENT_NUMBER_REQUIRED = 'Document number is required';
export const PHOTO_REQUIRED = 'Take a photo to continue';
export const PHOTO_URL_TOO_LONG = 'photo_url is too long';
export const TID_REQUIRED = 'tid is required';
export const CHANNEL_WEB = "channel must be 'web'";
export const HISTORY_TYPE_MINI = "type must be 'mini'";
export const STATE_ID_INVALID = 'stateId must be a number';
export const USER_ID_REQUIRED = 'id is required';
// The debit card's forms and calls (SPEC §4 "Card terms"): the web app and the middleware say the same.
export const DELIVERY_ADDRESS_REQUIRED = 'Enter the delivery address.';
export const DELIVERY_STATE_REQUIRED = 'Select the delivery state.';
export const CARD_PIN_INVALID = 'The card PIN is 4 digits.';
export const CARD_PINS_DIFFER = 'The card PINs do not match.';
export const LAST4_INVALID = 'Enter the last 4 digits printed on your card.';
export const CARD_NOT_FOUND = 'Card not found.';
