// Answers of the storage upload and face-check calls. Not in
// @ajo/shared/schemas/api-identity yet, so they live here until the shared contract carries them.
import { z } from '@ajo/shared/schemas';

/** POST /storage/upload?path=images/<filename> → 201 { path, url } (url = download URL). */
export const storageUploadResponseSchema = z.object({
  path: z.string(),
  url: z.string().check(z.minLength(1)),
});
export type StorageUploadResponse = z.infer<typeof storageUploadResponseSchema>;

/** POST /services/detect-face → 200 { message: 'Face detected', faces: 1 }. */
export const faceCheckResponseSchema = z.object({
  message: z.string(),
  faces: z.optional(z.number()),
});
