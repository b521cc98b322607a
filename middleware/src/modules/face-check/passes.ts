import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/*
 * The record of pictures that passed the face check, per customer (migration 0021). POST
 * /verify-user asks it about the very bytes of the stored photo, so a file that never went through
 * the check (a PDF, a blank picture, another customer's passed photo) activates nothing.
 */
export const pictureDigest = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export async function recordFaceCheckPass(
  db: Kysely<Database>,
  userId: string,
  bytes: Buffer,
): Promise<void> {
  await db
    .insertInto('face_check_passes')
    .values({ user_id: userId, sha256: pictureDigest(bytes) })
    .onConflict((oc) => oc.columns(['user_id', 'sha256']).doNothing())
    .execute();
}

export async function passedFaceCheck(
  db: Kysely<Database>,
  userId: string,
  bytes: Buffer,
): Promise<boolean> {
  const row = await db
    .selectFrom('face_check_passes')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('sha256', '=', pictureDigest(bytes))
    .executeTakeFirst();
  return row !== undefined;
}
