import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface UploadRecord {
  userId: string;
  path: string;
  url: string;
  contentType: string;
  size: number;
}

/** Records (or, for the same user and path, replaces) an upload. */
export async function recordUpload(db: Kysely<Database>, upload: UploadRecord): Promise<void> {
  await db
    .insertInto('uploads')
    .values({
      user_id: upload.userId,
      path: upload.path,
      url: upload.url,
      content_type: upload.contentType,
      size: upload.size,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'path']).doUpdateSet({
        url: upload.url,
        content_type: upload.contentType,
        size: upload.size,
      }),
    )
    .execute();
}

/**
 * True when `url` is a download URL this user's own upload returned (POST /verify-user refuses a
 * photo_url that is not). Works inside a transaction too (pass `trx`).
 */
export async function isUsersUpload(
  db: Kysely<Database>,
  userId: string,
  url: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('uploads')
    .select('path')
    .where('user_id', '=', userId)
    .where('url', '=', url)
    .executeTakeFirst();
  return row !== undefined;
}

/** The client path of this user's upload that answered `url`, or null when it is not theirs. */
export async function usersUploadPath(
  db: Kysely<Database>,
  userId: string,
  url: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('uploads')
    .select('path')
    .where('user_id', '=', userId)
    .where('url', '=', url)
    .executeTakeFirst();
  return row?.path ?? null;
}
