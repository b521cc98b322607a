import type { FastifyError } from 'fastify';
import { z } from 'zod/mini';
import { AppError } from '../../errors.js';
import type { Api } from '../../http/api.js';
import { errors } from '../../http/responses.js';
import { currentUser } from '../../plugins/auth.js';
import { UPLOAD_TYPES } from './magic-bytes.js';
import { UPLOAD_MESSAGES } from './messages.js';
import { UPLOAD_PATH, uploadFile } from './upload-service.js';

/** Largest upload: at most 5 MB. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

const uploadQuery = z.strictObject({
  path: z.string(UPLOAD_MESSAGES.badPath).check(z.regex(UPLOAD_PATH, UPLOAD_MESSAGES.badPath)),
});

const uploadResponse = z.object({ path: z.string(), url: z.string() });

/**
 * POST /storage/upload?path=images/<filename>. The body is the raw file
 * (not multipart) so the browser's XHR upload progress works; the parser exists only in this
 * module's scope, so no other route accepts these content types.
 */
export async function storageRoutes(app: Api) {
  app.addContentTypeParser(
    [...UPLOAD_TYPES],
    { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES },
    (_request, body, done) => done(null, body),
  );

  // Fastify's own size and media-type refusals get the contract's words; the rest goes on to the
  // app's error handler (errorsPlugin).
  app.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      throw new AppError(413, UPLOAD_MESSAGES.tooLarge);
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
      throw new AppError(415, UPLOAD_MESSAGES.wrongType);
    throw error;
  });

  app.post(
    '/storage/upload',
    {
      bodyLimit: MAX_UPLOAD_BYTES,
      preValidation: app.requireUser,
      schema: {
        querystring: uploadQuery,
        // The raw file (not validated as JSON: the bytes are checked against their magic numbers).
        consumes: [...UPLOAD_TYPES],
        response: { 201: uploadResponse, ...errors(400, 401, 413, 415) },
      },
    },
    async (request, reply) => {
      const { path } = request.query;
      // Any other parser (JSON, text) means the Content-Type was not one of ours.
      if (!Buffer.isBuffer(request.body)) throw new AppError(415, UPLOAD_MESSAGES.wrongType);
      const declaredType = (request.headers['content-type'] ?? '')
        .split(';')[0]!
        .trim()
        .toLowerCase();
      const stored = await uploadFile(
        { db: app.db, storage: app.providers.fileStorage },
        { userId: currentUser(request).id, path, declaredType, bytes: request.body },
      );
      return reply.status(201).send(stored);
    },
  );
}
