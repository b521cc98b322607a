/*
 * The suite attacks the API: every route the server registers (read from the route table, so a new
 * route is covered the day it is added) gets malformed input derived from its own schemas: each
 * field missing, null, of the wrong type, huge, with a NUL byte or a lone surrogate, odd numbers
 * (float noise, denormals, 1e308), extra and prototype-named fields, bodies that are not objects,
 * broken envelopes, odd path parameters and bearer headers. Bad input must get a clear 4xx in the
 * `{message}` contract (encrypted where the route is), never a 5xx
 * (docs/architecture.md "The wire contract"). Deterministic: the cases are enumerated, not random,
 * so a failure replays exactly.
 */
import type { AddressInfo } from 'node:net';
import type { RouteOptions } from 'fastify';
import { toJSONSchema } from 'zod';
import { $ZodType } from 'zod/v4/core';
import { decryptText, encryptText } from '../security/envelope-cipher.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { rawRequest } from '../test-support/raw-http.js';
import { ADDRESS_NOT_VALID, ADDRESS_TOO_LONG } from '../plugins/errors.js';
import { DOCS_PREFIX } from './openapi.js';
import { TEST_PIN, fundedCustomer, type Customer } from '../modules/funding/funding-test-kit.js';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  items?: JsonSchema;
}

const ODD_VALUES: [string, unknown][] = [
  ['null', null],
  ['true', true],
  ['zero', 0],
  ['negative', -1],
  ['fraction', 1.5],
  ['float noise', 0.30000000000000004],
  ['tiny', 1e-9],
  ['denormal', 5e-324],
  ['near ten', 10.000000001],
  ['huge number', 1e308],
  ['beyond safe integers', 2 ** 53 + 2],
  ['empty string', ''],
  ['blank', '   '],
  ['long string', 'x'.repeat(10_001)],
  ['NUL', '\u0000'],
  ['NUL inside', 'ab\u0000cd'],
  ['lone surrogate', '\ud800'],
  ['reversed surrogates', '\udc00\ud800'],
  ['emoji', '💸'.repeat(40)],
  ['markup', '<script>alert(1)</script>'],
  ['sql', "' or 1=1 --"],
  ['numeric string', '1e3'],
  ['padded digits', ' 12345 '],
  ['NaN string', 'NaN'],
  ['empty array', []],
  ['array', ['1', 2]],
  ['object', { a: 1 }],
  ['proto name', '__proto__'],
  ['content-type suffix', 'images/a.content-type'],
  ['path traversal', '../../etc/passwd'],
  ['past int32', 2147483648],
  ['half kobo', '100.005'],
  ['many digits', '9'.repeat(400)],
  ['newline', 'a\nb'],
  ['right-to-left override', '\u202eabc'],
  ['zero width', '\u200b'],
];

const ODD_PARAMS: [string, string][] = [
  ['letters', 'abc'],
  ['zero', '0'],
  ['negative', '-1'],
  ['float', '1.5e3'],
  ['long', 'a'.repeat(6000)],
  ['NUL', '%00'],
  ['bad utf-8', '%ED%A0%80'],
  ['bad escape', '%E0%A4%A'],
  ['dot dot', '..%2F..%2Fetc'],
  ['emoji', encodeURIComponent('💸')],
  ['proto', '__proto__'],
  ['constructor', 'constructor'],
  ['content-type suffix', 'x.content-type'],
];

/** Plausible values for the fields the API uses, so one odd field is the only thing wrong. */
function plausible(name: string, schema: JsonSchema, customer: Customer): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) {
    const concrete = variants.find((v) => v.type !== 'null') ?? variants[0];
    return plausible(name, concrete as JsonSchema, customer);
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  const lower = name.toLowerCase();
  if (type === 'number' || type === 'integer') {
    if (lower.includes('amount')) return 100;
    return Math.max(1, schema.minimum ?? 1);
  }
  if (type === 'boolean') return true;
  if (type === 'array') return [];
  if (type === 'object') return {};
  if (lower.includes('transaction_pin') || lower === 'pin') return TEST_PIN;
  if (lower.includes('phone')) return '2348031234567';
  if (lower.includes('otp')) return '123456';
  if (lower.includes('amount')) return '100';
  if (lower.includes('account') || lower.includes('wallet')) return customer.main;
  if (lower.includes('bvn') || lower === 'nin') return '12345678901';
  if (lower.includes('email')) return 'ada@example.com';
  if (lower.endsWith('id') || lower === 'id') return customer.id;
  if (lower.includes('date')) return '2026-11-01';
  if (schema.minLength && schema.minLength > 3) return 'a'.repeat(schema.minLength);
  return 'abc';
}

function jsonSchemaOf(schema: unknown): JsonSchema | null {
  if (!schema) return null;
  const zod =
    schema instanceof $ZodType
      ? schema
      : Object.values((schema as { content?: Record<string, { schema: unknown }> }).content ?? {})
          .map((c) => c.schema)
          .find((s) => s instanceof $ZodType);
  if (!zod) return null;
  return toJSONSchema(zod as never, { unrepresentable: 'any', io: 'input' }) as JsonSchema;
}

function baseline(schema: JsonSchema | null, customer: Customer): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(schema?.properties ?? {})) {
    out[name] = plausible(name, field, customer);
  }
  return out;
}

/** Every variant of an object: each field missing or odd, plus extra and prototype-named fields. */
function objectVariants(base: Record<string, unknown>): [string, unknown][] {
  const variants: [string, unknown][] = [['baseline', base]];
  for (const field of Object.keys(base)) {
    const { [field]: _dropped, ...without } = base;
    variants.push([`${field} missing`, without]);
    for (const [label, value] of ODD_VALUES)
      variants.push([`${field} ${label}`, { ...base, [field]: value }]);
  }
  variants.push(['extra field', { ...base, surprise: 'x'.repeat(300) }]);
  variants.push([
    'prototype field',
    JSON.parse(`{"__proto__": {"admin": true}, "constructor": {"prototype": 1}}`),
  ]);
  variants.push(['empty object', {}]);
  return variants;
}

const NOT_OBJECTS: [string, unknown][] = [
  ['array body', []],
  ['string body', 'hello'],
  ['number body', 42],
  ['null body', null],
];

/** encodeURIComponent, except that a lone surrogate goes out as the invalid UTF-8 it would be. */
function enc(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

const ROUTER_REFUSALS: unknown[] = [ADDRESS_TOO_LONG, ADDRESS_NOT_VALID];

interface Case {
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  encrypted: boolean;
}

let t: TestApp;
let customer: Customer;
let secret: string;

beforeAll(async () => {
  // Generous limits: the point is to reach the validation and the handlers, not the rate limiter.
  t = await createTestApp({ RATE_LIMIT_MAX: '100000' });
  await t.app.ready();
  customer = await fundedCustomer(t, 5000);
  secret = t.config.encryptionSecret;
}, 120_000);
afterAll(() => t.close());

const isEncrypted = (route: RouteOptions) =>
  (route.config as { encrypted?: boolean } | undefined)?.encrypted === true;

function casesFor(route: RouteOptions): Case[] {
  const method = String(route.method);
  const encrypted = isEncrypted(route);
  const schema = route.schema ?? {};
  const paramsBase = baseline(jsonSchemaOf(schema.params), customer);
  const fillUrl = (params: Record<string, unknown>) =>
    route.url.replace(/:(\w+)/g, (_, name: string) =>
      typeof params[name] === 'string' && /%|\.\./.test(params[name] as string)
        ? (params[name] as string)
        : encodeURIComponent(String(params[name] ?? 'abc')),
    );
  const headers = {
    ...customer.auth,
    'idempotency-key': `fuzz-${Math.random().toString(36).slice(2)}`,
    'content-type': 'application/json',
  };
  const body = (value: unknown) =>
    encrypted
      ? JSON.stringify({ encrypted: encryptText(JSON.stringify(value), secret) })
      : JSON.stringify(value);
  const cases: Case[] = [];
  const add = (label: string, c: Partial<Case>) =>
    cases.push({ label, method, url: fillUrl(paramsBase), headers, encrypted, ...c });

  for (const name of Object.keys(paramsBase)) {
    for (const [label, value] of ODD_PARAMS) {
      add(`param ${name} ${label}`, {
        url: route.url.replace(/:(\w+)/g, (_, n: string) =>
          n === name ? value : encodeURIComponent(String(paramsBase[n])),
        ),
      });
    }
  }

  const query = jsonSchemaOf(schema.querystring);
  if (query) {
    for (const [label, variant] of objectVariants(baseline(query, customer))) {
      const qs = Object.entries(variant as Record<string, unknown>)
        .map(([k, v]) =>
          Array.isArray(v)
            ? v.map((item) => `${enc(k)}=${enc(String(item))}`).join('&')
            : `${enc(k)}=${enc(typeof v === 'object' ? JSON.stringify(v) : String(v))}`,
        )
        .join('&');
      add(`query ${label}`, { url: `${fillUrl(paramsBase)}?${qs}` });
    }
  }

  if (method === 'POST' || method === 'PUT' || method === 'PATCH' || method === 'DELETE') {
    const bodySchema = jsonSchemaOf(schema.body);
    for (const [label, variant] of [
      ...objectVariants(baseline(bodySchema, customer)),
      ...NOT_OBJECTS,
    ]) {
      add(`body ${label}`, { payload: body(variant) });
    }
    add('invalid JSON', { payload: '{"a":' });
    add('huge body', { payload: JSON.stringify({ pad: 'x'.repeat(2_000_000) }) });
    if (encrypted) {
      for (const [label, envelope] of [
        ['envelope not a string', { encrypted: 123 }],
        ['envelope empty', { encrypted: '' }],
        ['envelope garbage', { encrypted: 'bm90IGFuIGVudmVsb3Bl' }],
        ['envelope other secret', { encrypted: encryptText('{}', 'another-secret') }],
        ['envelope not JSON', { encrypted: encryptText('not json', secret) }],
        ['envelope null', { encrypted: encryptText('null', secret) }],
        ['envelope NUL', { encrypted: encryptText('{"a":"\\u0000"}', secret) }],
        ['plain body on encrypted route', baseline(bodySchema, customer)],
      ] as [string, unknown][]) {
        add(label, { payload: JSON.stringify(envelope) });
      }
    }
  }

  add('unexpected query', { url: `${fillUrl(paramsBase)}?__proto__=1&constructor=x&a[b]=c` });
  add('long query', { url: `${fillUrl(paramsBase)}?x=${'q'.repeat(5000)}` });
  for (const [label, key] of [
    ['empty', ''],
    ['long', 'k'.repeat(500)],
    ['latin-1', 'clé'],
    ['spaces', '  key  '],
  ] as [string, string][]) {
    add(`idempotency key ${label}`, {
      headers: { ...headers, 'idempotency-key': key },
      payload: method === 'GET' ? undefined : body(baseline(jsonSchemaOf(schema.body), customer)),
    });
  }
  if (method !== 'GET') {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json; charset=latin1',
    ]) {
      add(`content type ${type}`, {
        headers: { ...headers, 'content-type': type },
        payload: body(baseline(jsonSchemaOf(schema.body), customer)),
      });
    }
  }

  for (const [label, auth] of [
    ['no bearer', {}],
    ['bearer garbage', { authorization: 'Bearer abc.def.ghi' }],
    ['bearer huge', { authorization: `Bearer ${'a'.repeat(8000)}` }],
    ['basic auth', { authorization: 'Basic YWRtaW46YWRtaW4=' }],
  ] as [string, Record<string, string>][]) {
    const { authorization: _auth, ...rest } = headers;
    add(label, {
      headers: { ...rest, ...auth },
      payload: method === 'GET' ? undefined : body(baseline(jsonSchemaOf(schema.body), customer)),
    });
  }
  return cases;
}

/** What is wrong with an answer, or null: a 5xx, or an error without the {message} contract. */
function problemWith(c: Case, status: number, raw: string, contentType: string): string | null {
  if (status >= 500) return `${status} ${raw.slice(0, 200)}`;
  // Every string field has a bound: ten thousand characters is never a phone, a name or a code.
  if (status < 400 && c.label.endsWith(' long string'))
    return `${status}: accepted 10,001 characters`;
  if (status < 400) return null;
  // The sandbox's own pages (a bank's consent page, a card checkout) answer people in HTML.
  if (contentType.includes('text/html') && c.url.startsWith('/api/sandbox/')) return null;
  if (!contentType.includes('application/json'))
    return `${status} ${contentType}: ${raw.slice(0, 120)}`;
  let body: { message?: unknown; encrypted?: unknown };
  try {
    body = JSON.parse(raw);
    if (c.encrypted && typeof body.encrypted === 'string')
      body = JSON.parse(decryptText(body.encrypted, secret));
    // Every answer of an encrypted route is an envelope, refusals included; only what the router
    // refused before any route was found cannot know it was meant for one.
    else if (c.encrypted && !ROUTER_REFUSALS.includes(body.message))
      return `${status} not encrypted: ${raw.slice(0, 120)}`;
  } catch {
    return `${status} unreadable body ${raw.slice(0, 120)}`;
  }
  if (typeof body.message !== 'string' || body.message.trim() === '') {
    return `${status} without a message: ${JSON.stringify(body).slice(0, 160)}`;
  }
  // The contract is {message} alone: Fastify's own bodies add error, code and statusCode.
  if (Object.keys(body).join() !== 'message') {
    return `${status} outside the {message} contract: ${JSON.stringify(body).slice(0, 160)}`;
  }
  return null;
}

it('answers every malformed request of every route with a 4xx {message}, never a 5xx', async () => {
  const routes = t.app.routeCatalogue.filter(
    (r) => r.url.startsWith('/api/') && !r.url.startsWith(DOCS_PREFIX),
  );
  expect(routes.length).toBeGreaterThan(40);
  const problems: string[] = [];
  let sent = 0;
  for (const route of routes) {
    for (const c of casesFor(route)) {
      const res = await t.app.inject({
        method: c.method as 'GET',
        url: c.url,
        headers: c.headers,
        payload: c.payload,
      });
      sent += 1;
      const problem = problemWith(
        c,
        res.statusCode,
        res.body,
        String(res.headers['content-type'] ?? ''),
      );
      if (problem) problems.push(`${c.method} ${route.url} [${c.label}] → ${problem}`);
    }
  }
  // Both database passes together send at least 10,000 (ten thousand) requests.
  expect(problems.slice(0, 80)).toEqual([]);
  expect(sent).toBeGreaterThanOrEqual(5000);
}, 900_000);

it('answers headers or a query string over the size limit with 431 {message} on every route', async () => {
  // Node's HTTP parser refuses these before Fastify routes them (app.inject never parses), so over
  // a real socket: a 20 KB header, and a 20 KB query string, above Node's 16 KB limit.
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  const routes = t.app.routeCatalogue.filter(
    (r) => r.url.startsWith('/api/') && !r.url.startsWith(DOCS_PREFIX),
  );
  const problems: string[] = [];
  for (const route of routes) {
    const method = ([] as string[]).concat(route.method)[0] ?? 'GET';
    const url = route.url.replace(/:[A-Za-z]+|\*/g, '1');
    for (const [label, head] of [
      ['header', `${method} ${url} HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`],
      ['query', `${method} ${url}?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`],
    ] as const) {
      const answer = await rawRequest(port, head);
      const problem =
        answer.status !== 431
          ? `${answer.status}`
          : problemWith(
              { method, url, label, headers: {}, encrypted: false },
              431,
              answer.body,
              answer.contentType,
            );
      if (problem) problems.push(`${method} ${route.url} [big ${label}] → ${problem}`);
    }
  }
  expect(problems).toEqual([]);
  expect(routes.length).toBeGreaterThan(40);
});
