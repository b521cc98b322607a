// Fixed lists of SPEC §3 and §9: telcos, transaction types, delete-account reasons, NIN statuses.
import type { NinVerificationStatus, Telco } from '../entities';

/** SPEC §3: telcos (code, name). */
export const TELCOS: readonly Telco[] = [
  { code: 'mtnng', name: 'MTN' },
  { code: 'airng', name: 'AIRTEL' },
  { code: 'glong', name: 'GLO' },
  { code: 'eting', name: '9MOBILE' },
];

/**
 * SPEC §9 transaction types with labels, plus the credits and reversals the ledger adds
 * (docs/decisions/014-money-in-is-never-red.md): the server names every entry of a wallet's history
 * with the direction as the customer sees it, '-inward' for money in, '-outward' for money out.
 */
export const TRANSACTION_TYPES = {
  intraInward: 'intra-inward',
  intraOutward: 'intra-outward',
  interInward: 'inter-inward',
  interOutward: 'inter-outward',
  credit: 'credit',
  cardTopUpInward: 'card-top-up-inward',
  rewardInward: 'reward-inward',
  reversalInward: 'reversal-inward',
  reversalOutward: 'reversal-outward',
} as const;

/**
 * SPEC §9: credit, inter-inward and intra-inward amounts use the primary colour; so does every
 * other '-inward' type (money in is never red, docs/decisions/014-money-in-is-never-red.md).
 */
export const CREDIT_TRANSACTION_TYPES: readonly string[] = [
  TRANSACTION_TYPES.credit,
  TRANSACTION_TYPES.interInward,
  TRANSACTION_TYPES.intraInward,
  TRANSACTION_TYPES.cardTopUpInward,
  TRANSACTION_TYPES.rewardInward,
  TRANSACTION_TYPES.reversalInward,
];

/** SPEC §9: the reason that reveals a free-text box (SPEC §4). */
export const OTHER_REASONS = 'Other Reasons';

/** SPEC §9 delete-account reasons, in order. */
export const DELETE_ACCOUNT_REASONS = [
  'Security and privacy concerns',
  'Dissatisfaction with services',
  'Account closure or inactivity',
  'Personal financial situation changes',
  'Switching to a different fintech app',
  'Technical issues or errors',
  'Change in personal preferences',
  'Account compromise or fraud',
  'Legal or regulatory requirements',
  'Personal data management',
  OTHER_REASONS,
] as const;

export type DeleteAccountReason = (typeof DELETE_ACCOUNT_REASONS)[number];

export const NIN_VERIFICATION_STATUSES: readonly NinVerificationStatus[] = [
  'pending',
  'processing',
  'approved',
  'declined',
];

/** SPEC §2: the only statement type offered. */
export const STATEMENT_TYPES = [{ value: 'mini', label: 'Mini statement' }] as const;

/** SPEC §3: signup genders. */
export const GENDERS = ['male', 'female'] as const;
