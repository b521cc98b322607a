import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.js';
import { EnvelopeDecryptError, decryptText, encryptText } from '../security/envelope-cipher.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** SPEC §7 'encrypted' call: body and reply are {"encrypted": "..."} envelopes. */
    encrypted?: boolean;
  }
}

export const INVALID_PAYLOAD = 'Invalid request payload';

export const isEncryptedRoute = (request: FastifyRequest) =>
  request.routeOptions.config?.encrypted === true;

/** Decrypted text is JSON when it parses, else text (docs/architecture.md "The wire contract"). */
function parseDecrypted(text: string): unknown {
  if (text === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export const envelopePlugin = fp(
  async (app: FastifyInstance, opts: { secret: string }) => {
    app.addHook('preValidation', async (request) => {
      if (!isEncryptedRoute(request)) return;
      const body = request.body as Record<string, unknown> | null | undefined;
      const valid =
        body !== null &&
        typeof body === 'object' &&
        !Array.isArray(body) &&
        Object.keys(body).length === 1 &&
        typeof body.encrypted === 'string';
      if (!valid) throw new AppError(400, INVALID_PAYLOAD, 'INVALID_PAYLOAD');
      try {
        request.body = parseDecrypted(decryptText(body.encrypted as string, opts.secret));
      } catch (error) {
        if (error instanceof EnvelopeDecryptError)
          throw new AppError(400, INVALID_PAYLOAD, 'INVALID_PAYLOAD');
        throw error;
      }
    });

    // Every reply of an encrypted route is an envelope, errors included: the client decrypts both.
    app.addHook('onSend', async (request, reply, payload) => {
      if (!isEncryptedRoute(request) || payload === null || payload === undefined) return payload;
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload; // streams pass
      reply.header('content-type', 'application/json; charset=utf-8');
      return JSON.stringify({ encrypted: encryptText(payload.toString(), opts.secret) });
    });
  },
  { name: 'envelope' },
);
