import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { generateAccountNumber } from './account-number.js';
import { classifyAccountRef } from './entry-input.js';
import { constraintName, LedgerError, sqlState } from './ledger-error.js';
import type { LedgerAccountsTable } from './tables.js';
import {
  SYSTEM_ACCOUNT_TYPES,
  WALLET_TYPES,
  type Account,
  type AccountRef,
  type AccountStatus,
  type AccountType,
  type SystemAccountType,
} from './types.js';

export interface OpenAccountInput {
  type: AccountType;
  name: string;
  ownerUserId?: string;
  productId?: number;
}

export interface WalletOwner {
  accountId: string;
  accountNumber: string;
  ownerUserId: string | null;
  type: AccountType;
  status: AccountStatus;
  name: string;
}

type AccountRow = Selectable<LedgerAccountsTable>;
type Db = Kysely<Database> | Transaction<Database>;

const ACCOUNT_NUMBER_ATTEMPTS = 10;

const SYSTEM_ACCOUNT_NAMES: Record<SystemAccountType, string> = {
  bank_settlement: 'Bank settlement',
  bill_payables: 'Bill payables',
  card_checkout_clearing: 'Card checkout clearing',
  cash_agent_float: 'Cash agent float',
  commission_pool: 'Commission pool',
  fees: 'Fees',
  outbound_holding: 'Outbound money awaiting the provider',
  referral_programme: 'Referral programme',
  card_settlement: 'Card network settlement',
};

export function isWalletType(type: AccountType): boolean {
  return (WALLET_TYPES as readonly string[]).includes(type);
}

export function toAccount(row: AccountRow): Account {
  return {
    id: row.id,
    accountNumber: row.account_number,
    type: row.type,
    name: row.name,
    ownerUserId: row.owner_user_id,
    productId: row.product_id,
    currency: row.currency,
    status: row.status,
    balanceKobo: row.balance_kobo,
    heldKobo: row.held_kobo,
    availableKobo: row.balance_kobo - row.held_kobo,
    createdAt: row.created_at,
  };
}

/** The WHERE clause that finds the account an AccountRef names (id, wallet number or system type). */
export function whereRef(ref: AccountRef) {
  const { kind, value } = classifyAccountRef(ref);
  if (kind === 'id') return sql<boolean>`id = ${value}::uuid`;
  if (kind === 'number') return sql<boolean>`account_number = ${value}`;
  return sql<boolean>`type = ${value}`;
}

export function createAccounts(
  db: Kysely<Database>,
  institutionCode: string,
  randomInt?: (min: number, max: number) => number,
) {
  async function findAccount(ref: AccountRef, trx: Db = db): Promise<Account | undefined> {
    const row = await trx
      .selectFrom('ledger_accounts')
      .selectAll()
      .where(whereRef(ref))
      .executeTakeFirst();
    return row && toAccount(row);
  }

  async function getAccount(ref: AccountRef): Promise<Account> {
    const account = await findAccount(ref);
    if (!account) throw new LedgerError('ACCOUNT_NOT_FOUND', 'Account not found.');
    return account;
  }

  /**
   * Wallets get a random 10-digit NUBAN-style number; a collision with an existing number is
   * caught on the unique constraint and a new number drawn.
   */
  async function openAccount(input: OpenAccountInput): Promise<Account> {
    if (!isWalletType(input.type))
      return ensureSystemAccount(input.type as SystemAccountType, input.name);
    for (let attempt = 0; attempt < ACCOUNT_NUMBER_ATTEMPTS; attempt++) {
      try {
        const row = await db
          .insertInto('ledger_accounts')
          .values({
            type: input.type,
            name: input.name,
            owner_user_id: input.ownerUserId ?? null,
            product_id: input.productId ?? null,
            account_number: generateAccountNumber(institutionCode, randomInt),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        return toAccount(row);
      } catch (error) {
        if (
          sqlState(error) !== '23505' ||
          constraintName(error) !== 'ledger_accounts_account_number_key'
        ) {
          throw error;
        }
      }
    }
    throw new LedgerError('ACCOUNT_NUMBER_EXHAUSTED', 'Could not allocate an account number.');
  }

  async function ensureSystemAccount(type: SystemAccountType, name = SYSTEM_ACCOUNT_NAMES[type]) {
    // Idempotent and race-safe: the partial unique index on type turns a second insert into a no-op.
    await sql`insert into ledger_accounts (type, name) values (${type}, ${name}) on conflict do nothing`.execute(
      db,
    );
    return getAccount(type);
  }

  async function ensureSystemAccounts(): Promise<Record<SystemAccountType, Account>> {
    const entries: Array<[SystemAccountType, Account]> = [];
    for (const type of SYSTEM_ACCOUNT_TYPES) entries.push([type, await ensureSystemAccount(type)]);
    return Object.fromEntries(entries) as Record<SystemAccountType, Account>;
  }

  async function getBalance(ref: AccountRef): Promise<number> {
    return (await getAccount(ref)).balanceKobo;
  }

  async function setStatus(ref: AccountRef, status: AccountStatus): Promise<Account> {
    const row = await db
      .updateTable('ledger_accounts')
      .set({ status, updated_at: sql`now()` as unknown as Date })
      .where(whereRef(ref))
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new LedgerError('ACCOUNT_NOT_FOUND', 'Account not found.');
    return toAccount(row);
  }

  /** For the auth layer's ownership check: who owns the wallet with this number, if anyone. */
  async function findWalletOwner(accountNumber: string): Promise<WalletOwner | undefined> {
    if (!/^\d{10}$/.test(accountNumber)) return undefined;
    const row = await db
      .selectFrom('ledger_accounts')
      .select(['id', 'account_number', 'owner_user_id', 'type', 'status', 'name'])
      .where('account_number', '=', accountNumber)
      .executeTakeFirst();
    if (!row || row.account_number === null) return undefined;
    return {
      accountId: row.id,
      accountNumber: row.account_number,
      ownerUserId: row.owner_user_id,
      type: row.type,
      status: row.status,
      name: row.name,
    };
  }

  async function listAccountsOfUser(ownerUserId: string): Promise<Account[]> {
    const rows = await db
      .selectFrom('ledger_accounts')
      .selectAll()
      .where('owner_user_id', '=', ownerUserId)
      .orderBy('created_at')
      .execute();
    return rows.map(toAccount);
  }

  return {
    openAccount,
    ensureSystemAccounts,
    findAccount,
    getAccount,
    getBalance,
    setStatus,
    findWalletOwner,
    listAccountsOfUser,
  };
}
