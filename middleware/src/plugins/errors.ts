import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { isDatabaseUnavailable, isTransientConflict } from '../db/postgres-pool.js';
import {
  AppError,
  GENERIC_ERROR_MESSAGE,
  SERVICE_UNAVAILABLE_MESSAGE,
  SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS,
} from '../errors.js';
import { isLedgerError } from '../ledger/index.js';
import { ledgerErrorToAppError } from '../money/ledger-errors.js';

export { AppError } from '../errors.js';

// Fastify's own 4xx errors, reworded for people; the codes are Fastify's.
const fastifyMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Invalid content length',
};

export const ADDRESS_TOO_LONG = 'Request address is too long';
export const ADDRESS_NOT_VALID = 'Request address is not valid';

/**
 * Fastify's `frameworkErrors`: what its router refuses before any route or hook runs (a path
 * parameter longer than maxParamLength, 414; a path that is not valid percent-encoded UTF-8, 400)
 * would otherwise go out as Fastify's own body, which echoes the path and is not the `{message}`
 * contract.
 */
export const answerFrameworkError: NonNullable<FastifyServerOptions['frameworkErrors']> = (
  error,
  request,
  reply,
) => {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  request.log.info({ err: { code: error.code } }, 'client error');
  // No route was found, so no schema types this reply (nor says whether it is encrypted).
  void (reply as FastifyReply).status(status).send({
    message: status === 414 ? ADDRESS_TOO_LONG : ADDRESS_NOT_VALID,
  });
};

export const HEADERS_TOO_LARGE = 'Request headers or address are too large';
export const REQUEST_TOO_SLOW = 'The request took too long to arrive';

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before Fastify sees a request
 * (headers or query string over the header size limit: 431; a request that did not arrive within
 * the request timeout: 408; anything unparsable: 400). Fastify's own answer is its
 * `{error, message, statusCode}` body, not the `{message}` contract.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', HEADERS_TOO_LARGE]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', REQUEST_TOO_SLOW]
        : [400, 'Bad Request', 'Bad request'];
  const body = JSON.stringify({ message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * Central error handler: AppError → its status; the ledger's refusals → their 4xx (one mapping for
 * every money route, src/money/ledger-errors.ts); Fastify 4xx → human message; a database that
 * is unreachable or read-only (a failover) → 503 with Retry-After, so the client tries again; else 500.
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((thrown: FastifyError, request, reply) => {
      const error = isLedgerError(thrown) ? ledgerErrorToAppError(thrown) : thrown;
      if (error instanceof AppError) {
        if (error.statusCode >= 500) request.log.error({ err: error }, 'server error');
        if (error.headers) reply.headers(error.headers);
        return reply.status(error.statusCode).send({ message: error.message, ...error.extra });
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        // A body that is not even JSON on an encrypted route is simply not a valid envelope.
        const notAnEnvelope =
          request.routeOptions.config?.encrypted === true &&
          error.code?.startsWith('FST_ERR_CTP_') &&
          status !== 413;
        const message = notAnEnvelope
          ? 'Invalid request payload'
          : (error.code && fastifyMessages[error.code]) ||
            (status === 429 ? error.message : 'Bad request');
        request.log.info({ err: { code: error.code, message: error.message } }, 'client error');
        return reply.status(status).send({ message });
      }
      if (isDatabaseUnavailable(error) || isTransientConflict(error)) {
        request.log.warn({ err: error }, 'database unavailable');
        return reply
          .status(503)
          .header('retry-after', String(SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS))
          .send({ message: SERVICE_UNAVAILABLE_MESSAGE });
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ message: GENERIC_ERROR_MESSAGE });
    });

    app.setNotFoundHandler((_request, reply) => reply.status(404).send({ message: 'Not found' }));
  },
  { name: 'errors' },
);
