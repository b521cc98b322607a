import type { RouteOptions } from 'fastify';
import { $ZodType } from 'zod/v4/core';
import { encryptText } from '../security/envelope-cipher.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { DOCS_PREFIX } from './openapi.js';
import { DOCUMENTED_PATH_PARAMS } from './operation-docs.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
});
afterAll(() => t.close());

/** Routes that read nothing from the request (no params, query, body or header rule). */
const NO_INPUT = new Set([
  'GET /api/health',
  'GET /api/ready',
  'GET /api/states',
  'GET /api/app-check/token',
]);
/** POST routes without a JSON body, and why. */
const NO_BODY = new Map([
  ['POST /api/storage/upload', 'the raw file, checked against its magic bytes'],
  [
    'POST /api/sandbox/checkout/:sessionId/callback',
    "the card processor's webhook carries nothing",
  ],
  ['POST /api/logout', 'the session it ends is the bearer token the auth hook already read'],
]);

const nameOf = (route: RouteOptions) => `${String(route.method)} ${route.url}`;
const apiRoutes = () =>
  t.app.routeCatalogue.filter(
    (route) => route.url.startsWith('/api/') && !route.url.startsWith(DOCS_PREFIX),
  );
const isZod = (schema: unknown) =>
  schema instanceof $ZodType ||
  (typeof schema === 'object' &&
    schema !== null &&
    'content' in schema &&
    Object.values((schema as { content: Record<string, { schema: unknown }> }).content).every(
      (c) => c.schema instanceof $ZodType,
    ));

describe('every route declares its schemas (read from the route table, so new routes are covered)', () => {
  it('finds the routes', () => {
    expect(apiRoutes().length).toBeGreaterThan(25);
  });

  it('declares a zod response schema for a success status', () => {
    const missing = apiRoutes().filter((route) => {
      const response = (route.schema?.response ?? {}) as Record<string, unknown>;
      const codes = Object.keys(response);
      return (
        !codes.some((code) => /^[23]\d\d$/.test(code)) || !Object.values(response).every(isZod)
      );
    });
    expect(missing.map(nameOf)).toEqual([]);
  });

  it('declares a zod schema for what it reads: path parameters, and a query, body or header rule', () => {
    const missing = apiRoutes().filter((route) => {
      const schema = route.schema ?? {};
      const parts = [schema.params, schema.querystring, schema.body, schema.headers].filter(
        Boolean,
      );
      if (!parts.every(isZod)) return true;
      if (/[:*]/.test(route.url) && !schema.params) return true;
      if (NO_INPUT.has(nameOf(route))) return false;
      if (route.method === 'POST' || route.method === 'PUT') {
        return !schema.body && !NO_BODY.has(nameOf(route));
      }
      return parts.length === 0;
    });
    expect(missing.map(nameOf)).toEqual([]);
  });

  it('documents every route in the OpenAPI document at /api/docs/json', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${DOCS_PREFIX}/json` });
    expect(res.statusCode).toBe(200);
    const document = res.json() as {
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    };
    expect(document.openapi).toBe('3.1.0');
    const undocumented = apiRoutes().filter((route) => {
      // A parameter the document names differently (paths differing only by that name).
      const renamed = DOCUMENTED_PATH_PARAMS[nameOf(route)];
      const url = renamed
        ? route.url.replace(renamed.from === '*' ? '*' : `:${renamed.from}`, `:${renamed.to}`)
        : route.url;
      const path = url.replace(/:(\w+)/g, '{$1}');
      const operation = document.paths[path]?.[String(route.method).toLowerCase()] as
        { responses?: Record<string, unknown> } | undefined;
      return !operation?.responses || Object.keys(operation.responses).length === 0;
    });
    expect(undocumented.map(nameOf)).toEqual([]);
  });

  it('documents an encrypted route as the envelope, with the plaintext schema beside it', async () => {
    const document = (await t.app.inject({ method: 'GET', url: `${DOCS_PREFIX}/json` })).json();
    const login = document.paths['/api/login'].post;
    expect(login.tags).toContain('encrypted');
    const body = login.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['encrypted']);
    expect(Object.keys(body['x-plaintext'].properties).sort()).toEqual([
      'mac_address',
      'phone_number',
      'security_pin',
    ]);
    const ok = login.responses['200'].content['application/json'].schema;
    expect(ok.properties.encrypted.type).toBe('string');
    expect(ok['x-plaintext'].properties.token).toBeDefined();
    const money = document.paths['/api/transfers/bank-to-wallet'].post;
    expect(money.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ in: 'header', name: 'idempotency-key' })]),
    );
  });

  it('serves the Swagger UI page at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${DOCS_PREFIX}/` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('answers are checked against their schemas', () => {
  it('refuses to send an answer its route schema does not allow (500, details only in the log)', async () => {
    const app = await createTestApp();
    try {
      const { z } = await import('zod/mini');
      app.app.get(
        '/api/test/wrong-answer',
        { schema: { response: { 200: z.object({ count: z.number() }) } } },
        async () => ({ count: 'three' }),
      );
      const res = await app.app.inject({ method: 'GET', url: '/api/test/wrong-answer' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: 'Something went wrong. Please try again.' });
    } finally {
      await app.close();
    }
  });

  it('validates an encrypted body after opening the envelope, naming the first bad field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: {
        encrypted: encryptText(
          JSON.stringify({ phone_number: '2348012345678', security_pin: '12', mac_address: 'web' }),
          t.config.encryptionSecret,
        ),
      },
    });
    expect(res.statusCode).toBe(400);
  });
});
