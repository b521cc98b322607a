import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
} from 'fastify-type-provider-zod';
import {
  DOCUMENTED_PATH_PARAMS,
  IDEMPOTENCY_KEY_EXAMPLE,
  MONEY_CALL_EXAMPLES,
  OPERATION_SUMMARIES,
  operationIdOf,
} from './operation-docs.js';

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

/** Routes whose bearer token is not a session's: the sign-up token of a verified phone. */
const SIGNUP_TOKEN_ROUTES = new Set(['POST /api/users']);

type JsonObject = Record<string, unknown>;

/**
 * Who may call the operation, as the hooks decide it: the bearer token where requireUser (or the
 * sign-up token) guards the route, and the app-check header on every route that does not opt out
 * (config.appCheck false). Enforcement of app check is configurable (off locally), not optional
 * for a client: production enforces it.
 */
function securityOf(route: RouteOptions, key: string, requireUser: unknown): JsonObject[] {
  const guards: unknown[] = [route.preValidation, route.preHandler].flat().filter(Boolean);
  const bearer = guards.includes(requireUser) || SIGNUP_TOKEN_ROUTES.has(key);
  const appCheck = (route.config as { appCheck?: boolean } | undefined)?.appCheck !== false;
  const requirement = { ...(bearer ? { bearer: [] } : {}), ...(appCheck ? { appCheck: [] } : {}) };
  return Object.keys(requirement).length > 0 ? [requirement] : [];
}

/** Renames a path parameter in the document only (see DOCUMENTED_PATH_PARAMS). */
function renamePathParam(schema: JsonObject, url: string, from: string, to: string) {
  const params = schema.params as
    { properties?: Record<string, JsonObject>; required?: string[] } | undefined;
  if (params?.properties?.[from]) {
    const { [from]: renamed, ...others } = params.properties;
    schema.params = {
      ...params,
      properties: { ...others, [to]: renamed },
      required: (params.required ?? []).map((name) => (name === from ? to : name)),
    };
  }
  const pattern = from === '*' ? /\*$/ : new RegExp(`:${from}(?=/|$)`);
  return url.replace(pattern, `:${to}`);
}

/**
 * OpenAPI 3.1 generated from the zod schemas every route declares, served at /api/docs (Swagger UI)
 * and /api/docs/json, in sandbox mode only. Register before the routes: @fastify/swagger collects
 * them as they are added. An encrypted route's body and answers are documented as the envelope,
 * with the plaintext schema in `x-plaintext` and the route tagged `encrypted`. Every operation gets
 * an operationId from its method and path, a summary (src/http/operation-docs.ts), and its security
 * from its hooks; the document passes `redocly lint` (middleware/redocly.yaml, src/http/openapi.test.ts)
 * so a mobile team can generate a client from it.
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
        servers: [
          {
            url: app.config.publicBaseUrl || '/',
            description:
              "The web app's origin (PUBLIC_BASE_URL; else this document's own): its app server forwards /api here",
          },
        ],
      },
      transform: (document) => {
        const { schema, url: zodUrl } = zodTransform(document);
        const route = document.route as RouteOptions;
        const method = String([route.method].flat()[0]);
        const key = `${method} ${route.url}`;
        const wire = { ...(schema as JsonObject) };
        wire.operationId = operationIdOf(method, route.url);
        wire.summary ??= OPERATION_SUMMARIES[key];
        wire.security = securityOf(route, key, app.requireUser);
        const rename = DOCUMENTED_PATH_PARAMS[key];
        let url = zodUrl;
        if (rename) {
          url = renamePathParam(wire, url, rename.from, rename.to);
          const params = wire.params as { properties: Record<string, JsonObject> } | undefined;
          const param = params?.properties[rename.to];
          if (param) param.description = rename.description;
        }
        const example = MONEY_CALL_EXAMPLES[key];
        if (example) {
          if (wire.body) wire.body = { ...(wire.body as JsonObject), examples: [example] };
          const headers = wire.headers as { properties?: Record<string, JsonObject> } | undefined;
          const idempotencyKey = headers?.properties?.['idempotency-key'];
          if (idempotencyKey) idempotencyKey.examples = [IDEMPOTENCY_KEY_EXAMPLE];
        }
        if (document.route.config?.encrypted !== true) return { schema: wire, url };
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
