import type { FastifyError } from 'fastify';
import { z } from 'zod/mini';
import { AppError } from '../../errors.js';
import type { Api } from '../../http/api.js';
import { errors } from '../../http/responses.js';
import { currentUser } from '../../plugins/auth.js';
import {
  createLanedFaceDetector,
  FaceDetectorBusyError,
  FaceDetectorTimeoutError,
  UndecodableImageError,
  type FaceDetector,
} from './face-detector.js';
import { judgeDetection } from './face-rules.js';
import { FACE_MESSAGES } from './messages.js';
import { recordFaceCheckPass } from './passes.js';
import { pictureSize } from './picture-size.js';

/** Largest picture accepted (413 above 5 MB). */
export const MAX_PICTURE_BYTES = 5 * 1024 * 1024;
/**
 * Largest picture decoded: 4 megapixels and 4096 pixels a side. The web app sends a camera frame
 * of at most 640 × 480 (0.3 MP); the face is judged at 640 px anyway. A PNG declaring
 * 16000 × 16000 in 249 KB would otherwise take 1.9 GB and 20 s to decode, and 5000 × 5000 (24 KB
 * on the wire) took 8 s and 270 MB: refused by the header (picture-size.ts) before the decoder runs.
 */
export const MAX_PICTURE_PIXELS = 4_000_000;
const MAX_PICTURE_SIDE = 4096;
/** Face checks per customer per 15 minutes: enough retakes for a person, not a flood. */
export const FACE_CHECKS_PER_WINDOW = 20;
// A 5 MB picture is ~6.7 MB of base64, ~9 MB once inside the envelope; above this Fastify stops
// reading and the answer is the same 413.
const ROUTE_BODY_LIMIT = 10 * 1024 * 1024;

const detectFaceBody = z.strictObject({
  image: z.string('image is required').check(z.minLength(1, 'image is required')),
});

const faceDetectedResponse = z.object({ message: z.string(), faces: z.literal(1) });

/** base64 (a `data:image/...;base64,` prefix allowed) → bytes, or null when it is not base64. */
export function decodeBase64Image(image: string): Buffer | null {
  const payload = image
    .replace(/^data:[a-z0-9.+/-]*(;[a-z0-9=-]+)*;base64,/i, '')
    .replace(/\s+/g, '');
  if (payload.length === 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(payload)) return null;
  return Buffer.from(payload, 'base64');
}

export interface FaceCheckRouteOptions {
  /** Default: a real detector with config.faceCheck's timeout; tests may share or replace one. */
  detector?: FaceDetector;
}

/** POST /services/detect-face: the onboarding photo's server face check. */
export async function faceCheckRoutes(app: Api, opts: FaceCheckRouteOptions = {}) {
  const detector =
    opts.detector ??
    createLanedFaceDetector({
      timeoutMs: app.config.faceCheck.timeoutSeconds * 1000,
      maxMegapixels: MAX_PICTURE_PIXELS / 1_000_000,
    });
  // One check at a time per customer (on this instance): a customer's next picture waits for the
  // answer to the last, so one account cannot fill the detectors' queues.
  const checking = new Set<string>();
  if (!opts.detector) app.addHook('onClose', () => detector.close());

  // Fastify's own "body too large" gets the contract's words; everything else goes to errorsPlugin.
  app.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      throw new AppError(413, FACE_MESSAGES.tooLarge);
    throw error;
  });

  app.post(
    '/services/detect-face',
    {
      config: { encrypted: true },
      bodyLimit: ROUTE_BODY_LIMIT,
      preValidation: app.requireUser,
      preHandler: app.limitPerUser({ name: 'face-check', max: FACE_CHECKS_PER_WINDOW }),
      schema: {
        body: detectFaceBody,
        response: { 200: faceDetectedResponse, ...errors(400, 401, 413, 422, 429, 503) },
      },
    },
    async (request) => {
      const { image } = request.body;
      const bytes = decodeBase64Image(image);
      if (!bytes) throw new AppError(400, FACE_MESSAGES.undecodable);
      if (bytes.length > MAX_PICTURE_BYTES) throw new AppError(413, FACE_MESSAGES.tooLarge);
      const size = pictureSize(bytes);
      if (!size || size.width === 0 || size.height === 0) {
        throw new AppError(400, FACE_MESSAGES.undecodable);
      }
      if (
        size.width * size.height > MAX_PICTURE_PIXELS ||
        Math.max(size.width, size.height) > MAX_PICTURE_SIDE
      ) {
        throw new AppError(413, FACE_MESSAGES.tooManyPixels);
      }
      const userId = currentUser(request).id;
      if (checking.has(userId)) throw new AppError(429, FACE_MESSAGES.alreadyChecking, 'BUSY');
      checking.add(userId);
      let detection;
      try {
        detection = await detector.detect(bytes, size.width * size.height);
      } catch (error) {
        if (error instanceof UndecodableImageError)
          throw new AppError(400, FACE_MESSAGES.undecodable);
        if (error instanceof FaceDetectorBusyError) throw new AppError(503, FACE_MESSAGES.busy);
        if (error instanceof FaceDetectorTimeoutError) {
          request.log.warn({ err: error }, 'face detection timed out');
          throw new AppError(503, FACE_MESSAGES.timeout);
        }
        throw error;
      } finally {
        checking.delete(userId);
      }
      const verdict = judgeDetection(detection);
      request.log.info(
        {
          faces: detection.faces.length,
          luminance: Math.round(detection.luminance),
          ok: verdict.ok,
        },
        'face check',
      );
      if (!verdict.ok) throw new AppError(422, verdict.message, 'FACE_CHECK_FAILED');
      // POST /verify-user takes only a stored photo with these very bytes, for this customer.
      await recordFaceCheckPass(app.db, userId, bytes);
      return { message: FACE_MESSAGES.detected, faces: verdict.faces };
    },
  );
}
