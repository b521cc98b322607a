/*
 * Test pictures built from the one shipped portrait (fixtures/face-portrait.png), so no other
 * image has to be downloaded or committed. Test-only: nothing in the server imports this file.
 */
import { readFileSync } from 'node:fs';
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
