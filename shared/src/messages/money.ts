// The server's answers on money calls (client references and step-up) that the web app may show.
// The wrong-OTP answer is SPEC §4's SERVER_INVALID_OTP ('Invalid otp', in errors.ts).
export const CLIENT_REFERENCE_REQUIRED = 'A client reference (Idempotency-Key header) is required.';
export const CLIENT_REFERENCE_REUSED =
  'This client reference was already used for a different request.';
export const REQUEST_IN_PROGRESS = 'This request is already being processed.';
/** GET /money/attempts/{key}: no call under this key reached the server, so sending it is safe. */
export const ATTEMPT_NEVER_ARRIVED = 'This request never arrived.';
export const STEP_UP_OTP_SENT = 'Enter the OTP we sent you to authorise this transaction.';
export const STEP_UP_OTP_EXPIRED = 'This OTP has expired. Please start the transaction again.';
export const STEP_UP_OTP_USED_UP = 'Too many wrong OTPs. Please start the transaction again.';
export const stepUpResendWait = (seconds: number) =>
  `Please wait ${seconds} seconds before requesting a new OTP.`;
