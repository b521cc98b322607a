// SPEC §8 error catalogue: fallbacks shown when the server gives no message. Verbatim, typos included.

export const ERROR_LOGGING_IN = 'Error logging in';
export const ERROR_SIGNING_UP = 'Error signing up';
export const ERROR_GETTING_USER = 'Error getting user';
/** The one notice when the server refuses a signed-in session's token (signed out elsewhere, expired). */
export const SESSION_ENDED = 'Your session has ended. Please sign in again.';
export const ERROR_GETTING_BANKS = 'Error getting banks';
export const ERROR_VERIFYING_WALLET_NUMBER = 'Error verifying wallet number';
/** SPEC §8: used for both the account check and the meter check. */
export const ERROR_VERIFYING_ACCOUNT_NUMBER = 'Error verifying account number';
export const ERROR_GETTING_SERVICE_PROVIDERS = 'Error getting service providers';
export const ERROR_DELETING_BENEFICIARY = 'Error deleting beneficiary!';
export const ERROR_SAVING_BENEFICIARY =
  'Error Saving Beneficiary! Please, check that the beneficiary does not already exist.';
export const ERROR_SELECTING_BENEFICIARY = 'Unable to select beneficiary. Please, try again.';
export const ERROR_GETTING_TRANSACTION_HISTORY = 'Error getting transaction history';
export const ERROR_INITIATING_TRANSFER = 'Error initiating transfer';
export const TRANSACTION_FAILED_TRY_AGAIN = 'Transaction Failed, Try Again!';
export const INVALID_OTP = 'Invalid OTP! Please, check and try again.';
/** SPEC §4: the server's 401 message that keeps the user on the OTP step. */
export const SERVER_INVALID_OTP = 'Invalid otp';
export const OTP_RESEND_FAILED = 'Failed to resend OTP! Please try again.';
export const ERROR_INITIATING_AIRTIME_PURCHASE = 'Error initiating airtime purchase';
export const ERROR_INITIATING_ELECTRICITY_PURCHASE = 'Error initiating electricity purchase';
export const ERROR_INITIATING_DATA_PURCHASE = 'Error initiating data purchase';
// Cable TV, in the words of SPEC §8's other payments (the SPEC predates the screen).
export const ERROR_GETTING_CABLE_TV_PROVIDERS = 'Error getting cable TV providers';
export const ERROR_VERIFYING_SMARTCARD_NUMBER = 'Error verifying smartcard number';
export const ERROR_INITIATING_CABLE_TV_PURCHASE = 'Error initiating cable TV purchase';
export const ERROR_UPDATING_BVN = 'Error Updating BVN';
export const ERROR_UPDATING_BVN_INVALID =
  'Error Updating BVN : BVN Should be a string of eleven digits';
export const DOCUMENT_ALREADY_EXISTS = 'Document Already Exists';
/** SPEC §8: the server message that maps to DOCUMENT_ALREADY_EXISTS. */
export const SERVER_DOCUMENT_EXISTS = 'Error adding client identifier document';
export const ERROR_UPLOADING_DOCUMENT = 'error uploading document';
export const FILE_UPLOAD_FAILED = 'Failed to upload file! Please try again.';
export const DOWNLOAD_URL_FAILED = 'Failed to get download URL! Please try again.';
export const ERROR_REQUESTING_OTP = 'Error requesting OTP';
export const ERROR_FETCHING_REFERRALS = 'Error fetching referrals. Please, try again.';
export const ERROR_GETTING_STATES = 'Error getting list of states';
export const ERROR_GETTING_LOCAL_GOVERNMENTS = 'Error getting list of local governments';
/** SPEC §8 signup fallback (spelling is the SPEC's). */
export const AN_ERROR_OCCURED = 'An Error Occured';
export const ERROR_FETCHING_DETAILS = 'Error fetching details';
export const VERIFICATION_RESTART_TEXT =
  'We could not retrieve your BVN or NIN details. You can attempt the verification again.';
export const VERIFICATION_FAILED = 'Verification Failed!';
export const BVN_VERIFY_ERROR =
  'Sorry, we encountered an error verifying your BVN. Please, ensure it is correct and try again.';
export const BVN_DATA_NOT_FOUND =
  'Verification data not found! Kindly ensure you have provided the correct BVN and try again.';
/** SPEC §8: "The NIN page has equivalents with NIN". */
export const NIN_VERIFY_ERROR =
  'Sorry, we encountered an error verifying your NIN. Please, ensure it is correct and try again.';
export const NIN_DATA_NOT_FOUND =
  'Verification data not found! Kindly ensure you have provided the correct NIN and try again.';
export const AN_ERROR_OCCURRED = 'An error occurred';
export const ACCOUNT_NOT_ACTIVATED =
  'Sorry this account has not yet been activated. Please contact support for more info.';
export const RENDER_FALLBACK =
  "We ran into an issue, but don't worry, we'll take care of it for sure.";
/** SPEC §5: default face-check failure. */
export const PICTURE_QUALITY_BAD = 'Picture quality is bad';
/** SPEC §2: error page title without BVN result parameters. */
export const ERROR_PAGE_TITLE = 'Uh Oh!';
