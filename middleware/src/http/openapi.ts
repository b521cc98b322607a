import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
} from 'fastify-type-provider-zod';

export const DOCS_PREFIX = '/api/docs';

const ENVELOPE_NOTE =
  'Encrypted call: the body on the wire is {"encrypted": "<base64>"}, crypto-js AES (CBC, PKCS7, ' +
  'OpenSSL "Salted__" format) of the JSON below with the configured ENCRYPTION_SECRET; errors too. ' +
  'The secret ships to browsers: this envelope is not a security boundary, TLS and the server checks are.';

/** What an encrypted route carries on the wire, with the plaintext schema kept beside it. */
function envelopeOf(plaintext: unknown, description: string) {
  return {
    type: 'object',
    description,
    required: ['encrypted'],
    additionalProperties: false,
    properties: { encrypted: { type: 'string', description: 'base64 AES ciphertext' } },
    'x-plaintext': plaintext,
  };
}

// Schemas built with `z.custom`, `z.transform` (output side) or refinements have no JSON Schema
// form; they are documented as "any" rather than failing the whole document.
const zodToJsonConfig = { unrepresentable: 'any' } as const;
const zodTransform = createJsonSchemaTransform({ skipList: [], zodToJsonConfig });

/**
 * OpenAPI 3.1 generated from the zod schemas every route declares, served at /api/docs (Swagger UI)
 * and /api/docs/json, in sandbox mode only. Register before the routes: @fastify/swagger collects
 * them as they are added. An encrypted route's body and answers are documented as the envelope,
 * with the plaintext schema in `x-plaintext` and the route tagged `encrypted`.
 */
export const openApiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Ajo Wallet middleware API',
          version: '0.1.0',
          description:
            'The API the Ajo Wallet web app calls, under /api. Every refusal is { message } with a ' +
            'status that means what it says. Routes tagged `encrypted` carry the envelope. ' +
            'Money routes need an Idempotency-Key header and may answer 202 (step-up OTP).',
        },
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
            appCheck: { type: 'apiKey', in: 'header', name: 'X-App-Check' },
          },
        },
        tags: [{ name: 'encrypted', description: ENVELOPE_NOTE }],
      },
      transform: (document) => {
        const { schema, url } = zodTransform(document);
        if (document.route.config?.encrypted !== true) return { schema, url };
        const wire = { ...(schema as Record<string, unknown>) };
        if (wire.body) wire.body = envelopeOf(wire.body, ENVELOPE_NOTE);
        const responses = (wire.response ?? {}) as Record<string, unknown>;
        wire.response = Object.fromEntries(
          Object.entries(responses).map(([code, plaintext]) => [
            code,
            envelopeOf(
              plaintext,
              (plaintext as { description?: string }).description ?? 'Envelope',
            ),
          ]),
        );
        wire.tags = [...((wire.tags as string[] | undefined) ?? []), 'encrypted'];
        return { schema: wire, url };
      },
      transformObject: createJsonSchemaTransformObject({ zodToJsonConfig }),
    });
    await app.register(swaggerUi, { routePrefix: DOCS_PREFIX });
  },
  { name: 'openapi' },
);
