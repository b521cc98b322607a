// SPEC §8 success toasts and SPEC §2 fixed texts, verbatim.

export const BENEFICIARY_DELETED = 'Beneficiary deleted successfully!';
export const BENEFICIARY_SAVED = 'Beneficiary Saved Successfully!';
export const OTP_RESENT = 'OTP has been resent successfully!';
export const DOCUMENT_UPLOADED = 'Document Upload Successful';
export const FILE_UPLOADED = 'File uploaded successfully!';
export const REFERRAL_CODE_COPIED = 'Referral code copied to clipboard.';
export const ACCOUNT_CREATED = 'Yaay! Your account creation was successful.';
export const VERIFICATION_COMPLETED = 'Verification process has been successfully completed.';
export const TRANSACTION_PIN_CREATED = 'Transaction PIN Created!';
export const NIN_SUBMITTED =
  'Your NIN has been submitted for verification and will be processed shortly.';

// SPEC §2 fixed texts.
export const NO_BENEFICIARIES = 'You have not saved any beneficiary yet!';
export const DELETE_BENEFICIARY_TITLE = 'Delete Saved Beneficiary!';
export const REFERRALS_EMPTY = 'Referral record unavailable.';
export const BVN_NOT_AVAILABLE = 'Not Available';
export const NIN_NOT_SUBMITTED = 'Not Submitted';
export const DOCUMENTS_NOT_AVAILABLE = 'not available';
export const DOCUMENT_UPLOADED_BADGE = 'Uploaded';
export const DELETE_ACCOUNT_WARNING = 'this action cannot be undone';
export const NIN_START_TITLE = 'Start NIN Verification';
export const NIN_START_TEXT = 'Please, provide your NIN to proceed.';
export const PICTURE_UPLOADED = 'Picture Uploaded';
export const FAQ_TITLE = 'Frequently Asked Questions';
export const FAQ_SUBTITLE = 'How can we help you?';
export const BACK_TO_SAFETY = 'Back to safety';
/** SPEC §2 referral landing line. */
export const referralInviteLine = (referrer: string): string =>
  `${referrer} invited you to join the fun`;
