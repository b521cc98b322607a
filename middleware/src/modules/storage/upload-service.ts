import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { FileStorage } from '../../providers/file-storage/index.js';
import { sniffUploadType, type UploadType } from './magic-bytes.js';
import { UPLOAD_MESSAGES } from './messages.js';
import { SIGNED_URL_TTL_SECONDS, STABLE_LINK_SECONDS } from '../../security/signed-urls.js';
import { recordUpload, usersUploadPath } from './upload-repository.js';

/** images/ + a safe file name; no dot files, no '..'. */
export const UPLOAD_PATH = /^images\/[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/**
 * Where a user's file lives inside the storage: under their own prefix, so two customers who both
 * upload images/photo.jpg never overwrite each other (SPEC §7 keeps the client's images/{filename}).
 */
export const storagePathFor = (userId: string, clientPath: string) =>
  `users/${userId}/${clientPath}`;

export interface UploadInput {
  userId: string;
  path: string;
  /** The request's Content-Type, parameters stripped. */
  declaredType: string;
  bytes: Buffer;
}

/** Checks the file against its claimed type, stores it and records it for /verify-user. */
export async function uploadFile(
  deps: { db: Kysely<Database>; storage: FileStorage },
  input: UploadInput,
): Promise<{ path: string; url: string }> {
  if (!UPLOAD_PATH.test(input.path)) throw new AppError(400, UPLOAD_MESSAGES.badPath, 'BAD_PATH');
  const actual: UploadType | null = sniffUploadType(input.bytes);
  if (actual === null || actual !== input.declaredType)
    throw new AppError(415, UPLOAD_MESSAGES.wrongType, 'UNSUPPORTED_FILE');
  const { url } = await deps.storage.put(
    storagePathFor(input.userId, input.path),
    input.bytes,
    actual,
  );
  await recordUpload(deps.db, {
    userId: input.userId,
    path: input.path,
    url,
    contentType: actual,
    size: input.bytes.length,
  });
  return { path: input.path, url };
}

/**
 * A short-lived link to a file the customer uploaded (their face photo, a complaint's
 * attachment), given the URL the upload answered; null when that URL is not one of theirs.
 * Uploads are private (docs/decisions/029-private-files-and-bounded-challenges.md): the stored URL itself is never handed out to be opened.
 */
export function customerFileLink(db: Kysely<Database>, storage: FileStorage) {
  return async (userId: string, url: string): Promise<string | null> => {
    const path = await usersUploadPath(db, userId, url);
    if (path === null) return null;
    // The same link for a few minutes: every page load asks for the user (and My reports for its
    // list), and a new link each time would download the whole file again past the browser's cache.
    return storage.signedUrl(
      storagePathFor(userId, path),
      SIGNED_URL_TTL_SECONDS,
      STABLE_LINK_SECONDS,
    );
  };
}
