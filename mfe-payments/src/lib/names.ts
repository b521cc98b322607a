import { TELCOS } from '@ajo/shared/constants';
import type { Wallet } from '@ajo/shared/entities';
import { isWalletBlocked, transferSourceWallets } from '@ajo/shared/format';

/** SPEC §3 telco name for a code ('mtnng' → 'MTN'). */
export const telcoName = (code: string) => TELCOS.find((t) => t.code === code)?.name ?? code;

/** The wallet_name of SPEC §3 payloads: the chosen wallet's name. */
export const walletName = (wallets: readonly Wallet[], accountNumber: string) =>
  wallets.find((w) => w.account_no === accountNumber)?.name ?? '';

/**
 * The wallet a payment form starts on: the main wallet (the first that is not the commission
 * wallet and not blocked). The commission wallet stays selectable (SPEC §9), never preselected.
 */
export const defaultWallet = (wallets: readonly Wallet[]) =>
  transferSourceWallets(wallets).find((w) => !isWalletBlocked(w))?.account_no ?? '';
