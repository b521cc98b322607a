import { loadConfig, type S3Settings } from '../../config.js';
import { startFakeS3, type FakeS3 } from '../../test-support/fake-s3.js';
import { createFileStorage } from '../index.js';
import { UnsafePathError } from './index.js';
import { S3FileStorage } from './s3.js';

const env = {
  FILE_STORAGE: 's3',
  S3_BUCKET: 'ajo-uploads',
  S3_REGION: 'eu-west-1',
  S3_ACCESS_KEY_ID: 'AKIAFAKEFAKEFAKE',
  S3_SECRET_ACCESS_KEY: 'fake-secret-key-for-tests',
  S3_FORCE_PATH_STYLE: 'true',
  S3_PREFIX: 'uploads/',
  S3_PUBLIC_URL: 'https://files.ajo.example/',
};

describe('S3 file storage against a fake S3 endpoint', () => {
  let s3: FakeS3;
  let storage: S3FileStorage;
  let settings: S3Settings;

  beforeAll(async () => {
    s3 = await startFakeS3({
      bucket: env.S3_BUCKET,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      region: env.S3_REGION,
    });
    const config = loadConfig({ ...env, S3_ENDPOINT: s3.endpoint });
    if (config.fileStorage.kind !== 's3') throw new Error('expected s3 settings');
    settings = config.fileStorage;
    storage = createFileStorage(config, {} as never) as S3FileStorage;
  });
  afterAll(async () => {
    storage.destroy();
    await s3.close();
  });

  it('is what FILE_STORAGE=s3 selects; the database is the default', () => {
    expect(storage).toBeInstanceOf(S3FileStorage);
    expect(createFileStorage(loadConfig({}), {} as never)).not.toBeInstanceOf(S3FileStorage);
  });

  it('puts the object under the prefix, signed, and returns its public URL', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const { url } = await storage.put('users/u-1/images/face.png', png, 'image/png');
    expect(url).toBe('https://files.ajo.example/uploads/users/u-1/images/face.png');
    const stored = s3.objects.get('uploads/users/u-1/images/face.png');
    expect(stored?.contentType).toBe('image/png');
    expect(stored?.bytes.equals(png)).toBe(true);
    const put = s3.requests.at(-1);
    expect(put).toMatchObject({
      method: 'PUT',
      path: '/ajo-uploads/uploads/users/u-1/images/face.png',
    });
    expect(put?.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIAFAKEFAKEFAKE\/\d{8}\/eu-west-1\/s3\/aws4_request/,
    );
  });

  it('reads an object back with its content type, and a missing one as null', async () => {
    const pdf = Buffer.from('%PDF-1.7 test document');
    await storage.put('users/u-2/images/doc.pdf', pdf, 'application/pdf');
    const file = await storage.get('users/u-2/images/doc.pdf');
    expect(file?.contentType).toBe('application/pdf');
    expect(file?.bytes.equals(pdf)).toBe(true);
    expect(await storage.get('users/u-2/images/missing.png')).toBeNull();
  });

  it('hands out a pre-signed GET that expires in the minutes asked, never the public address', async () => {
    await storage.put('users/u-4/images/selfie.jpg', Buffer.from([0xff, 0xd8, 0xff]), 'image/jpeg');
    const link = new URL(await storage.signedUrl('users/u-4/images/selfie.jpg', 600));
    expect(link.pathname).toBe('/ajo-uploads/uploads/users/u-4/images/selfie.jpg');
    expect(link.searchParams.get('X-Amz-Expires')).toBe('600');
    expect(link.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(link.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(link.searchParams.get('X-Amz-Credential')).toMatch(
      /^AKIAFAKEFAKEFAKE\/\d{8}\/eu-west-1\/s3\/aws4_request$/,
    );
    // (The fake endpoint checks Authorization headers only; the signature is the SDK's.)
  });

  it('hands out the same pre-signed GET within a stable stretch, open at least the minutes asked', async () => {
    const at = (iso: string) =>
      storage.signedUrl('users/u-4/images/selfie.jpg', 600, 300, new Date(iso));
    const first = await at('2026-01-15T10:00:01Z');
    expect(await at('2026-01-15T10:04:59Z')).toBe(first);
    const link = new URL(first);
    expect(link.searchParams.get('X-Amz-Date')).toBe('20260115T100000Z');
    // Signed as of 10:00:00, open until 10:15:00: at least 600 s from any moment of the stretch.
    expect(link.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(await at('2026-01-15T10:05:01Z')).not.toBe(first);
  });

  it('retries a 500 from the endpoint (the SDK’s retry policy)', async () => {
    s3.failNext(2);
    const before = s3.requests.length;
    await storage.put('users/u-3/images/retry.jpg', Buffer.from([0xff, 0xd8, 0xff]), 'image/jpeg');
    expect(s3.requests.length - before).toBe(3);
    expect(s3.objects.has('uploads/users/u-3/images/retry.jpg')).toBe(true);
  });

  it('surfaces an endpoint that refuses it (wrong bucket) as an error, not as a missing file', async () => {
    const wrong = new S3FileStorage({ ...settings, bucket: 'someone-elses' });
    try {
      await expect(wrong.get('users/u-2/images/doc.pdf')).rejects.toMatchObject({
        name: 'NoSuchBucket',
      });
    } finally {
      wrong.destroy();
    }
  });

  it('refuses unsafe paths before any request', async () => {
    const before = s3.requests.length;
    await expect(
      storage.put('../escape.png', Buffer.from('x'), 'image/png'),
    ).rejects.toBeInstanceOf(UnsafePathError);
    await expect(storage.get('users/../../etc/passwd')).rejects.toBeInstanceOf(UnsafePathError);
    expect(s3.requests.length).toBe(before);
  });
});

describe('S3 settings', () => {
  it('need a bucket and a public URL, and both keys or neither', () => {
    expect(() => loadConfig({ FILE_STORAGE: 's3' })).toThrow(
      /S3_BUCKET must be set when FILE_STORAGE=s3[\s\S]*S3_PUBLIC_URL must be set when FILE_STORAGE=s3/,
    );
    expect(() => loadConfig({ ...env, S3_SECRET_ACCESS_KEY: '' })).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together/,
    );
    expect(() => loadConfig({ FILE_STORAGE: 'disk' })).toThrow(
      /FILE_STORAGE must be 'database' or 's3'/,
    );
  });
});
