import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { sniffUploadType } from './magic-bytes.js';
import { UPLOAD_MESSAGES } from './messages.js';
import { isUsersUpload } from './upload-repository.js';

let t: TestApp;
let alice: { id: string; auth: Record<string, string> };
let bob: { id: string; auth: Record<string, string> };

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('alice-photo')]);
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('bob-photo'),
]);
const PDF = Buffer.from('%PDF-1.7\n%document');

async function signedInUser(phone: string, referral: string) {
  const { id } = await t.app.db
    .insertInto('users')
    .values({ phone_number: phone, referral_code: referral })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { token } = await t.app.tokens.issue(id);
  return { id, auth: { authorization: `Bearer ${token}` } };
}

beforeAll(async () => {
  t = await createTestApp();
  alice = await signedInUser('2348031110011', 'UPLOAD01');
  bob = await signedInUser('2348031110012', 'UPLOAD02');
});
afterAll(() => t.close());

const upload = (
  path: string,
  body: Buffer | string,
  contentType: string,
  headers: Record<string, string> = alice.auth,
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/storage/upload?path=${encodeURIComponent(path)}`,
    headers: { ...headers, 'content-type': contentType },
    payload: body,
  });

/** The link an owner is handed for an upload's URL (README "Security notes": files are private). */
const linkOf = (url: string) =>
  t.app.providers.fileStorage.signedUrl(url.replace('/api/sandbox/files/', ''), 600);

describe('POST /api/storage/upload', () => {
  it('stores a JPEG under images/ and answers 201 with a URL that downloads it', async () => {
    const res = await upload('images/selfie-1.jpg', JPEG, 'image/jpeg');
    expect(res.statusCode).toBe(201);
    const { path, url } = res.json() as { path: string; url: string };
    expect(path).toBe('images/selfie-1.jpg');
    expect(url).toMatch(/^\/api\/sandbox\/files\/users\/[0-9a-f-]{36}\/images\/selfie-1\.jpg$/);
    // The URL names the file and opens nothing by itself; the owner's signed link opens it.
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(403);
    const download = await t.app.inject({ method: 'GET', url: await linkOf(url) });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/jpeg');
    expect(download.rawPayload.equals(JPEG)).toBe(true);
    expect(await isUsersUpload(t.app.db, alice.id, url)).toBe(true);
    expect(await isUsersUpload(t.app.db, bob.id, url)).toBe(false);
  });

  it('serves a file uploaded through one instance from another instance on the same database', async () => {
    // A second instance: another machine (its own data folder), the same database.
    const otherDataDir = mkdtempSync(path.join(tmpdir(), 'ajo-mw-other-'));
    const other = await buildApp({
      config: loadConfig({ SCRYPT_COST: '1024', LOG_LEVEL: 'silent', DATA_DIR: otherDataDir }),
      database: t.database,
      print: () => undefined,
      logStream: new Writable({ write: (_c, _e, done) => done() }),
    });
    try {
      const big = Buffer.concat([JPEG, Buffer.alloc(4 * 1024 * 1024, 7)]);
      const { url } = (await upload('images/across.jpg', big, 'image/jpeg')).json() as {
        url: string;
      };
      const served = await other.inject({ method: 'GET', url: await linkOf(url) });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.rawPayload.equals(big)).toBe(true);
    } finally {
      await other.close();
      rmSync(otherDataDir, { recursive: true, force: true });
    }
  });

  it('accepts PNG and PDF too (content type charset parameters ignored)', async () => {
    expect((await upload('images/a.png', PNG, 'image/png')).statusCode).toBe(201);
    expect(
      (await upload('images/doc_2.pdf', PDF, 'application/pdf; charset=binary')).statusCode,
    ).toBe(201);
  });

  it("keeps two users' files of the same name apart", async () => {
    const a = (await upload('images/photo.jpg', JPEG, 'image/jpeg', alice.auth)).json();
    const b = (await upload('images/photo.jpg', PNG, 'image/png', bob.auth)).json();
    expect(a.url).not.toBe(b.url);
    const [fileA, fileB] = await Promise.all([
      t.app.inject({ method: 'GET', url: await linkOf(a.url) }),
      t.app.inject({ method: 'GET', url: await linkOf(b.url) }),
    ]);
    expect(fileA.rawPayload.equals(JPEG)).toBe(true);
    expect(fileB.rawPayload.equals(PNG)).toBe(true);
    expect(await isUsersUpload(t.app.db, bob.id, a.url)).toBe(false);
  });

  it('answers 413 with the limit for a file above 5 MB', async () => {
    const big = Buffer.concat([JPEG, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload('images/big.jpg', big, 'image/jpeg');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: UPLOAD_MESSAGES.tooLarge });
  });

  it('answers 415 when the bytes are not what the Content-Type claims, or the type is not allowed', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    for (const res of [
      await upload('images/x.jpg', html, 'image/jpeg'),
      await upload('images/x.png', JPEG, 'image/png'),
      await upload('images/x.gif', Buffer.from('GIF89a'), 'image/gif'),
      await upload('images/x.json', '{"a":1}', 'application/json'),
    ]) {
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ message: UPLOAD_MESSAGES.wrongType });
    }
  });

  it('stores a file whose name ends .content-type as any other (once the name of a metadata file beside it)', async () => {
    const res = await upload('images/selfie.content-type', JPEG, 'image/jpeg');
    expect(res.statusCode).toBe(201);
    const download = await t.app.inject({ method: 'GET', url: await linkOf(res.json().url) });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/jpeg');
    expect(download.rawPayload.equals(JPEG)).toBe(true);
    const again = await upload('images/selfie.content-type', PNG, 'image/png');
    expect(again.statusCode).toBe(201);
    const replaced = await t.app.inject({ method: 'GET', url: await linkOf(again.json().url) });
    expect(replaced.headers['content-type']).toBe('image/png');
  });

  it('answers 400 for a path outside images/ or with unsafe characters', async () => {
    for (const path of [
      'images/../users/x.jpg',
      '../images/x.jpg',
      'images/..',
      'images/.hidden',
      'docs/x.jpg',
      'images/a/b.jpg',
      'images/',
      'images/photo%.jpg',
      `images/${'a'.repeat(101)}`,
    ]) {
      const res = await upload(path, JPEG, 'image/jpeg');
      expect({ path, status: res.statusCode }).toEqual({ path, status: 400 });
    }
    expect((await upload('', JPEG, 'image/jpeg')).statusCode).toBe(400);
  });

  it('answers 401 without a bearer token and stores nothing', async () => {
    const res = await upload('images/anon.jpg', JPEG, 'image/jpeg', {});
    expect(res.statusCode).toBe(401);
    const rows = await t.app.db
      .selectFrom('uploads')
      .where('path', '=', 'images/anon.jpg')
      .selectAll()
      .execute();
    expect(rows).toHaveLength(0);
  });
});

describe('sniffUploadType', () => {
  it('recognises JPEG, PNG and PDF by their first bytes only', () => {
    expect(sniffUploadType(JPEG)).toBe('image/jpeg');
    expect(sniffUploadType(PNG)).toBe('image/png');
    expect(sniffUploadType(PDF)).toBe('application/pdf');
    expect(sniffUploadType(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffUploadType(Buffer.alloc(0))).toBeNull();
  });
});
