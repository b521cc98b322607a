/*
 * Helpers for the settings route tests (not used by the app): files uploaded through the real
 * storage route, the identity-document call as the web app sends it, and the tier the limits see.
 */
import { randomBytes } from 'node:crypto';
import { encryptedCall, type ApiAnswer } from '../../test-support/auth-test-kit.js';
import type { ApiTarget } from '../../test-support/http-target.js';
import type { TestUser } from '../identity/identity-test-kit.js';

export const PDF_BYTES = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n');
export const JPEG_BYTES = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);

/** POST /storage/upload?path=images/<name> with the raw bytes; the download URL. */
export async function uploadFile(
  t: ApiTarget,
  user: TestUser,
  name: string,
  bytes: Buffer = PDF_BYTES,
  contentType = 'application/pdf',
): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/storage/upload?path=images/${name}`,
    headers: { ...user.auth, 'content-type': contentType },
    payload: bytes,
  });
  if (res.statusCode !== 201) throw new Error(`upload: ${res.statusCode} ${res.body}`);
  return (res.json() as { url: string }).url;
}

export const residenceKey = () => randomBytes(12).toString('hex');

export function addDocument(
  t: ApiTarget,
  user: TestUser,
  body: Record<string, unknown>,
): Promise<ApiAnswer> {
  return encryptedCall(
    t,
    'POST',
    '/api/identity-documents',
    { user_id: user.id, ...body },
    user.auth,
  );
}

/** Uploads a file and files it as a document of `typeId` (32: proof of residence). */
export async function uploadDocument(
  t: ApiTarget,
  user: TestUser,
  typeId: number,
  options: { name?: string; key?: string } = {},
): Promise<ApiAnswer> {
  const name = options.name ?? `doc-${randomBytes(4).toString('hex')}.pdf`;
  const url = await uploadFile(t, user, name);
  return addDocument(t, user, {
    document_url: url,
    document_name: name,
    document_id: typeId,
    document_key:
      options.key ?? (typeId === 32 ? residenceKey() : `A${randomBytes(5).toString('hex')}`),
  });
}

export function listDocuments(t: ApiTarget, user: TestUser, id = user.id): Promise<ApiAnswer> {
  return encryptedCall(t, 'POST', `/api/users/${id}/get-identity-documents`, {}, user.auth);
}
