// The operator HTTP API on the app server (host/README.md "Operators";
// docs/decisions/019-immutable-versions-and-a-registry-database.md): each operator signs in with an
// own bearer token and is named in the history; every answer carries the registry's revision as an
// ETag, and a change sent with If-Match is refused with 409 when the registry moved on. Bad input is
// a 4xx with {message}, never a 500; requests are rate limited per client before the token is read.
import { createHash, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { createOverrideSigner, OVERRIDE_MINUTES, OVERRIDE_PARAM } from './registry-per-browser.mjs';
import { answerWithMessages, limitPerClient } from './client-guards.mjs';
import { serverOptions } from './connection-guards.mjs';
import { createRegistryStore, RegistryError } from './registry-store.mjs';
import { UPLOAD_LIMIT, withUnpackedBuild } from './registry-upload.mjs';
import consoleFiles from './console/files.cjs';

const NAME = /^[A-Za-z0-9._@-]{1,64}$/;

/**
 * Operators from the configuration: REGISTRY_OPERATORS="alice:<token>,bob:<token>" names each
 * operator's own token; REGISTRY_ADMIN_TOKEN (the older single token) still works as operator 'admin'.
 * Throws on a malformed list, a repeated name or a token two operators share.
 */
export function parseOperators({ REGISTRY_OPERATORS, REGISTRY_ADMIN_TOKEN } = {}) {
  const operators = [];
  for (const item of (REGISTRY_OPERATORS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const at = item.indexOf(':');
    const name = item.slice(0, at);
    const token = item.slice(at + 1);
    if (at < 1 || !NAME.test(name) || token.length < 16) {
      throw new Error(
        'REGISTRY_OPERATORS is a comma-separated list of name:token (names of letters, digits, . _ @ -; tokens of 16 characters or more)',
      );
    }
    operators.push({ name, token });
  }
  if (REGISTRY_ADMIN_TOKEN) operators.push({ name: 'admin', token: REGISTRY_ADMIN_TOKEN });
  const names = new Set(operators.map((o) => o.name));
  const tokens = new Set(operators.map((o) => o.token));
  if (names.size !== operators.length)
    throw new Error('REGISTRY_OPERATORS names an operator twice');
  if (tokens.size !== operators.length) throw new Error('Two operators share a token');
  return operators;
}

const digest = (text) => createHash('sha256').update(String(text)).digest();

/** "12", W/"12" or 12 -> 12; '*' or absent -> undefined (unconditional). */
function ifRevision(header) {
  if (header === undefined || header.trim() === '*') return undefined;
  const match = /^\s*(?:W\/)?"?(\d{1,15})"?\s*$/.exec(header);
  if (!match) {
    throw new RegistryError('If-Match must be the registry revision from the ETag, like "12"');
  }
  return Number(match[1]);
}

const etag = (revision) => `"${revision}"`;
/** A change's answer, with the revision it made as the ETag for the next If-Match. */
const withRevision = (reply, result) => {
  reply.header('ETag', etag(result.revision));
  return result;
};

/**
 * The operator console's page: its own files only (no customer bundle), no inline script or style,
 * nothing framed, no form posted anywhere; it talks to this API and nothing else.
 */
export const CONSOLE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  // The empty data: icon only spares the browser a /favicon.ico request.
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
const CONSOLE_FILES = {
  'index.html': 'text/html; charset=utf-8',
  'console.js': 'text/javascript; charset=utf-8',
  'console.css': 'text/css; charset=utf-8',
};

const changeBody = (properties, required = []) => ({
  type: 'object',
  additionalProperties: false,
  required,
  properties: { ...properties, reason: { type: 'string', maxLength: 500 } },
});
const version = { type: 'string', maxLength: 64 };

/**
 * @param {import('fastify').FastifyInstance} app
 * @param {{ store: ReturnType<typeof import('./registry-store.mjs').createRegistryStore>,
 *   operators: { name: string, token: string }[], rateLimit?: { max: number, timeWindow: number | string },
 *   signer?: ReturnType<typeof createOverrideSigner>, overrideSecret?: string }} o
 */
export async function operatorApi(app, o) {
  const signer = o.signer ?? createOverrideSigner({ store: o.store, secret: o.overrideSecret });
  const known = o.operators.map((op) => ({ name: op.name, hash: digest(op.token) }));

  // Added before the token check, so guessing tokens uses up the allowance too.
  await limitPerClient(
    app,
    { max: o.rateLimit?.max ?? 60, timeWindow: o.rateLimit?.timeWindow ?? '1 minute' },
    (after) => `Too many operator requests: try again in ${after}`,
  );

  // The console's page and files are public (they hold no data); what they show needs the token.
  const consolePage = Object.fromEntries(
    Object.keys(CONSOLE_FILES).map((f) => [
      f,
      readFileSync(path.join(consoleFiles.CONSOLE_DIR, f), 'utf8'),
    ]),
  );
  const sendConsoleFile = (file) => async (_request, reply) =>
    reply
      .header('Content-Security-Policy', CONSOLE_CSP)
      .header('Cache-Control', 'no-cache')
      .header('X-Frame-Options', 'DENY')
      .header('Referrer-Policy', 'no-referrer')
      .type(CONSOLE_FILES[file])
      .send(consolePage[file]);
  const open = { config: { operatorConsole: true } };
  app.get('/_operator/console', open, sendConsoleFile('index.html'));
  app.get('/_operator/console/', open, sendConsoleFile('index.html'));
  app.get('/_operator/console/console.js', open, sendConsoleFile('console.js'));
  app.get('/_operator/console/console.css', open, sendConsoleFile('console.css'));

  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config?.operatorConsole) return undefined;
    if (!known.length) {
      return reply.code(503).send({
        message:
          'Operator endpoint disabled: set REGISTRY_OPERATORS (or REGISTRY_ADMIN_TOKEN) to enable it.',
      });
    }
    const header = request.headers.authorization ?? '';
    const presented = digest(header.startsWith('Bearer ') ? header.slice(7) : '');
    // Every operator is compared, so the time taken says nothing about which token came close.
    let operator = null;
    for (const op of known) if (timingSafeEqual(presented, op.hash)) operator = op.name;
    if (!header.startsWith('Bearer ') || !operator) {
      return reply.code(401).send({ message: 'Unauthorized' });
    }
    request.operator = operator;
    return undefined;
  });

  answerWithMessages(app, { status: 500, message: 'Internal error' });

  const changeOptions = (request) => ({
    operator: request.operator,
    reason: request.body?.reason,
    ifRevision: ifRevision(request.headers['if-match']),
  });

  app.get('/_operator/registry', async (request, reply) => {
    const [state, document, failures] = await Promise.all([
      o.store.read(),
      o.store.document(),
      o.store.failures(),
    ]);
    reply.header('ETag', etag(state.revision));
    return { revision: state.revision, operator: request.operator, state, document, failures };
  });

  app.get(
    '/_operator/registry/history',
    {
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            remote: { type: 'string', maxLength: 64 },
            limit: { type: 'integer', minimum: 1, maximum: 1000 },
          },
        },
      },
    },
    async (request) => ({
      history: await o.store.history({
        remote: request.query.remote,
        limit: request.query.limit ?? 100,
      }),
    }),
  );

  app.put(
    '/_operator/registry/:remote',
    {
      bodyLimit: 2048,
      schema: { body: changeBody({ version, force: { type: 'boolean' } }, ['version']) },
    },
    async (request, reply) => {
      const result = await o.store.activate(request.params.remote, request.body.version, {
        ...changeOptions(request),
        force: request.body.force === true,
      });
      return withRevision(reply, result);
    },
  );

  // A share of browsers gets `version` (1..99; 100 activates it for everyone), the others keep
  // the live one; DELETE ends the rollout. Same checks, force and If-Match as activate.
  app.put(
    '/_operator/registry/:remote/rollout',
    {
      bodyLimit: 2048,
      schema: {
        body: changeBody({ version, percent: { type: 'number' }, force: { type: 'boolean' } }, [
          'version',
          'percent',
        ]),
      },
    },
    async (request, reply) => {
      const result = await o.store.rollout(
        request.params.remote,
        request.body.version,
        request.body.percent,
        { ...changeOptions(request), force: request.body.force === true },
      );
      return withRevision(reply, result);
    },
  );

  app.delete(
    '/_operator/registry/:remote/rollout',
    {
      bodyLimit: 2048,
      schema: { body: { anyOf: [changeBody({}), { type: 'null' }] } },
    },
    async (request, reply) => {
      const result = await o.store.cancelRollout(request.params.remote, changeOptions(request));
      return withRevision(reply, result);
    },
  );

  // A link that pins `version` of a remote in the browser of whoever opens it, until it expires
  // (registry-per-browser.mjs); recorded in the history with the operator who asked for it.
  app.post(
    '/_operator/overrides',
    {
      bodyLimit: 2048,
      schema: {
        body: changeBody(
          {
            remote: { type: 'string', maxLength: 64 },
            version,
            minutes: { type: 'integer', minimum: 1, maximum: OVERRIDE_MINUTES.max },
            force: { type: 'boolean' },
          },
          ['remote', 'version'],
        ),
      },
    },
    async (request, reply) => {
      const minutes = request.body.minutes ?? OVERRIDE_MINUTES.default;
      const expiresAt = new Date(Math.floor((signer.now() + minutes * 60_000) / 1000) * 1000);
      const result = await o.store.recordOverride(
        request.body.remote,
        request.body.version,
        expiresAt,
        { ...changeOptions(request), force: request.body.force === true },
      );
      const token = await signer.sign({ remote: result.name, version: result.version, expiresAt });
      return reply
        .code(201)
        .header('ETag', etag(result.revision))
        .send({
          token,
          link: `/?${OVERRIDE_PARAM}=${encodeURIComponent(token)}`,
          remote: result.name,
          version: result.version,
          expiresAt: expiresAt.toISOString(),
        });
    },
  );

  // A built folder as a .tar.gz: 201 published, 200 already published with this content.
  app.addContentTypeParser(
    ['application/gzip', 'application/x-gzip', 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: UPLOAD_LIMIT },
    (_request, body, done) => done(null, body),
  );
  app.put(
    '/_operator/registry/:remote/versions/:version',
    { bodyLimit: UPLOAD_LIMIT },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body)) {
        throw new RegistryError(
          'Send the built folder as a .tar.gz with Content-Type: application/gzip',
          415,
        );
      }
      const result = await withUnpackedBuild(request.body, (dir) =>
        o.store.publishFolder(request.params.remote, dir, request.params.version, {
          operator: request.operator,
        }),
      );
      return reply.code(result.published ? 201 : 200).send(result);
    },
  );

  app.post(
    '/_operator/registry/:remote/rollback',
    {
      bodyLimit: 2048,
      schema: { body: { anyOf: [changeBody({ version }), { type: 'null' }] } },
    },
    async (request, reply) => {
      const result = await o.store.rollback(request.params.remote, {
        ...changeOptions(request),
        to: request.body?.version,
      });
      return withRevision(reply, result);
    },
  );
}

/**
 * The operator API alone (OPERATOR_PORT): listening on an address or port the customers' site does
 * not share, so a firewall or a private network can keep it out of reach. `o` as for buildApp.
 */
export async function buildOperatorApp(o) {
  const app = Fastify({
    logger: o.logger ?? false,
    trustProxy: o.trustProxy ?? false,
    ...serverOptions(),
  });
  const store = createRegistryStore(o.deployDir, {
    databaseUrl: o.registryDatabaseUrl,
    hostShared: o.hostShared,
    mountCheck: o.mountCheck,
  });
  app.addHook('onClose', () => store.close());
  await app.register(operatorApi, {
    store,
    operators: o.operators ?? parseOperators({ REGISTRY_ADMIN_TOKEN: o.adminToken }),
    rateLimit: o.operatorRateLimit,
    signer: createOverrideSigner({ store, secret: o.overrideSecret, now: o.now }),
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: 'Not found' }));
  return app;
}
