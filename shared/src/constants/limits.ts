// SPEC §9 "Business constants and limits": lengths, timings and fixed wire values.

/** Login / security PIN: 4 digits (SPEC §5, §9). */
export const SECURITY_PIN_LENGTH = 4;
/** Transaction PIN: 6 digits (SPEC §5, §9). */
export const TRANSACTION_PIN_LENGTH = 6;
/** OTP: 6 characters; the signup field's max length is also 6 (SPEC §9). */
export const OTP_LENGTH = 6;
export const NIN_LENGTH = 11;
export const BVN_LENGTH = 11;
/** Local phone form: 0 plus 10 digits (SPEC §5). */
export const PHONE_LENGTH = 11;
export const PHONE_LOCAL_PREFIX = '0';
export const PHONE_COUNTRY_CODE = '234';
/** Bank account number (NUBAN): 10 digits (SPEC §5, §9). */
export const NUBAN_LENGTH = 10;

/** SPEC §9 max lengths of transfer and payment fields. */
export const WALLET_NUMBER_MAX_LENGTH = 12;
export const AMOUNT_MAX_LENGTH = 10;
export const AMOUNT_STEP = 0.01;
export const NARRATION_MAX_LENGTH = 30;
export const METER_NUMBER_MAX_LENGTH = 20;
/** Account Setup address: the server's cap, checked on the phone too. */
export const ADDRESS_MAX_LENGTH = 200;

/** SPEC §4 / §9: Resend OTP is enabled after a 180-second countdown. */
export const OTP_RESEND_COUNTDOWN_SECONDS = 180;
/** SPEC §9: messages shown 5 s; toast auto-close default 5000 ms. */
export const MESSAGE_DURATION_MS = 5000;
export const TOAST_DURATION_MS = 5000;
/** SPEC §8 / §9: after 'Transaction PIN Created!' the page reloads after 1.5 s. */
export const PIN_SUCCESS_RELOAD_MS = 1500;
/** SPEC §9: chunk loading timeout. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** SPEC §3 / §9: product id 4 is the commission wallet. */
export const COMMISSION_WALLET_PRODUCT_ID = 4;
/** SPEC §3 / §9: document type 32 is Proof of Residence. */
export const PROOF_OF_RESIDENCE_DOCUMENT_TYPE_ID = 32;
/** SPEC §9: the transfer channel code is always '1'. */
export const TRANSFER_CHANNEL_CODE = '1';
/** SPEC §9: platform and mac_address are fixed 'web'. */
export const PLATFORM = 'web';
export const MAC_ADDRESS = 'web';
/** SPEC §7: /bvn/start and /nin/start are called with channel=web. */
export const VERIFICATION_CHANNEL = 'web';
/** SPEC §9: history type fixed to mini. */
export const TRANSACTION_HISTORY_TYPE = 'mini';
/** SPEC §3: a bank option value is code and name joined by a triple-asterisk separator. */
export const BANK_OPTION_SEPARATOR = '***';
/** SPEC §3 "Browser session data" storage keys. */
export const SESSION_TOKEN_KEY = 'tk';
export const SESSION_USER_ID_KEY = 'id';
/**
 * Default amount (naira) at or above which a money call asks for an OTP first (step-up,
 * docs/architecture.md "The wire contract").
 */
export const DEFAULT_STEP_UP_THRESHOLD_NAIRA = 50_000;
/** SPEC §5: default face-check failure message lives in messages; the capture type is jpeg. */
export const FACE_PHOTO_MIME_TYPE = 'image/jpeg';
/** SPEC §7: uploads go to the file store under images/{filename}. */
export const UPLOAD_FOLDER = 'images';
/** SPEC §3 "phone number" of the browser session: the sign-up number (234 form), localStorage. */
export const SESSION_PHONE_KEY = 'phone_number';
/** SPEC §3 Signup form: referrer_code comes from session storage when a referral link set it. */
export const REFERRAL_CODE_KEY = 'referral_code';

/**
 * The header every money call carries its client reference in: a retry with the same reference
 * never moves money twice (docs/architecture.md "The wire contract").
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
