/*
 * Test pictures built from the one shipped portrait (fixtures/face-portrait.png), so no other
 * image has to be downloaded or committed. Test-only: nothing in the server imports this file.
 */
import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';

export interface Rgba {
  width: number;
  height: number;
  data: Buffer;
}

export const portraitPng = (): Buffer =>
  readFileSync(new URL('./fixtures/face-portrait.png', import.meta.url));

export function decodePng(bytes: Buffer): Rgba {
  const png = PNG.sync.read(bytes);
  return { width: png.width, height: png.height, data: png.data };
}

export function encodePng(image: Rgba): Buffer {
  const png = new PNG({ width: image.width, height: image.height });
  image.data.copy(png.data);
  return PNG.sync.write(png);
}

export function encodeJpeg(image: Rgba, quality = 90): Buffer {
  return jpeg.encode({ width: image.width, height: image.height, data: image.data }, quality).data;
}

export function solid(width: number, height: number, grey: number): Rgba {
  const data = Buffer.alloc(width * height * 4, grey);
  for (let i = 3; i < data.length; i += 4) data[i] = 255;
  return { width, height, data };
}

/** Every colour multiplied by `factor` (a picture taken in a dark room). */
export function darken(image: Rgba, factor: number): Rgba {
  const data = Buffer.from(image.data);
  for (let i = 0; i < data.length; i++) if (i % 4 !== 3) data[i] = Math.round(data[i]! * factor);
  return { ...image, data };
}

/** Copies `src` into `dst` at (left, top), scaled by `scale` (nearest neighbour). */
export function paste(dst: Rgba, src: Rgba, left: number, top: number, scale = 1): Rgba {
  const w = Math.round(src.width * scale);
  const h = Math.round(src.height * scale);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const s = (Math.floor(y / scale) * src.width + Math.floor(x / scale)) * 4;
      const d = ((top + y) * dst.width + left + x) * 4;
      src.data.copy(dst.data, d, s, s + 4);
    }
  }
  return dst;
}

/** The portrait shrunk into a corner of a much larger grey canvas: a face far from the camera. */
export function faceFarAway(portrait: Rgba, canvas: number, scale: number): Rgba {
  return paste(solid(canvas, canvas, 150), portrait, 40, 40, scale);
}

/** Two copies side by side: two people in the picture. */
export function twoPeople(portrait: Rgba): Rgba {
  const canvas = solid(portrait.width * 2, portrait.height, 150);
  paste(canvas, portrait, 0, 0);
  return paste(canvas, portrait, portrait.width, 0);
}

/** A PNG that only declares its size: what a decompression bomb looks like from outside. */
export function pngDeclaring(width: number, height: number): Buffer {
  const header = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(header, 0);
  header.writeUInt32BE(13, 8);
  header.write('IHDR', 12, 'latin1');
  header.writeUInt32BE(width, 16);
  header.writeUInt32BE(height, 20);
  header.writeUInt8(8, 24); // bit depth
  header.writeUInt8(2, 25); // RGB
  return Buffer.concat([header, Buffer.alloc(64)]);
}

/** CRC-32 of PNG chunks (ISO 3309), bit by bit: test pictures are a few chunks. */
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** IHDR data of an 8-bit grey picture. */
function greyHeader(width: number, height: number): Buffer {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data.writeUInt8(8, 8);
  return data;
}

/**
 * A real, decodable grey PNG of `real` pixels whose first IHDR declares `declared` and a second
 * IHDR the real size: the decoder (pngjs) takes the last one, so a bomb could hide behind a small
 * first header. A few kilobytes for millions of pixels.
 */
export function pngWithSecondHeader(
  declared: { width: number; height: number },
  real: { width: number; height: number },
): Buffer {
  const rows = Buffer.alloc((real.width + 1) * real.height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', greyHeader(declared.width, declared.height)),
    pngChunk('IHDR', greyHeader(real.width, real.height)),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
