import { TELCOS } from '@ajo/shared/constants';
import type { Wallet } from '@ajo/shared/entities';

/** SPEC §3 telco name for a code ('mtnng' → 'MTN'). */
export const telcoName = (code: string) => TELCOS.find((t) => t.code === code)?.name ?? code;

/** The wallet_name of SPEC §3 payloads: the chosen wallet's name. */
export const walletName = (wallets: readonly Wallet[], accountNumber: string) =>
  wallets.find((w) => w.account_no === accountNumber)?.name ?? '';
