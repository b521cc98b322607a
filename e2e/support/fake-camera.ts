// Chromium's fake camera (`--use-file-for-fake-video-capture`) plays a raw YUV4MPEG2 (.y4m) file in
// a loop. The identity journeys feed it a real face (middleware/src/modules/face-check/fixtures/face-portrait.png) so the middleware's
// real face detector passes the photo (SPEC §5 "Face photo must pass a server face check"), and a
// uniform grey picture it must refuse. Written once per run by support/global-setup.ts.
import fs from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';

export const FRAME_WIDTH = 640;
export const FRAME_HEIGHT = 480;
/** A handful of identical frames: the file loops, so more would only cost disk and start-up time. */
const FRAME_COUNT = 5;
const LETTERBOX_GREY = 128;

// One copy of the portrait in the repo: the middleware's face-check fixtures (see the README there).
export const facePortraitPng = path.join(
  __dirname,
  '../../middleware/src/modules/face-check/fixtures/face-portrait.png',
);

/** Where a run keeps its camera files (the run folder playwright.config.ts makes and removes). */
export function fakeCameraFiles(runDir: string): { face: string; blank: string } {
  return {
    face: path.join(runDir, 'camera-face.y4m'),
    blank: path.join(runDir, 'camera-blank.y4m'),
  };
}

/** RGB pixels of the frame: the picture scaled to fit (nearest neighbour), centred on grey. */
export function letterbox(picture: PNG, width = FRAME_WIDTH, height = FRAME_HEIGHT): Uint8Array {
  const rgb = new Uint8Array(width * height * 3).fill(LETTERBOX_GREY);
  const scale = Math.min(width / picture.width, height / picture.height);
  const drawnWidth = Math.round(picture.width * scale);
  const drawnHeight = Math.round(picture.height * scale);
  const left = Math.floor((width - drawnWidth) / 2);
  const top = Math.floor((height - drawnHeight) / 2);
  for (let y = 0; y < drawnHeight; y++) {
    const sourceY = Math.min(picture.height - 1, Math.floor(y / scale));
    for (let x = 0; x < drawnWidth; x++) {
      const sourceX = Math.min(picture.width - 1, Math.floor(x / scale));
      const from = (sourceY * picture.width + sourceX) * 4; // RGBA
      const to = ((y + top) * width + x + left) * 3;
      rgb[to] = picture.data[from] as number;
      rgb[to + 1] = picture.data[from + 1] as number;
      rgb[to + 2] = picture.data[from + 2] as number;
    }
  }
  return rgb;
}

const clampByte = (value: number) => Math.max(0, Math.min(255, Math.round(value)));

/**
 * One 4:2:0 frame (BT.601 studio range, which `C420jpeg` declares): a full-size Y plane, then U and V
 * at half resolution, each chroma sample taken from the top-left pixel of its 2×2 block.
 */
export function rgbToI420(rgb: Uint8Array, width: number, height: number): Buffer {
  const lumaSize = width * height;
  const chromaSize = (width / 2) * (height / 2);
  const frame = Buffer.alloc(lumaSize + 2 * chromaSize);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const r = rgb[i] as number;
      const g = rgb[i + 1] as number;
      const b = rgb[i + 2] as number;
      frame[y * width + x] = clampByte(0.257 * r + 0.504 * g + 0.098 * b + 16);
      if (y % 2 === 0 && x % 2 === 0) {
        const c = (y / 2) * (width / 2) + x / 2;
        frame[lumaSize + c] = clampByte(-0.148 * r - 0.291 * g + 0.439 * b + 128);
        frame[lumaSize + chromaSize + c] = clampByte(0.439 * r - 0.368 * g - 0.071 * b + 128);
      }
    }
  }
  return frame;
}

/** A complete .y4m file of `frames` copies of one RGB frame. */
export function y4mFile(rgb: Uint8Array, width: number, height: number, frames = FRAME_COUNT) {
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F30:1 Ip A1:1 C420jpeg\n`);
  const frame = rgbToI420(rgb, width, height);
  const parts: Buffer[] = [header];
  for (let f = 0; f < frames; f++) parts.push(Buffer.from('FRAME\n'), frame);
  return Buffer.concat(parts);
}

/** Writes the face and the blank camera files of a run. */
export function writeFakeCameraFiles(runDir: string): { face: string; blank: string } {
  const files = fakeCameraFiles(runDir);
  const portrait = PNG.sync.read(fs.readFileSync(facePortraitPng));
  fs.writeFileSync(files.face, y4mFile(letterbox(portrait), FRAME_WIDTH, FRAME_HEIGHT));
  const grey = new Uint8Array(FRAME_WIDTH * FRAME_HEIGHT * 3).fill(LETTERBOX_GREY);
  fs.writeFileSync(files.blank, y4mFile(grey, FRAME_WIDTH, FRAME_HEIGHT));
  return files;
}

/** Launch flags for a browser whose camera shows `file` and whose permission prompt says yes. */
export function fakeCameraArgs(file: string): string[] {
  return [
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${file}`,
  ];
}
