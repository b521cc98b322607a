import { sql, type Kysely } from 'kysely';

/*
 * Files customers uploaded through POST /storage/upload (owned by src/modules/storage):
 * /verify-user checks that a photo_url is one of the user's own uploads (isUsersUpload).
 * One statement per call: PGlite's extended protocol runs a single statement per query.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per user and client path: uploading the same name again replaces that user's file.
  await db.schema
    .createTable('uploads')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull().check(sql`size >= 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('uploads_pkey', ['user_id', 'path'])
    .execute();
  await db.schema.createIndex('uploads_url').on('uploads').column('url').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('uploads').execute();
}
