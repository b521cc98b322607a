import { forwardRef } from 'react';
import type { ReactNode } from 'react';
import type { Wallet } from '../entities';
import { isCommissionWallet, isWalletBlocked } from '@ajo/shared/format';
import { Select, type SelectOption, type SelectProps } from './select';

export type WalletChoice = Pick<Wallet, 'name' | 'account_no' | 'product_id'> &
  Partial<Pick<Wallet, 'account_status'>>;

export interface WalletOptionsConfig {
  /** SPEC §3: the commission wallet (product_id 4) is left out of source lists unless asked. */
  includeCommission?: boolean;
}

/**
 * One option per wallet: value the account number, text the name and account number. The
 * commission wallet, when asked for, shows its name only (SPEC §2 / §3 hide its account number); a
 * blocked wallet is listed but cannot be picked, so the customer sees why it is missing.
 */
export function walletOptions(
  wallets: readonly WalletChoice[],
  { includeCommission = false }: WalletOptionsConfig = {},
): SelectOption[] {
  return wallets
    .filter((wallet) => includeCommission || !isCommissionWallet(wallet))
    .map((wallet) => {
      const { account_status: status } = wallet;
      const blocked = status !== undefined && isWalletBlocked({ account_status: status });
      const text = isCommissionWallet(wallet)
        ? wallet.name
        : `${wallet.name} - ${wallet.account_no}`;
      return {
        value: wallet.account_no,
        label: blocked ? `${text} (blocked)` : text,
        disabled: blocked,
      };
    });
}

export interface WalletSelectProps
  extends Omit<SelectProps, 'options' | 'label'>, WalletOptionsConfig {
  wallets: readonly WalletChoice[];
  /** Defaults to 'Source wallet' (SPEC §5). */
  label?: ReactNode;
}

/**
 * SPEC §5 "Source wallet required; product_id 4 excluded": the wallet a transfer or payment is paid
 * from. Ref-forwarding, so react-hook-form's register() works; validate with
 * `sourceWalletNumberSchema` ('Source wallet required') and pass its message as `error`.
 */
export const WalletSelect = forwardRef<HTMLSelectElement, WalletSelectProps>(function WalletSelect(
  { wallets, includeCommission, label = 'Source wallet', placeholder = 'Select wallet', ...rest },
  ref,
) {
  return (
    <Select
      ref={ref}
      label={label}
      placeholder={placeholder}
      options={walletOptions(wallets, { includeCommission })}
      {...rest}
    />
  );
});
