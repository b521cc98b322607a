import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream, LoggerOptions } from 'pino';

/*
 * Secrets never reach the log (ARCHITECTURE "Security habits"): bearer tokens, the app-check header,
 * the envelope ciphertext (it decrypts with a secret that ships to browsers), PINs, OTPs, tokens.
 * Paths cover an object logged at the top level, under one key (`body.pin`) or two (`req.body.pin`).
 */
const secretKeys = [
  'pin',
  'confirm_pin',
  'security_pin',
  'new_security_pin',
  'transaction_pin',
  'confirm_transaction_pin',
  'otp',
  'token',
  'encrypted',
  'password',
  'authorization',
];
export const redactPaths = [
  'req.headers.authorization',
  'req.headers["x-app-check"]',
  'req.headers.cookie',
  'headers.authorization',
  'headers["x-app-check"]',
  ...secretKeys,
  ...secretKeys.map((k) => `*.${k}`),
  ...secretKeys.map((k) => `*.*.${k}`),
];

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Fastify logger and request-id options; `stream` lets tests capture the lines. */
export function loggingOptions(
  level: string,
  stream?: DestinationStream,
): Partial<FastifyServerOptions> {
  const logger: LoggerOptions & { stream?: DestinationStream } = {
    level,
    redact: { paths: redactPaths, censor: '[redacted]' },
    ...(stream ? { stream } : {}),
  };
  return {
    logger,
    requestIdHeader: false,
    // An incoming X-Request-Id (from the host proxy) is kept when it looks like an id.
    genReqId: (req: IncomingMessage) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
  };
}
