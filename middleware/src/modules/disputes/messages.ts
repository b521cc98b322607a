// The complaints area's own answers: each says what happened and what the customer can do next.
export const TRANSACTION_NOT_FOUND = 'Transaction not found.';
export const DISPUTE_NOT_FOUND = 'We could not find a report with this tracking number.';
export const CATEGORY_REQUIRED =
  'Please choose what went wrong: money left but did not arrive, wrong amount, not authorised by me, bill not delivered, or other.';
export const DESCRIPTION_REQUIRED = 'Please tell us what happened (up to 500 characters).';
export const ATTACHMENT_NOT_YOURS =
  'Please upload the attachment again before sending your report.';
export const DISPUTE_RECEIVED =
  'We have received your report. Keep your tracking number to follow it.';
export const NOT_A_FROZEN_REPORT =
  'Only a report of a transaction you did not authorise can be confirmed.';
export const CONFIRMED_IT_WAS_ME = 'Thank you. Your outgoing payments are available again.';
