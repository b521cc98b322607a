import {
  createFaceDetector,
  FaceDetectorBusyError,
  FaceDetectorTimeoutError,
  UndecodableImageError,
} from './face-detector.js';
import { portraitPng } from './test-images.js';

// The worker's own limits; the real detections are in detect-face.test.ts (one model load there).
describe('createFaceDetector', () => {
  it('gives up after its timeout with a clear error, and drops the stuck worker', async () => {
    const detector = createFaceDetector({ timeoutMs: 1 });
    try {
      await expect(detector.detect(portraitPng())).rejects.toBeInstanceOf(FaceDetectorTimeoutError);
    } finally {
      await detector.close();
    }
  });

  it('refuses a picture at once when the queue is full', async () => {
    const detector = createFaceDetector({ timeoutMs: 60_000, maxQueue: 1 });
    try {
      const first = detector.detect(Buffer.from('not an image'));
      await expect(detector.detect(portraitPng())).rejects.toBeInstanceOf(FaceDetectorBusyError);
      // The first one still runs: undecodable bytes are told apart from a failing detector.
      await expect(first).rejects.toBeInstanceOf(UndecodableImageError);
    } finally {
      await detector.close();
    }
  });
});
