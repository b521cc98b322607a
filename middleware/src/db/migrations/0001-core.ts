import { sql, type Kysely } from 'kysely';

// Migrations receive an untyped Kysely: they describe the schema at their point in history.
// One statement per call: PGlite's extended protocol runs a single statement per query.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('phone_number', 'text', (c) => c.notNull().unique())
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('middle_name', 'text')
    .addColumn('address', 'text')
    .addColumn('state_id', 'integer')
    .addColumn('lga_id', 'integer')
    .addColumn('gender', 'text', (c) => c.check(sql`gender in ('male', 'female')`))
    .addColumn('email', 'text')
    .addColumn('photo_url', 'text')
    .addColumn('is_verified', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('mifos_client_id', 'bigint')
    .addColumn('nin', 'text', (c) => c.check(sql`nin ~ '^[0-9]{11}$'`))
    .addColumn('nin_verification_status', 'text', (c) =>
      c.check(sql`nin_verification_status in ('pending', 'processing', 'approved', 'declined')`),
    )
    .addColumn('bvn', 'text', (c) => c.check(sql`bvn ~ '^[0-9]{11}$'`))
    .addColumn('referral_code', 'text', (c) => c.notNull().unique())
    .addColumn('referrer_code', 'text')
    .addColumn('security_pin_hash', 'text')
    .addColumn('transaction_pin_hash', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('otps')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('phone_number', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`attempts >= 0`),
    )
    .addColumn('consumed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('otps_phone_purpose_idx')
    .on('otps')
    .columns(['phone_number', 'purpose', 'created_at'])
    .execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('sms', 'email')`))
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
    .execute();
  await db.schema
    .createIndex('outbox_recipient_idx')
    .on('outbox')
    .columns(['recipient', 'created_at'])
    .execute();

  // Rate-limit counters live in the database, not in memory, so a second instance shares them
  // (docs/architecture.md "The middleware": no in-memory state that would stop a second instance).
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('reset_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limits').execute();
  await db.schema.dropTable('outbox').execute();
  await db.schema.dropTable('otps').execute();
  await db.schema.dropTable('users').execute();
}
