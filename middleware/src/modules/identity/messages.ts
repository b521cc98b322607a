// Messages of the identity-verification calls (SPEC §8 where the SPEC words them).
export {
  BVN_DATA_NOT_FOUND,
  NIN_SUBMITTED,
  TRANSACTION_PIN_CREATED,
  VERIFICATION_COMPLETED,
  VERIFICATION_FAILED,
} from '@ajo/shared/messages';

export const ALREADY_VERIFIED = 'Your identity has already been verified.';
export const NIN_NOT_FOUND = 'NIN not found. Please check the number and try again.';
export const NIN_DETAILS_MISMATCH =
  'The NIN details do not match your account. Please contact support.';
export const BVN_ALREADY_LINKED = 'This BVN is already linked to another account.';
export const NIN_ALREADY_LINKED = 'This NIN is already linked to another account.';
export const PHOTO_NOT_UPLOADED = 'Please upload your picture before continuing.';
