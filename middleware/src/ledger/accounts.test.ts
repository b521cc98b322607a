import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js';
import { isValidNuban } from './account-number.js';
import { createLedger, type Ledger } from './index.js';

let tdb: TestDatabase;
let ledger: Ledger;

beforeAll(async () => {
  tdb = await createTestDatabase();
  ledger = createLedger(tdb.db);
});
afterAll(() => tdb.drop());

describe('ledger accounts', () => {
  it('opens customer wallets with unique, random, check-digit-valid 10-digit numbers', async () => {
    const wallets = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        ledger.openAccount({ type: 'customer_wallet', name: `W${i}` }),
      ),
    );
    const numbers = wallets.map((w) => w.accountNumber ?? '');
    expect(new Set(numbers).size).toBe(40);
    for (const number of numbers) {
      expect(number).toMatch(/^\d{10}$/);
      expect(isValidNuban(ledger.institutionCode, number)).toBe(true);
    }
    const sorted = numbers.map((n) => Number(n.slice(0, 9))).sort((a, b) => a - b);
    expect(sorted.slice(1).some((s, i) => s - (sorted[i] ?? 0) <= 1)).toBe(false);
    expect(wallets[0]).toMatchObject({
      currency: 'NGN',
      status: 'active',
      balanceKobo: 0,
      type: 'customer_wallet',
    });
  });

  it('draws a new number when the first one is already taken', async () => {
    const serials = [123456789, 123456789, 987654321];
    const forced = createLedger(tdb.db, { randomInt: () => serials.shift() ?? 555 });
    const first = await forced.openAccount({ type: 'customer_wallet', name: 'First' });
    const second = await forced.openAccount({
      type: 'commission_wallet',
      name: 'Second',
      productId: 4,
    });
    expect(first.accountNumber?.slice(0, 9)).toBe('123456789');
    expect(second.accountNumber?.slice(0, 9)).toBe('987654321');
    expect(second.productId).toBe(4);
  });

  it('creates each system account once, however often and concurrently it is asked', async () => {
    const [a, b] = await Promise.all([
      ledger.ensureSystemAccounts(),
      ledger.ensureSystemAccounts(),
    ]);
    const c = await ledger.ensureSystemAccounts();
    expect(Object.keys(c).sort()).toEqual([
      'bank_settlement',
      'bill_payables',
      'card_checkout_clearing',
      'card_settlement',
      'cash_agent_float',
      'commission_pool',
      'fees',
      'outbound_holding',
      'referral_programme',
    ]);
    expect(a?.fees.id).toBe(c.fees.id);
    expect(b?.bank_settlement.id).toBe(c.bank_settlement.id);
    expect(c.fees.accountNumber).toBeNull();
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from ledger_accounts where type = 'fees'`.execute(tdb.db);
    expect(rows[0]?.n).toBe(1);
  });

  it('finds an account by id, by wallet number and by system type', async () => {
    const wallet = await ledger.openAccount({ type: 'customer_wallet', name: 'Ada' });
    expect((await ledger.getAccount(wallet.id)).accountNumber).toBe(wallet.accountNumber);
    expect((await ledger.getAccount(wallet.accountNumber ?? '')).id).toBe(wallet.id);
    expect((await ledger.getAccount('bank_settlement')).type).toBe('bank_settlement');
    await expect(ledger.getAccount('0000000000')).rejects.toMatchObject({
      code: 'ACCOUNT_NOT_FOUND',
      status: 404,
    });
  });

  it('tells the auth layer who owns a wallet number', async () => {
    const { rows } = await sql<{ id: string }>`
      insert into users (phone_number, referral_code) values ('2348030000001', 'REF0001') returning id`.execute(
      tdb.db,
    );
    const userId = rows[0]?.id ?? '';
    const wallet = await ledger.openAccount({
      type: 'customer_wallet',
      name: 'Ada Main',
      ownerUserId: userId,
    });
    await expect(ledger.findWalletOwner(wallet.accountNumber ?? '')).resolves.toMatchObject({
      accountId: wallet.id,
      ownerUserId: userId,
      status: 'active',
    });
    await expect(ledger.findWalletOwner('9999999999')).resolves.toBeUndefined();
    await expect(ledger.findWalletOwner('not-a-number')).resolves.toBeUndefined();
    expect((await ledger.listAccountsOfUser(userId)).map((a) => a.id)).toEqual([wallet.id]);
  });

  it('blocks and closes accounts', async () => {
    const wallet = await ledger.openAccount({ type: 'customer_wallet', name: 'Bola' });
    expect((await ledger.setStatus(wallet.id, 'blocked')).status).toBe('blocked');
    expect((await ledger.getAccount(wallet.id)).status).toBe('blocked');
    await expect(ledger.setStatus('1111111111', 'closed')).rejects.toMatchObject({
      code: 'ACCOUNT_NOT_FOUND',
    });
  });

  it('refuses, in the database itself, a negative wallet balance', async () => {
    const wallet = await ledger.openAccount({ type: 'customer_wallet', name: 'Chi' });
    await expect(
      sql`update ledger_accounts set balance_kobo = -1 where id = ${wallet.id}`.execute(tdb.db),
    ).rejects.toMatchObject({ code: '23514' });
    // System accounts such as settlement may go negative by nature.
    const settlement = await ledger.getAccount('bank_settlement');
    await expect(
      sql`update ledger_accounts set balance_kobo = -1 where id = ${settlement.id}`.execute(tdb.db),
    ).resolves.toBeDefined();
    await sql`update ledger_accounts set balance_kobo = 0 where id = ${settlement.id}`.execute(
      tdb.db,
    );
  });
});
