import { sql, type Kysely } from 'kysely';

/*
 * Sign-up, sign-in and security-PIN reset (owned by src/modules/auth).
 * One statement per call: PGlite's extended protocol runs a single statement per query.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One live OTP per phone and purpose for the purposes src/modules/auth issues: a resend replaces
  // the row in one atomic upsert (which also enforces the 180-s resend rule under parallel calls).
  // Partial, so other areas may keep several rows for their own purposes.
  await sql`create unique index otps_one_per_phone_purpose on otps (phone_number, purpose)
    where purpose in ('signup', 'reset')`.execute(db);

  // Failed sign-ins per phone number (unknown numbers too), and the 15-minute lock after the 5th.
  await db.schema
    .createTable('login_attempts')
    .addColumn('phone_number', 'text', (c) => c.primaryKey())
    .addColumn('failed_count', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`failed_count >= 0`),
    )
    .addColumn('locked_until', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('login_attempts').execute();
  await sql`drop index if exists otps_one_per_phone_purpose`.execute(db);
}
