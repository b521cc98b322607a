import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { createLedger, koboToNaira, type Account } from '../../ledger/index.js';

/** SPEC §3 wallet as GET /users/{id} answers it (@ajo/shared walletSchema). */
export interface WalletObject {
  id: string;
  name: string;
  account_no: string;
  balance: number;
  /**
   * What can be spent: the balance less the money card authorisations hold
   * (docs/decisions/041-authorisation-holds.md). The balance itself is the ledger's.
   */
  available_balance: number;
  product_id: number;
  account_status: string;
}

/** Names and products of the two wallets opened at activation (SPEC §9: product 4). */
export const MAIN_WALLET = { name: 'Ajo Wallet', productId: 1 } as const;
export const COMMISSION_WALLET = { name: 'Commission Wallet', productId: 4 } as const;

export function toWalletObject(account: Account): WalletObject {
  return {
    id: account.id,
    name: account.name,
    account_no: account.accountNumber ?? '',
    // Naira with 2 decimals as a number, from integer kobo (exact for any realistic balance).
    balance: Number(koboToNaira(account.balanceKobo)),
    available_balance: Number(koboToNaira(account.availableKobo)),
    product_id: account.productId ?? MAIN_WALLET.productId,
    account_status: account.status,
  };
}

/** The user's wallets from the ledger, main wallet first (then by opening time). */
export function createWalletLister(db: Kysely<Database>) {
  const ledger = createLedger(db);
  return async (userId: string): Promise<WalletObject[]> => {
    const accounts = await ledger.listAccountsOfUser(userId);
    const rank = (a: Account) => (a.type === 'customer_wallet' ? 0 : 1);
    return accounts
      .filter((a) => a.accountNumber !== null)
      .sort((a, b) => rank(a) - rank(b) || a.createdAt.getTime() - b.createdAt.getTime())
      .map(toWalletObject);
  };
}
