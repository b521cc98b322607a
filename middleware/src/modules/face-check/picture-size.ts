/*
 * A picture's declared size, read from its header without decoding it. A PNG or JPEG can declare
 * 16000 × 16000 pixels in a file of a few hundred kilobytes (a decompression bomb: 1 GB of pixels
 * once decoded), so the face check refuses pictures by what they declare before the decoder runs.
 */
export interface PictureSize {
  format: 'png' | 'jpeg';
  width: number;
  height: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngSize(bytes: Buffer): PictureSize | null {
  // Signature, then the IHDR chunk first: length (4), 'IHDR' (4), width (4), height (4).
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  if (bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  // A PNG has one IHDR, but the decoder (pngjs) takes the size of a later one too: a small first
  // header could hide a bomb behind it. Every chunk is walked (length, type, data, CRC), reading
  // no more than 8 bytes of each.
  for (let offset = 8 + 12 + 13; offset + 8 <= bytes.length;) {
    if (bytes.toString('latin1', offset + 4, offset + 8) === 'IHDR') return null;
    offset += 12 + bytes.readUInt32BE(offset);
  }
  return { format: 'png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Start-of-frame markers carry the size (SOF0–SOF15 but DHT C4, JPG C8 and DAC CC). */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function jpegSize(bytes: Buffer): PictureSize | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1] ?? 0;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    // Markers without a length: TEM and the restart markers; SOS/EOI before a frame is malformed.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null;
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) {
      if (offset + 9 > bytes.length) return null;
      return {
        format: 'jpeg',
        height: bytes.readUInt16BE(offset + 5),
        width: bytes.readUInt16BE(offset + 7),
      };
    }
    offset += 2 + length;
  }
  return null;
}

/** The declared size of a PNG or JPEG, or null when the bytes are neither (or are cut short). */
export function pictureSize(bytes: Buffer): PictureSize | null {
  return pngSize(bytes) ?? jpegSize(bytes);
}
