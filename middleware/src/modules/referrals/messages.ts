// The referral programme's answers (SPEC §7 GET /referral/{code}, POST /referral); the web app shows
// them as they are (SPEC §8: an info toast with the server's message).
export { REFERRAL_CODE_UNKNOWN } from '../users/user-service.js';

export const REFERRER_FOUND = 'Referral code found.';
export const INVITE_RECORDED = 'Thank you! Your invitation has been recorded.';
export const INVITE_PHONE_INVALID =
  'Please enter a valid phone number: 234 followed by 10 digits, e.g. 2348012345678.';
export const INVITE_PHONE_TAKEN =
  'This phone number already has an account. Please log in instead.';
export const INVITE_ALREADY_RECORDED =
  'This phone number has already been invited by someone else.';
/** Shown for a referrer who has not completed activation (no names yet). */
export const REFERRER_WITHOUT_NAME = 'Your friend';
