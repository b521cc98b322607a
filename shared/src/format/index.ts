// @ajo/shared/format: display helpers of SPEC §2, §3, §4 and §9.
export { formatNaira, formatKobo, nairaToKobo, koboToNaira } from './naira';
export { maskRecipient } from './recipient';
export { transactionTypeLabel, transactionTypeTone, isCreditTransaction } from './transactions';
export type { TransactionTone } from './transactions';
export { initials, fullName } from './names';
export { toBankOptionValue, parseBankOptionValue, sortBanksByName } from './banks';
export {
  isCommissionWallet,
  transferSourceWallets,
  walletStatusTone,
  isWalletBlocked,
} from './wallets';
export { ninStatusBadge } from './nin-status';
export type { NinStatusBadge, StatusTone } from './nin-status';
export { maskBvn } from './identity-numbers';
export { formatDateTime } from './date-time';
