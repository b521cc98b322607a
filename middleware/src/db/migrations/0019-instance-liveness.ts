import { sql, type Kysely } from 'kysely';

/*
 * Which middleware instances are alive (src/money/liveness.ts): each keeps a row in `instances`
 * whose heartbeat it renews twice a second. A money call's claim (`client_references.instance_id`)
 * and each transaction-PIN comparison under way (`transaction_pin_slots`) name the instance that
 * holds them, so when that instance dies (its heartbeat goes stale) they are freed within seconds
 * instead of after a 60-s lease or a 120-s quiet spell. No foreign keys to `instances`: a row
 * whose instance is gone must read as "dead", not fail. Expand only: older code inserts claims
 * without an instance (null: only the lease frees them) and never writes the new tables.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('instances')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('heartbeat_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('client_references').addColumn('instance_id', 'uuid').execute();
  // GET /money/attempts/:key reads a user's call by key, whatever its route.
  await sql`create index client_references_by_key on client_references (user_id, key)`.execute(db);
  await db.schema
    .createTable('transaction_pin_slots')
    .addColumn('token', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('instance_id', 'uuid', (c) => c.notNull())
    .addColumn('taken_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index transaction_pin_slots_by_user on transaction_pin_slots (user_id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('transaction_pin_slots').execute();
  await sql`drop index client_references_by_key`.execute(db);
  await db.schema.alterTable('client_references').dropColumn('instance_id').execute();
  await db.schema.dropTable('instances').execute();
}
