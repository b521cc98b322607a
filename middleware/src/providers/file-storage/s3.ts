import {
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Settings } from '../../config.js';
import { assertSafePath, type FileStorage, type StoredFile } from './index.js';

/**
 * Production storage: objects in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, …) through
 * the official AWS SDK v3 client, which signs (SigV4) and retries. The download URL is the object
 * under S3_PUBLIC_URL, a CDN or the bucket's address, and names the file; the bucket must keep
 * its objects private, and a reader is handed a pre-signed GET (SigV4, `signedUrl`) that expires
 * within minutes.
 */
export class S3FileStorage implements FileStorage {
  private readonly client: S3Client;

  constructor(
    private readonly settings: S3Settings,
    client?: S3Client,
  ) {
    this.client =
      client ??
      new S3Client({
        region: settings.region,
        forcePathStyle: settings.forcePathStyle,
        ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
        ...(settings.credentials ? { credentials: settings.credentials } : {}),
      });
  }

  private key(filePath: string): string {
    assertSafePath(filePath);
    return `${this.settings.prefix}${filePath}`;
  }

  async put(filePath: string, bytes: Buffer, contentType: string): Promise<{ url: string }> {
    const key = this.key(filePath);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: key,
        Body: bytes,
        ContentType: contentType,
        ContentLength: bytes.length,
      }),
    );
    return { url: `${this.settings.publicUrl}/${key}` };
  }

  async get(filePath: string): Promise<StoredFile | null> {
    const key = this.key(filePath);
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }),
      );
      if (!object.Body) return null;
      const bytes = Buffer.from(await object.Body.transformToByteArray());
      return { bytes, contentType: object.ContentType ?? 'application/octet-stream' };
    } catch (error) {
      // Only a missing key is a missing file; a missing bucket or a refusal is an outage.
      if (error instanceof S3ServiceException && error.name === 'NoSuchKey') return null;
      throw error;
    }
  }

  async signedUrl(
    filePath: string,
    ttlSeconds: number,
    stableForSeconds?: number,
    now: Date = new Date(),
  ): Promise<string> {
    const command = new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.key(filePath) });
    if (!stableForSeconds) return getSignedUrl(this.client, command, { expiresIn: ttlSeconds });
    // The same link within one stretch: signed as of its start, and open until the earliest
    // expiry asked for, rounded up to the stretch (SigV4 is a function of the date and expiry).
    const seconds = Math.floor(now.getTime() / 1000);
    const signedAt = Math.floor(seconds / stableForSeconds) * stableForSeconds;
    const expires = Math.ceil((seconds + ttlSeconds) / stableForSeconds) * stableForSeconds;
    return getSignedUrl(this.client, command, {
      signingDate: new Date(signedAt * 1000),
      expiresIn: expires - signedAt,
    });
  }

  destroy(): void {
    this.client.destroy();
  }
}
