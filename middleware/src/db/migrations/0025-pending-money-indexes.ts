import { sql, type Kysely } from 'kysely';

/*
 * The metrics scrape (src/plugins/metrics.ts) counts pending bank transfers and bill payments and
 * reads the oldest one's age on every scrape: partial indexes over the pending rows keep that a
 * read of the few rows still waiting, however long the history grows. Expand only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index outbound_transfers_pending_idx on outbound_transfers (created_at) where status = 'pending'`.execute(
    db,
  );
  await sql`create index bill_payments_pending_idx on bill_payments (created_at) where status = 'pending'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists bill_payments_pending_idx`.execute(db);
  await sql`drop index if exists outbound_transfers_pending_idx`.execute(db);
}
