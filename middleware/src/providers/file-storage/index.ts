/** Cloud file storage for photos and documents (SPEC §7: uploads under images/{filename}). */
export interface StoredFile {
  bytes: Buffer;
  contentType: string;
}
export interface FileStorage {
  /** Stores the bytes and returns the download URL that becomes photo_url or document_url. */
  put(path: string, bytes: Buffer, contentType: string): Promise<{ url: string }>;
  get(path: string): Promise<StoredFile | null>;
}

export class UnsafePathError extends Error {}
