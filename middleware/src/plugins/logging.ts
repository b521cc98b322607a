import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyServerOptions } from 'fastify';
import { stdSerializers, type DestinationStream, type LoggerOptions } from 'pino';

/*
 * Secrets never reach the log (docs/architecture.md "Security habits"): bearer tokens, the
 * app-check header, the envelope ciphertext (it decrypts with a secret that ships to browsers),
 * PINs, OTPs, tokens. Paths cover an object logged at the top level, under one key (`body.pin`) or
 * two (`req.body.pin`).
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

/*
 * Personal numbers never reach the log either: phone numbers (10, 11 or 13 digits), NINs and BVNs
 * (11) and account numbers (10) travel in URLs (`/api/nin/start?nin=`, `?phone_number=`), bodies and
 * error messages. Any run of 10 to 13 digits keeps only its last three, enough to match a support
 * call to a line; NIP session ids (30 digits) and timestamps (numbers, not text) stay whole.
 */
const PERSONAL_NUMBER = /(?<!\d)\d{10,13}(?!\d)/g;

export function maskPersonalNumbers(text: string): string {
  return text.replace(
    PERSONAL_NUMBER,
    (digits) => '*'.repeat(digits.length - 3) + digits.slice(-3),
  );
}

function maskDeep(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return maskPersonalNumbers(value);
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => maskDeep(item, depth + 1));
  if (Object.getPrototypeOf(value) !== Object.prototype) return value; // errors: see serializers
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskDeep(v, depth + 1)]));
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify logger and request-id options; `stream` lets tests capture the lines. */
export function loggingOptions(
  level: string,
  stream?: DestinationStream,
): Partial<FastifyServerOptions> {
  const logger: LoggerOptions & { stream?: DestinationStream } = {
    level,
    redact: { paths: redactPaths, censor: '[redacted]' },
    serializers: {
      req: (req: LoggedRequest) => ({
        method: req.method,
        url: maskPersonalNumbers(req.url ?? ''),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
      err: (err: Error) =>
        maskDeep({ ...stdSerializers.err(err) }) as ReturnType<typeof stdSerializers.err>,
    },
    formatters: { log: (object) => maskDeep(object) as Record<string, unknown> },
    hooks: {
      logMethod(args, method) {
        const masked = args.map((arg) =>
          typeof arg === 'string' ? maskPersonalNumbers(arg) : arg,
        );
        return method.apply(this, masked as Parameters<typeof method>);
      },
    },
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
