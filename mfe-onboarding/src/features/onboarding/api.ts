// The onboarding calls of SPEC §7 "Verification" with the middleware's contract: identity details by tid,
// the face check, the photo upload (raw body, progress-capable) and the activation.
import {
  bvnDetailsResponseSchema,
  toLocalPhone,
  verifyUserResponseSchema,
  type IdentityDetails,
  type VerifyUserPayload,
} from '@ajo/shared/schemas';
import { loadHostApi, loadHostSession } from '@ajo/remote-kit/host';
import { parseResponse } from '@ajo/remote-kit/services';
import { uploadToStorage } from '@ajo/remote-kit/upload';
import { faceCheckResponseSchema, storageUploadResponseSchema } from './schema';

/** GET /bvn/details?tid= → { data } (404 unknown/used/expired tid, 403 another user's). */
export async function fetchIdentityDetails(tid: string): Promise<IdentityDetails> {
  const { api } = await loadHostApi();
  const response = await api.get('/bvn/details', { params: { tid } });
  return parseResponse(bvnDetailsResponseSchema, response.data).data;
}

/** SPEC §5: the photo must pass the server's face check (422 carries the reason). */
export async function checkFace(image: string): Promise<void> {
  const { api } = await loadHostApi();
  const response = await api.encrypted.post('/services/detect-face', { image });
  parseResponse(faceCheckResponseSchema, response.data);
}

/** Thrown when the upload went through but no download URL came back (SPEC §8 distinguishes it). */
export class MissingDownloadUrlError extends Error {}

/**
 * The photo as raw JPEG (not multipart) so the browser's XHR reports upload progress; the answer's
 * url is the download URL that becomes photo_url (SPEC §7).
 */
export async function uploadPhoto(
  photo: Blob,
  fileName: string,
  onProgress: (percent: number) => void,
): Promise<string> {
  const answer = await uploadToStorage(photo, fileName, onProgress);
  try {
    return parseResponse(storageUploadResponseSchema, answer).url;
  } catch {
    throw new MissingDownloadUrlError('no download URL');
  }
}

/** POST /verify-user (plain JSON) activates the account in one transaction. */
export async function verifyUser(payload: VerifyUserPayload): Promise<string> {
  const { api } = await loadHostApi();
  const response = await api.post('/verify-user', payload);
  return parseResponse(verifyUserResponseSchema, response.data).message;
}

/**
 * The signed-in customer's own phone (0 form), verified by OTP at sign-up. The NIN provider returns
 * no phone (NIN start's phone_number_1 may be null), so the details screen shows this one instead.
 */
export async function fetchAccountPhone(): Promise<string | null> {
  const { session } = await loadHostSession();
  const user = session.getUser() ?? (await session.loadUser());
  return user.phone_number ? toLocalPhone(user.phone_number) : null;
}
