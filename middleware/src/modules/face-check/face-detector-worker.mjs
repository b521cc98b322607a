// The face detector's own thread (src/modules/face-check/face-detector.ts starts it): decoding a
// large JPEG in pure JS and running the network take hundreds of milliseconds of CPU, which on the
// main thread would stall every HTTP request. Plain JS (not TS) so the very same file runs under
// tsx, jest and beside/for dist/main.js without a loader.
//
// Model and WebAssembly files are found through the npm packages that ship them (resolved from
// the middleware's package.json, passed in workerData), never relative to this file.
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';

const requireFromPackage = createRequire(workerData.packageJsonPath);
const jpeg = requireFromPackage('jpeg-js');
const { PNG } = requireFromPackage('pngjs');

// Detection runs on at most this many pixels on the longer side (speed on 2 cores); the face-size
// rule is a ratio, so it does not change with the scale.
const MAX_SIDE = workerData.maxSide ?? 640;
// The route's pixel budget (MAX_PICTURE_PIXELS), in megapixels.
const MAX_MEGAPIXELS = workerData.maxMegapixels ?? 4;
// Score below which a candidate is ignored altogether; the rules (face-rules.ts) judge the rest.
const MIN_SCORE = 0.3;
// A face this sure needs no second look (face-rules.ts passes from 0.6).
const CLEAR_SCORE = 0.6;

let ready = null;
let faceapi = null;

/** Loads tfjs (WASM backend) and the tiny face detector once, on the first request. */
function loadModel() {
  ready ??= (async () => {
    const faceApiPath = requireFromPackage.resolve(
      '@vladmandic/face-api/dist/face-api.node-wasm.js',
    );
    faceapi = requireFromPackage(faceApiPath);
    // The WASM backend face-api itself requires, so its .wasm files sit in that package's dist.
    const requireFromFaceApi = createRequire(faceApiPath);
    const wasmDir = path.dirname(requireFromFaceApi.resolve('@tensorflow/tfjs-backend-wasm'));
    faceapi.tf.setWasmPaths(wasmDir + path.sep);
    await faceapi.tf.setBackend('wasm');
    await faceapi.tf.ready();
    const modelDir = path.join(
      path.dirname(requireFromPackage.resolve('@vladmandic/face-api/package.json')),
      'model',
    );
    await faceapi.nets.tinyFaceDetector.loadFromDisk(modelDir);
  })();
  return ready;
}

class UndecodableImage extends Error {}

function decode(bytes) {
  try {
    if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) {
      const png = PNG.sync.read(bytes);
      return { width: png.width, height: png.height, data: png.data };
    }
    if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
      // The route's cap (MAX_PICTURE_PIXELS) again, per frame: its header check reads the first
      // frame only, and a JPEG could declare another one after it.
      const image = jpeg.decode(bytes, {
        useTArray: true,
        maxResolutionInMP: MAX_MEGAPIXELS,
        maxMemoryUsageInMB: 200,
      });
      return { width: image.width, height: image.height, data: image.data };
    }
  } catch {
    throw new UndecodableImage();
  }
  throw new UndecodableImage();
}

/**
 * RGBA → RGB downscaled by box averaging to at most `maxSide`, and the mean luminance (Rec. 601)
 * of the whole picture, in one pass over the source pixels.
 */
function downscale({ width, height, data }, maxSide) {
  const scale = Math.max(1, Math.max(width, height) / maxSide);
  const outW = Math.max(1, Math.round(width / scale));
  const outH = Math.max(1, Math.round(height / scale));
  const sums = new Float64Array(outW * outH * 3);
  const counts = new Uint32Array(outW * outH);
  let luminance = 0;
  for (let y = 0; y < height; y++) {
    const row = Math.min(outH - 1, Math.floor(y / scale)) * outW;
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const r = data[i];
      const g = data[i + 1];
      const b = data[i + 2];
      luminance += 0.299 * r + 0.587 * g + 0.114 * b;
      const o = row + Math.min(outW - 1, Math.floor(x / scale));
      sums[o * 3] += r;
      sums[o * 3 + 1] += g;
      sums[o * 3 + 2] += b;
      counts[o] += 1;
    }
  }
  const rgb = new Int32Array(outW * outH * 3);
  for (let o = 0; o < counts.length; o++) {
    const n = counts[o] || 1;
    rgb[o * 3] = Math.round(sums[o * 3] / n);
    rgb[o * 3 + 1] = Math.round(sums[o * 3 + 1] / n);
    rgb[o * 3 + 2] = Math.round(sums[o * 3 + 2] / n);
  }
  return { rgb, width: outW, height: outH, luminance: luminance / (width * height) };
}

/** One pass of the tiny face detector; inputSize is a multiple of 32 (the network's grid). */
async function findFaces(small, inputSize) {
  const tensor = faceapi.tf.tensor3d(small.rgb, [small.height, small.width, 3], 'int32');
  try {
    const options = new faceapi.TinyFaceDetectorOptions({ inputSize, scoreThreshold: MIN_SCORE });
    const detections = await faceapi.detectAllFaces(tensor, options);
    return {
      width: small.width,
      height: small.height,
      luminance: small.luminance,
      faces: detections.map((d) => ({
        score: d.score,
        x: d.box.x,
        y: d.box.y,
        width: d.box.width,
        height: d.box.height,
      })),
    };
  } finally {
    tensor.dispose();
  }
}

async function detect(bytes) {
  const image = decode(bytes);
  await loadModel();
  // Fast pass: MAX_SIDE pixels, input 416 (a face of a fifth of the picture, as a selfie has, is
  // found in well under 100 ms). Only when it finds no clear face in a larger picture, a second,
  // slower pass at twice the resolution looks for a small, far-away face, so that the customer
  // hears "too small" rather than "no face" or "quality is bad".
  const first = await findFaces(downscale(image, MAX_SIDE), 416);
  if (bestScore(first) >= CLEAR_SCORE || Math.max(image.width, image.height) <= MAX_SIDE)
    return first;
  if (first.luminance < 40) return first; // too dark anyway (face-rules.ts): skip the slow pass
  const second = await findFaces(downscale(image, MAX_SIDE * 2), 832);
  return bestScore(second) > bestScore(first) ? second : first;
}

const bestScore = (result) => Math.max(0, ...result.faces.map((f) => f.score));

parentPort.on('message', async (msg) => {
  if (msg.type === 'warm-up') {
    try {
      await loadModel();
      parentPort.postMessage({ id: msg.id, ok: true, result: null });
    } catch (error) {
      parentPort.postMessage({
        id: msg.id,
        ok: false,
        kind: 'error',
        message: String(error?.message ?? error),
      });
    }
    return;
  }
  try {
    const result = await detect(Buffer.from(msg.bytes));
    parentPort.postMessage({ id: msg.id, ok: true, result });
  } catch (error) {
    const kind = error instanceof UndecodableImage ? 'undecodable' : 'error';
    parentPort.postMessage({
      id: msg.id,
      ok: false,
      kind,
      message: String(error?.message ?? error),
    });
  }
});
