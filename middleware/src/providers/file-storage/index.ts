/**
 * File storage for photos and documents (SPEC §7: uploads under images/{filename}). Every instance
 * reads and writes through this interface, never a local path: the sandbox keeps the files in the
 * database (database.ts), production in S3-compatible object storage (s3.ts). FILE_STORAGE picks.
 */
export interface StoredFile {
  bytes: Buffer;
  contentType: string;
}
export interface FileStorage {
  /**
   * Stores the bytes and returns the file's URL that becomes photo_url or document_url: its name,
   * which opens nothing by itself (files are private, README "Security notes").
   */
  put(path: string, bytes: Buffer, contentType: string): Promise<{ url: string }>;
  get(path: string): Promise<StoredFile | null>;
  /**
   * A link that opens the file for `ttlSeconds` (a few minutes), for its owner to be handed. With
   * `stableForSeconds` every call within one such stretch answers the same link (opening for up to
   * that much longer), so a browser's cache can answer for it (security/signed-urls.ts).
   */
  signedUrl(path: string, ttlSeconds: number, stableForSeconds?: number): Promise<string>;
}

export class UnsafePathError extends Error {}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/**
 * Storage paths are relative, at most 8 segments of safe characters: no `..`, no absolute paths,
 * nothing a URL or an object key would read differently.
 */
export function assertSafePath(filePath: string): void {
  const segments = filePath.split('/');
  if (!filePath || segments.length > 8 || !segments.every((s) => SEGMENT.test(s)))
    throw new UnsafePathError(`Unsafe file path: ${filePath}`);
}
