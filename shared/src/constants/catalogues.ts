// Fixed lists of SPEC §3 and §9: telcos, transaction types, delete-account reasons, NIN statuses.
import type { NinVerificationStatus, Telco } from '../entities';

/** SPEC §3: telcos (code, name). */
export const TELCOS: readonly Telco[] = [
  { code: 'mtnng', name: 'MTN' },
  { code: 'airng', name: 'AIRTEL' },
  { code: 'glong', name: 'GLO' },
  { code: 'eting', name: '9MOBILE' },
];

/** SPEC §9 transaction types with labels; others are shown raw. */
export const TRANSACTION_TYPES = {
  intraInward: 'intra-inward',
  intraOutward: 'intra-outward',
  interInward: 'inter-inward',
  interOutward: 'inter-outward',
  credit: 'credit',
} as const;

/** SPEC §9: credit, inter-inward and intra-inward amounts use the primary colour. */
export const CREDIT_TRANSACTION_TYPES: readonly string[] = [
  TRANSACTION_TYPES.credit,
  TRANSACTION_TYPES.interInward,
  TRANSACTION_TYPES.intraInward,
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
