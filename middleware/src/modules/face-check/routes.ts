import type { FastifyError } from 'fastify';
import { z } from 'zod/mini';
import { AppError } from '../../errors.js';
import type { Api } from '../../http/api.js';
import { errors } from '../../http/responses.js';
import {
  createFaceDetector,
  FaceDetectorBusyError,
  FaceDetectorTimeoutError,
  UndecodableImageError,
  type FaceDetector,
} from './face-detector.js';
import { judgeDetection } from './face-rules.js';
import { FACE_MESSAGES } from './messages.js';

/** Largest picture accepted (issue 5 contract: 413 above 5 MB). */
export const MAX_PICTURE_BYTES = 5 * 1024 * 1024;
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

/** POST /services/detect-face (issue 5, route 5): the onboarding photo's server face check. */
export async function faceCheckRoutes(app: Api, opts: FaceCheckRouteOptions = {}) {
  const detector =
    opts.detector ?? createFaceDetector({ timeoutMs: app.config.faceCheck.timeoutSeconds * 1000 });
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
      schema: {
        body: detectFaceBody,
        response: { 200: faceDetectedResponse, ...errors(400, 401, 413, 422, 503) },
      },
    },
    async (request) => {
      const { image } = request.body;
      const bytes = decodeBase64Image(image);
      if (!bytes) throw new AppError(400, FACE_MESSAGES.undecodable);
      if (bytes.length > MAX_PICTURE_BYTES) throw new AppError(413, FACE_MESSAGES.tooLarge);
      let detection;
      try {
        detection = await detector.detect(bytes);
      } catch (error) {
        if (error instanceof UndecodableImageError)
          throw new AppError(400, FACE_MESSAGES.undecodable);
        if (error instanceof FaceDetectorBusyError) throw new AppError(503, FACE_MESSAGES.busy);
        if (error instanceof FaceDetectorTimeoutError) {
          request.log.warn({ err: error }, 'face detection timed out');
          throw new AppError(503, FACE_MESSAGES.timeout);
        }
        throw error;
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
      return { message: FACE_MESSAGES.detected, faces: verdict.faces };
    },
  );
}
