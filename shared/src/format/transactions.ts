// SPEC §9 transaction type labels and colours.
import { CREDIT_TRANSACTION_TYPES, TRANSACTION_TYPES } from '@ajo/shared/constants';

export type TransactionTone = 'primary' | 'danger';

const normalise = (type: string) => type.trim().toLowerCase();

/**
 * intra-inward '{product} Transfer (Credit)', intra-outward '{product} Transfer (Debit)',
 * inter-outward 'Bank Transfer (Debit)', inter-inward 'Bank Transfer (Credit)'; the ledger's own
 * credits and reversals say what they were (docs/decisions/014-money-in-is-never-red.md); others raw.
 */
export function transactionTypeLabel(type: string, productName: string): string {
  switch (normalise(type)) {
    case TRANSACTION_TYPES.intraInward:
      return `${productName} Transfer (Credit)`;
    case TRANSACTION_TYPES.intraOutward:
      return `${productName} Transfer (Debit)`;
    case TRANSACTION_TYPES.interOutward:
      return 'Bank Transfer (Debit)';
    case TRANSACTION_TYPES.interInward:
      return 'Bank Transfer (Credit)';
    case TRANSACTION_TYPES.cardTopUpInward:
      return 'Card Top-up (Credit)';
    case TRANSACTION_TYPES.rewardInward:
      return 'Referral Reward (Credit)';
    case TRANSACTION_TYPES.reversalInward:
      return 'Reversal (Credit)';
    case TRANSACTION_TYPES.reversalOutward:
      return 'Reversal (Debit)';
    default:
      return type;
  }
}

/**
 * Credit, inter-inward and intra-inward amounts use the primary colour, and so does any other
 * '-inward' type, so a credit type added later is never shown as money out; all others red.
 */
export function isCreditTransaction(type: string): boolean {
  const normalised = normalise(type);
  return CREDIT_TRANSACTION_TYPES.includes(normalised) || normalised.endsWith('-inward');
}

export function transactionTypeTone(type: string): TransactionTone {
  return isCreditTransaction(type) ? 'primary' : 'danger';
}
