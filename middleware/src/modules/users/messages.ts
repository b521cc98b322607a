/** The answers of the users area that the sign-up check in the auth area also gives. */
export const PHONE_ALREADY_REGISTERED =
  'An account with this phone number already exists. Please log in.';
