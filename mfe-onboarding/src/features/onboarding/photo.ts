// SPEC §2 "webcam photo (jpeg, front camera)": a frame of the live video drawn on a canvas and
// encoded as JPEG. The data URL goes to the face check (base64), the Blob to the file store.
import { FACE_PHOTO_MIME_TYPE } from '@ajo/shared/constants';

/**
 * Wide enough for the face check (it looks for a face taking a share of the picture, not a pixel
 * count) and for the avatar, small enough that the upload and every later download of the avatar
 * cost the customer tens of kilobytes, not hundreds: a phone camera frame is often 1280 or 1920
 * wide, and every pixel of it is paid for on a metered connection.
 */
export const MAX_PHOTO_WIDTH = 640;
export const JPEG_QUALITY = 0.82;

export interface CapturedPhoto {
  dataUrl: string;
  blob: Blob;
}

export function captureFrame(video: HTMLVideoElement): CapturedPhoto {
  const width = video.videoWidth || 640;
  const height = video.videoHeight || 480;
  const scale = Math.min(1, MAX_PHOTO_WIDTH / width);
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Canvas 2D is not available');
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  const dataUrl = canvas.toDataURL(FACE_PHOTO_MIME_TYPE, JPEG_QUALITY);
  return { dataUrl, blob: dataUrlToBlob(dataUrl) };
}

export function dataUrlToBlob(dataUrl: string): Blob {
  const [header = '', base64 = ''] = dataUrl.split(',');
  const type = /^data:([^;]+)/.exec(header)?.[1] ?? FACE_PHOTO_MIME_TYPE;
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}

/** images/{filename}: random, so one user's photos never collide (the upload allows safe names only). */
export function randomPhotoFileName(): string {
  const id =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID()
      : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  return `${id}.jpg`;
}
