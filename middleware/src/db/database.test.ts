import { sql } from 'kysely';
import { migrateToLatest } from './index.js';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../test-support/test-database.js';

describe(`database layer on ${testDatabaseKind()}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('reports which engine it runs on', () => {
    expect(database.kind).toBe(testDatabaseKind());
  });

  it('applies the migrations idempotently', async () => {
    const again = await migrateToLatest(database.db);
    expect(again.results).toEqual([]);
    const tables = await sql<{ table_name: string }>`
      select table_name from information_schema.tables where table_schema = 'public'`.execute(
      database.db,
    );
    expect(tables.rows.map((r) => r.table_name)).toEqual(
      expect.arrayContaining(['users', 'otps', 'outbox']),
    );
  });

  it('returns the same types on both engines', async () => {
    const { rows } = await sql<{ big: number; money: string; at: Date; doc: { a: number } }>`
      select 9007199254740991::int8 as big, 1.50::numeric as money, now() as at, '{"a":1}'::jsonb as doc`.execute(
      database.db,
    );
    expect(rows[0]).toEqual({
      big: 9007199254740991,
      money: '1.50',
      at: expect.any(Date),
      doc: { a: 1 },
    });
  });

  it('surfaces constraint violations as errors carrying the PostgreSQL code', async () => {
    const user = { phone_number: '2348012345678', referral_code: 'REF-UNIQUE-1' };
    await database.db.insertInto('users').values(user).execute();
    await expect(
      database.db
        .insertInto('users')
        .values({ ...user, referral_code: 'REF-UNIQUE-2' })
        .execute(),
    ).rejects.toMatchObject({ code: '23505', message: expect.stringContaining('duplicate key') });
    await expect(
      database.db
        .insertInto('users')
        .values({ phone_number: '2348000000001', referral_code: 'X', nin: '12' })
        .execute(),
    ).rejects.toMatchObject({ code: '23514' });
  });

  it('rolls a failed transaction back and commits a good one', async () => {
    await expect(
      database.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('outbox')
          .values({ channel: 'sms', recipient: 'rollback', body: 'x' })
          .execute();
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    await database.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('outbox')
        .values({ channel: 'sms', recipient: 'commit', body: 'x' })
        .execute();
    });
    const rows = await database.db.selectFrom('outbox').select('recipient').execute();
    expect(rows.map((r) => r.recipient)).toEqual(['commit']);
  });

  it('serialises concurrent read-modify-write transactions with row locks', async () => {
    const { id } = await database.db
      .insertInto('users')
      .values({ phone_number: '2348099999999', referral_code: 'COUNTER', state_id: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const increment = () =>
      database.db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('users')
          .select('state_id')
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirstOrThrow();
        await trx
          .updateTable('users')
          .set({ state_id: (row.state_id ?? 0) + 1 })
          .where('id', '=', id)
          .execute();
      });
    await Promise.all(Array.from({ length: 8 }, increment));
    const after = await database.db
      .selectFrom('users')
      .select('state_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(after.state_id).toBe(8);
  });

  it('reports affected rows for updates', async () => {
    const result = await database.db
      .updateTable('outbox')
      .set({ body: 'y' })
      .where('recipient', '=', 'commit')
      .executeTakeFirst();
    expect(result.numUpdatedRows).toBe(1n);
  });
});
