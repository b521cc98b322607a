// SPEC §9 transaction type labels and colours.
import { CREDIT_TRANSACTION_TYPES, TRANSACTION_TYPES } from '../constants/catalogues';

export type TransactionTone = 'primary' | 'danger';

const normalise = (type: string) => type.trim().toLowerCase();

/**
 * intra-inward '{product} Transfer (Credit)', intra-outward '{product} Transfer (Debit)',
 * inter-outward 'Bank Transfer (Debit)', inter-inward 'Bank Transfer (Credit)'; others raw.
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
    default:
      return type;
  }
}

/** Credit, inter-inward and intra-inward amounts use the primary colour; all others red. */
export function isCreditTransaction(type: string): boolean {
  return CREDIT_TRANSACTION_TYPES.includes(normalise(type));
}

export function transactionTypeTone(type: string): TransactionTone {
  return isCreditTransaction(type) ? 'primary' : 'danger';
}
