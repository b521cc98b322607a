import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js';
import { createLedger, type Ledger } from './index.js';

// Rules the database holds by itself, whatever SQL reaches it (migration 0002-ledger).
let tdb: TestDatabase;
let ledger: Ledger;
let walletId: string;
let entryId: string;

beforeAll(async () => {
  tdb = await createTestDatabase();
  ledger = createLedger(tdb.db);
  await ledger.ensureSystemAccounts();
  const wallet = await ledger.openAccount({ type: 'customer_wallet', name: 'Ada' });
  walletId = wallet.id;
  const { entry } = await ledger.transfer({
    from: 'bank_settlement',
    to: wallet.id,
    amountKobo: 5_000,
    reference: 'seed',
    type: 'funding',
    narration: 'seed',
  });
  entryId = entry.id;
});
afterAll(() => tdb.drop());

const settlementId = async () => (await ledger.getAccount('bank_settlement')).id;

describe('ledger database rules', () => {
  it('refuses at commit an unbalanced entry written with raw SQL', async () => {
    const settlement = await settlementId();
    const write = tdb.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ id: string }>`
        insert into ledger_entries (reference, type, narration) values ('raw-1', 'funding', 'raw')
        returning id`.execute(trx);
      const id = rows[0]?.id;
      await sql`insert into ledger_postings (entry_id, account_id, amount_kobo)
        values (${id}, ${settlement}, -100), (${id}, ${walletId}, 99)`.execute(trx);
    });
    await expect(write).rejects.toMatchObject({ code: 'LG001' });
    const { rows } = await sql`select 1 from ledger_entries where reference = 'raw-1'`.execute(
      tdb.db,
    );
    expect(rows).toHaveLength(0);
  });

  it('refuses an entry without postings and an extra leg added to an existing entry', async () => {
    await expect(
      sql`insert into ledger_entries (reference, type, narration) values ('raw-2', 'funding', 'raw')`.execute(
        tdb.db,
      ),
    ).rejects.toMatchObject({ code: 'LG001' });
    await expect(
      sql`insert into ledger_postings (entry_id, account_id, amount_kobo)
        values (${entryId}, ${await ledger.getAccount('fees').then((a) => a.id)}, 1)`.execute(
        tdb.db,
      ),
    ).rejects.toMatchObject({ code: 'LG001' });
  });

  it('accepts a balanced entry written with raw SQL', async () => {
    const settlement = await settlementId();
    await tdb.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ id: string }>`
        insert into ledger_entries (reference, type, narration) values ('raw-3', 'funding', 'raw')
        returning id`.execute(trx);
      await sql`insert into ledger_postings (entry_id, account_id, amount_kobo)
        values (${rows[0]?.id}, ${settlement}, -100), (${rows[0]?.id}, ${walletId}, 100)`.execute(
        trx,
      );
      // Keep the cached balances honest too, as the service does.
      await sql`update ledger_accounts set balance_kobo = balance_kobo - 100 where id = ${settlement}`.execute(
        trx,
      );
      await sql`update ledger_accounts set balance_kobo = balance_kobo + 100 where id = ${walletId}`.execute(
        trx,
      );
    });
    expect(await ledger.getBalance(walletId)).toBe(5_100);
    expect((await ledger.reconcile()).mismatches).toEqual([]);
  });

  it('refuses to update or delete postings and entries', async () => {
    const attempts = [
      sql`update ledger_postings set amount_kobo = amount_kobo * 2 where entry_id = ${entryId}`,
      sql`delete from ledger_postings where entry_id = ${entryId}`,
      sql`update ledger_entries set narration = 'edited' where id = ${entryId}`,
      sql`delete from ledger_entries where id = ${entryId}`,
      sql`truncate ledger_postings`,
    ];
    for (const attempt of attempts) {
      await expect(attempt.execute(tdb.db)).rejects.toMatchObject({ code: 'LG002' });
    }
    const entry = await sql<{
      narration: string;
    }>`select narration from ledger_entries where id = ${entryId}`.execute(tdb.db);
    expect(entry.rows[0]?.narration).toBe('seed');
  });

  it('refuses a second reversal of the same entry even with raw SQL', async () => {
    await ledger.reverse('seed', 'seed-rev', 'undo');
    const settlement = await settlementId();
    const write = tdb.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ id: string }>`
        insert into ledger_entries (reference, type, narration, reverses_entry_id)
        values ('seed-rev-2', 'reversal', 'undo again', ${entryId}) returning id`.execute(trx);
      await sql`insert into ledger_postings (entry_id, account_id, amount_kobo)
        values (${rows[0]?.id}, ${settlement}, 1), (${rows[0]?.id}, ${walletId}, -1)`.execute(trx);
    });
    await expect(write).rejects.toMatchObject({ code: '23505' });
  });
});
