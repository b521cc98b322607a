/*
 * The answers of the sign-up, sign-in and security-PIN calls, word for word as the web app expects
 * them (issue 4 contract; SPEC §7 gives the calls, SPEC §8 lets toasts show the server's message).
 */
export const PHONE_ALREADY_REGISTERED =
  'An account with this phone number already exists. Please log in.';
export const OTP_SENT = 'OTP sent';
export const OTP_RESENT = 'OTP has been resent';
export const PHONE_VERIFIED = 'Phone number verified';
export const OTP_WRONG = 'Invalid OTP. Please check and try again.';
export const OTP_TOO_MANY_TRIES = 'Too many wrong attempts. Please request a new OTP.';
export const OTP_EXPIRED = 'This OTP has expired. Please request a new one.';
export const otpWaitMessage = (seconds: number) =>
  `Please wait ${seconds} seconds before requesting a new OTP.`;
export const RESET_OTP_SENT_IF_ACCOUNT =
  'If an account exists for this number, an OTP has been sent.';
export const SECURITY_PIN_RESET_DONE = 'Your security PIN has been reset. Please log in.';
export const LOGIN_FAILED = 'Invalid phone number or security PIN.';
export const loginLockedMessage = (minutes: number) =>
  `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'} or reset your security PIN.`;

// The SMS texts (issue 4). The sandbox outbox shows them; browser journeys take the 6 digits.
export const signupOtpSms = (otp: string) =>
  `Your Ajo Wallet verification code is ${otp}. It expires in 10 minutes. Do not share it with anyone.`;
export const resetOtpSms = (otp: string) =>
  `Your Ajo Wallet security PIN reset code is ${otp}. It expires in 10 minutes. Do not share it with anyone.`;

// Validation messages of @ajo/shared (shared/src/messages/validation.ts), repeated here because the
// middleware is compiled on its own; contract.test.ts checks that both sides still say the same.
export const PHONE_REQUIRED = 'Phone number is required';
export const PHONE_INVALID = 'Enter 0 followed by 10 digits, e.g. 08012345678';
export const SECURITY_PIN_INVALID = 'Security PIN must be exactly 4 digits';
export const OTP_REQUIRED = 'OTP is required';
export const OTP_TOO_LONG = 'OTP must be at most 6 characters';
export const OTP_INVALID = 'OTP must be exactly 6 digits';
export const SECURITY_PINS_DO_NOT_MATCH = 'Security PINs do not match!';
export const GENDER_REQUIRED = 'Select a gender';
export const ADDRESS_REQUIRED = 'Address is required';
export const STATE_REQUIRED = 'Select a state';
export const LGA_REQUIRED = 'Select a local government';
export const EMAIL_INVALID = 'Enter a valid email address';
