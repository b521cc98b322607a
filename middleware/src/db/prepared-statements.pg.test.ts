import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js';
import { statementName } from './prepared-statements.js';

// What PostgreSQL itself holds: statements kept prepared on the pool's connections, and none of
// them broken by a column a migration adds while the instance runs. PostgreSQL only (PGlite is
// driven through its own client).
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

const db = () => database.db;

it('keeps a statement with parameters prepared on its connection, planned once', async () => {
  await db()
    .transaction()
    .execute(async (trx) => {
      for (let i = 0; i < 3; i++)
        await trx
          .selectFrom('users')
          .select('id')
          .where('phone_number', '=', `23480000000${i}`)
          .execute();
      const { rows } = await sql<{ name: string; statement: string }>`
      select name, statement from pg_prepared_statements`.execute(trx);
      const text = 'select "id" from "users" where "phone_number" = $1';
      expect(rows).toContainEqual({ name: statementName(text), statement: text });
    });
});

it('answers * statements and named ones alike after a column is added meanwhile', async () => {
  await sql`create table prepared_probe (id int primary key, label text)`.execute(db());
  await sql`insert into prepared_probe values (1, 'one')`.execute(db());
  const star = () =>
    db()
      .selectFrom('prepared_probe' as never)
      .selectAll()
      .where('id' as never, '=', 1 as never)
      .execute();
  const named = () =>
    db()
      .selectFrom('prepared_probe' as never)
      .select('label' as never)
      .where('id' as never, '=', 1 as never)
      .execute();
  // Every connection of the pool (5) prepares what it can.
  await Promise.all(Array.from({ length: 10 }, () => Promise.all([star(), named()])));
  await sql`alter table prepared_probe add column extra text default 'x'`.execute(db());
  const after = await Promise.all(Array.from({ length: 10 }, () => Promise.all([star(), named()])));
  for (const [starRows, namedRows] of after) {
    expect(starRows).toEqual([{ id: 1, label: 'one', extra: 'x' }]);
    expect(namedRows).toEqual([{ label: 'one' }]);
  }
});
