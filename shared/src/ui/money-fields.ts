// @ajo/shared/ui/money-fields: the fields every transfer and payment screen shares, on their own
// subpath so those screens do not pull the whole kit and the kit does not carry them elsewhere.
export { WalletSelect, walletOptions } from './wallet-select';
export type { WalletChoice, WalletOptionsConfig, WalletSelectProps } from './wallet-select';
export { PinField } from './pin-field';
export type { PinFieldProps } from './pin-field';
export { AmountField } from './amount-field';
export type { AmountFieldProps } from './amount-field';
export { SummaryList } from './summary-list';
export type { SummaryListProps, SummaryRow } from './summary-list';
