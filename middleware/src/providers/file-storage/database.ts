import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { UrlSigner } from '../../security/signed-urls.js';
import { assertSafePath, type FileStorage, type StoredFile } from './index.js';

/** The resource a link to a stored file signs (GET /api/sandbox/files/<path> checks it). */
export const fileResource = (filePath: string) => `file:${filePath}`;

/**
 * Sandbox storage: the files live in the `files` table, so every instance serves every upload and
 * a restore of the database brings them back. Served at GET /api/sandbox/files/<path>, only with a
 * signature from `signedUrl` that has not expired.
 */
export class DatabaseFileStorage implements FileStorage {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly signer: UrlSigner,
    private readonly publicBaseUrl = '',
  ) {}

  private urlOf(filePath: string): string {
    return `${this.publicBaseUrl}/api/sandbox/files/${filePath}`;
  }

  async signedUrl(
    filePath: string,
    ttlSeconds: number,
    stableForSeconds?: number,
  ): Promise<string> {
    assertSafePath(filePath);
    const query = this.signer.sign(fileResource(filePath), ttlSeconds, stableForSeconds);
    return `${this.urlOf(filePath)}?${query}`;
  }

  async put(filePath: string, bytes: Buffer, contentType: string): Promise<{ url: string }> {
    assertSafePath(filePath);
    const row = { content_type: contentType, size: bytes.length, bytes };
    await this.db
      .insertInto('files')
      .values({ path: filePath, ...row })
      .onConflict((oc) => oc.column('path').doUpdateSet({ ...row, updated_at: sql`now()` }))
      .execute();
    return { url: this.urlOf(filePath) };
  }

  async get(filePath: string): Promise<StoredFile | null> {
    assertSafePath(filePath);
    const row = await this.db
      .selectFrom('files')
      .select(['bytes', 'content_type'])
      .where('path', '=', filePath)
      .executeTakeFirst();
    if (!row) return null;
    // pg returns a Buffer, PGlite a Uint8Array.
    const bytes = Buffer.isBuffer(row.bytes) ? row.bytes : Buffer.from(row.bytes);
    return { bytes, contentType: row.content_type };
  }
}
