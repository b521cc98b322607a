/*
 * The server-only answers of the sign-up, sign-in and security-PIN calls (SPEC §7
 * gives the calls, SPEC §8 lets toasts show the server's message). Every message the web app also
 * knows (validation rules, 'Invalid OTP! Please, check and try again.', 'OTP has been resent
 * successfully!') comes from @ajo/shared/messages, never from a copy here.
 */
export const OTP_SENT = 'OTP sent';
export const PHONE_VERIFIED = 'Phone number verified';
export const OTP_TOO_MANY_TRIES = 'Too many wrong attempts. Please request a new OTP.';
export const OTP_EXPIRED = 'This OTP has expired. Please request a new one.';
export const otpWaitMessage = (seconds: number) =>
  `Please wait ${seconds} seconds before requesting a new OTP.`;
export const RESET_OTP_SENT_IF_ACCOUNT =
  'If an account exists for this number, an OTP has been sent.';
export const SECURITY_PIN_RESET_DONE = 'Your security PIN has been reset. Please log in.';
export const ACCOUNT_CLOSED_SIGN_IN =
  'This account has been closed. Please contact support if you need help with it.';
export const SIGNED_OUT = 'You have been signed out.';
export const LOGIN_FAILED = 'Invalid phone number or security PIN.';
export const loginLockedMessage = (minutes: number) =>
  `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'} or reset your security PIN.`;

// The SMS texts. The sandbox outbox shows them; browser journeys take the 6 digits.
export const signupOtpSms = (otp: string) =>
  `Your Ajo Wallet verification code is ${otp}. It expires in 10 minutes. Do not share it with anyone.`;
export const resetOtpSms = (otp: string) =>
  `Your Ajo Wallet security PIN reset code is ${otp}. It expires in 10 minutes. Do not share it with anyone.`;
export const transactionPinResetOtpSms = (otp: string) =>
  `Your Ajo Wallet transaction PIN reset code is ${otp}. It expires in 10 minutes. Do not share it with anyone.`;
