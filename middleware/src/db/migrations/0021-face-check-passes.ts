import { sql, type Kysely } from 'kysely';

/*
 * Pictures that passed the server face check (POST /services/detect-face), by their SHA-256, for
 * the customer who sent them: POST /verify-user activates only with a stored photo whose bytes are
 * one of these (SPEC §5 "Face photo must pass a server face check"). Expand only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('face_check_passes')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('face_check_passes_pkey', ['user_id', 'sha256'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('face_check_passes').execute();
}
