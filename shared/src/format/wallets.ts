// SPEC §3 / §4 wallet rules used by several screens.
import { COMMISSION_WALLET_PRODUCT_ID } from '@ajo/shared/constants';
import type { Wallet } from '../entities';

/** SPEC §3: product_id 4 is the commission wallet. */
export function isCommissionWallet(wallet: Pick<Wallet, 'product_id'>): boolean {
  return Number(wallet.product_id) === COMMISSION_WALLET_PRODUCT_ID;
}

/** SPEC §5: the commission wallet is excluded from transfer source lists. */
export function transferSourceWallets<T extends Pick<Wallet, 'product_id'>>(
  wallets: readonly T[],
): T[] {
  return wallets.filter((wallet) => !isCommissionWallet(wallet));
}

export function isWalletBlocked(wallet: Pick<Wallet, 'account_status'>): boolean {
  return String(wallet.account_status).toLowerCase() === 'blocked';
}

/** SPEC §4: a blocked wallet card is red, otherwise normal. */
export function walletStatusTone(wallet: Pick<Wallet, 'account_status'>): 'danger' | 'primary' {
  return isWalletBlocked(wallet) ? 'danger' : 'primary';
}
