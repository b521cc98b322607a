/** The upload types the product accepts (POST /storage/upload: jpeg/png/pdf only). */
export const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

const signatures: { type: UploadType; bytes: number[] }[] = [
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
];

/** The type the file's first bytes say it is, or null: the Content-Type header is only a claim. */
export function sniffUploadType(bytes: Uint8Array): UploadType | null {
  const match = signatures.find((s) => s.bytes.every((b, i) => bytes[i] === b));
  return match?.type ?? null;
}
