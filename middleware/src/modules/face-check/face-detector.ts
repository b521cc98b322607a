import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { findPackageRoot } from '../../package-root.js';

export interface DetectedFace {
  score: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What the worker saw: sizes are those of the (downscaled) picture the detector ran on. */
export interface Detection {
  width: number;
  height: number;
  /** Mean luminance 0–255 of the whole picture. */
  luminance: number;
  faces: DetectedFace[];
}

export class UndecodableImageError extends Error {}
export class FaceDetectorTimeoutError extends Error {}
export class FaceDetectorBusyError extends Error {}

export interface FaceDetector {
  /** `pixels`: the size the picture declares, when known (a laned detector picks its lane by it). */
  detect(bytes: Buffer, pixels?: number): Promise<Detection>;
  /** Starts the worker and loads the model now instead of on the first picture. */
  warmUp(): Promise<void>;
  close(): Promise<void>;
}

type WorkerReply =
  | { id: number; ok: true; result: Detection | null }
  | { id: number; ok: false; kind: 'undecodable' | 'error'; message: string };

const WORKER_FILE = 'face-detector-worker.mjs';

/**
 * The worker script: beside this module under tsx/jest (src/modules/face-check/), or beside
 * dist/main.js once bundled if the build copies it there, else the package's own src copy.
 */
function workerPath(packageRoot: string): string {
  const beside = fileURLToPath(new URL(`./${WORKER_FILE}`, import.meta.url));
  if (existsSync(beside)) return beside;
  return path.join(packageRoot, 'src', 'modules', 'face-check', WORKER_FILE);
}

export interface FaceDetectorOptions {
  /** Longest time one picture may take (model loading included on the first); then the worker is restarted. */
  timeoutMs: number;
  /** Pictures waiting beyond this are refused at once (FaceDetectorBusyError). */
  maxQueue?: number;
  maxSide?: number;
  /** The decoder's own cap per JPEG frame (the route checks the declared size first). */
  maxMegapixels?: number;
}

/**
 * A real face detector (@vladmandic/face-api's tiny face detector on the tfjs WASM backend) in a
 * worker thread, loaded lazily on first use. One picture at a time: calls queue behind each other,
 * each with its own timeout, so a stuck inference cannot hold the queue forever.
 */
export function createFaceDetector(opts: FaceDetectorOptions): FaceDetector {
  const packageRoot = findPackageRoot();
  const maxQueue = opts.maxQueue ?? 20;
  type Pending = Map<number, { resolve: (r: WorkerReply) => void; reject: (e: Error) => void }>;
  // Each worker has its own pending map: a worker dropped after a timeout may report its exit
  // after the next one has started, and must not fail that one's requests.
  let current: { worker: Worker; pending: Pending } | null = null;
  let nextId = 1;
  let waiting = 0;
  let tail: Promise<unknown> = Promise.resolve();

  function startWorker(): { worker: Worker; pending: Pending } {
    if (current) return current;
    const pending: Pending = new Map();
    const failAll = (error: Error) => {
      for (const entry of pending.values()) entry.reject(error);
      pending.clear();
    };
    const w = new Worker(workerPath(packageRoot), {
      workerData: {
        packageJsonPath: path.join(packageRoot, 'package.json'),
        maxSide: opts.maxSide,
        maxMegapixels: opts.maxMegapixels,
      },
    });
    w.on('message', (msg: WorkerReply) => {
      const entry = pending.get(msg.id);
      pending.delete(msg.id);
      if (pending.size === 0) w.unref(); // an idle detector never holds the process open
      entry?.resolve(msg);
    });
    w.on('error', (error) => failAll(error));
    w.on('exit', (code) => {
      if (current?.worker === w) current = null;
      failAll(new Error(`face detector worker exited (code ${code})`));
    });
    current = { worker: w, pending };
    return current;
  }

  function call(
    message: Record<string, unknown>,
    transfer: ArrayBuffer[] = [],
  ): Promise<WorkerReply> {
    const { worker: w, pending } = startWorker();
    const id = nextId++;
    return new Promise<WorkerReply>((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(
          new FaceDetectorTimeoutError(`face detection took longer than ${opts.timeoutMs} ms`),
        );
        // The inference cannot be interrupted inside WebAssembly: drop the worker, the next
        // picture starts a fresh one.
        if (current?.worker === w) current = null;
        void w.terminate();
      }, opts.timeoutMs);
      pending.set(id, {
        resolve: (r) => {
          clearTimeout(timer);
          resolve(r);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
      w.ref();
      w.postMessage({ ...message, id }, transfer);
    });
  }

  /** Runs `task` after every earlier one has settled (one detection at a time). */
  function enqueue<T>(task: () => Promise<T>): Promise<T> {
    if (waiting >= maxQueue) return Promise.reject(new FaceDetectorBusyError('face detector busy'));
    waiting++;
    const run = tail.then(task, task).finally(() => {
      waiting--;
    });
    tail = run.catch(() => undefined);
    return run;
  }

  return {
    detect(bytes) {
      return enqueue(async () => {
        const copy = new Uint8Array(bytes).buffer; // transferred, so the caller's Buffer stays intact
        const reply = await call({ type: 'detect', bytes: copy }, [copy]);
        if (reply.ok) return reply.result as Detection;
        if (reply.kind === 'undecodable') throw new UndecodableImageError(reply.message);
        throw new Error(`face detector failed: ${reply.message}`);
      });
    },
    warmUp() {
      return enqueue(async () => {
        const reply = await call({ type: 'warm-up' });
        if (!reply.ok) throw new Error(`face detector failed to load: ${reply.message}`);
      });
    },
    async close() {
      const w = current?.worker;
      current = null;
      if (w) await w.terminate();
    },
  };
}

/**
 * Pictures at or under this many pixels take the fast lane. The web app sends a camera frame of
 * at most 640 px wide (mfe-onboarding photo.ts), 0.3 MP; only a client of its own sends more.
 */
export const SMALL_PICTURE_PIXELS = 1_000_000;

/**
 * Two detectors, each its own worker and queue: pictures up to SMALL_PICTURE_PIXELS in one, larger
 * ones in the other. A big picture costs seconds to decode; in a single queue a genuine check
 * waited behind every big one sent before it (three made it take 25 s). Here it waits only behind
 * other small ones, which take a fraction of a second each.
 */
export function createLanedFaceDetector(
  opts: FaceDetectorOptions,
): FaceDetector & { detect(bytes: Buffer, pixels?: number): Promise<Detection> } {
  const small = createFaceDetector(opts);
  const large = createFaceDetector(opts);
  return {
    detect(bytes, pixels = Number.POSITIVE_INFINITY) {
      return (pixels <= SMALL_PICTURE_PIXELS ? small : large).detect(bytes);
    },
    async warmUp() {
      await Promise.all([small.warmUp(), large.warmUp()]);
    },
    async close() {
      await Promise.all([small.close(), large.close()]);
    },
  };
}
