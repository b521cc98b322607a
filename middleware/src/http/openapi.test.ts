import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { RouteOptions } from 'fastify';
import createClient from 'openapi-fetch';
import { safeParse, type $ZodType } from 'zod/v4/core';
import { findPackageRoot } from '../package-root.js';
import { decryptText, encryptText } from '../security/envelope-cipher.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import {
  createCustomer,
  fundedCustomer,
  TEST_PIN,
} from '../modules/transfers/transfers-test-kit.js';
import { DOCS_PREFIX } from './openapi.js';
import { MONEY_CALL_EXAMPLES, OPERATION_SUMMARIES, operationIdOf } from './operation-docs.js';

const run = promisify(execFile);
const root = findPackageRoot();
const bin = (relative: string) => path.join(root, 'node_modules', relative);

let t: TestApp;
let document: {
  paths: Record<
    string,
    Record<string, { operationId?: string; summary?: string; tags?: string[] }>
  >;
};
let workDir: string;
let documentFile: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  document = (await t.app.inject({ url: `${DOCS_PREFIX}/json` })).json();
  // Under node_modules/.cache so the generated client resolves openapi-fetch from the package.
  mkdirSync(bin('.cache'), { recursive: true });
  workDir = mkdtempSync(path.join(bin('.cache'), 'openapi-'));
  documentFile = path.join(workDir, 'openapi.json');
  writeFileSync(documentFile, JSON.stringify(document));
});
afterAll(async () => {
  rmSync(workDir, { recursive: true, force: true });
  await t.close();
});

const nameOf = (route: RouteOptions) => `${String(route.method)} ${route.url}`;
const apiRoutes = () =>
  t.app.routeCatalogue.filter(
    (route) => route.url.startsWith('/api/') && !route.url.startsWith(DOCS_PREFIX),
  );

describe('the OpenAPI document a client is generated from', () => {
  it('gives every route a summary: in src/http/operation-docs.ts or its schema.summary', () => {
    const missing = apiRoutes().filter(
      (route) =>
        !OPERATION_SUMMARIES[nameOf(route)] && !(route.schema as { summary?: string })?.summary,
    );
    expect(missing.map(nameOf)).toEqual([]);
    // No summary is left for a route that is gone.
    const routes = new Set(apiRoutes().map(nameOf));
    expect(Object.keys(OPERATION_SUMMARIES).filter((key) => !routes.has(key))).toEqual([]);
  });

  it('gives every operation a unique, stable operationId and its summary', () => {
    const operations = Object.values(document.paths).flatMap((item) => Object.values(item));
    expect(operations.length).toBe(apiRoutes().length);
    const ids = operations.map((operation) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(document.paths['/api/users/{id}']?.get?.operationId).toBe('getUsersById');
    expect(operationIdOf('POST', '/api/transfers/wallet-to-bank/transfer-funds')).toBe(
      'postTransfersWalletToBankTransferFunds',
    );
    expect(operations.every((operation) => (operation.summary ?? '').length > 0)).toBe(true);
  });

  it("documents the money calls' examples, and each one parses with the route's own body schema", () => {
    const moneyRoutes = apiRoutes().filter((route) => route.config?.money === true);
    expect(moneyRoutes.map(nameOf).sort()).toEqual(Object.keys(MONEY_CALL_EXAMPLES).sort());
    for (const route of moneyRoutes) {
      const example = MONEY_CALL_EXAMPLES[nameOf(route)];
      const parsed = safeParse(route.schema?.body as $ZodType, example);
      expect({ route: nameOf(route), issues: parsed.error?.issues ?? [] }).toEqual({
        route: nameOf(route),
        issues: [],
      });
    }
    const transfer = document.paths['/api/transfers/wallet-to-bank/transfer-funds']?.post as {
      requestBody: {
        content: Record<string, { schema: { 'x-plaintext': { examples: unknown[] } } }>;
      };
      parameters: Array<{ name: string; example?: string }>;
      security: unknown;
    };
    const body = transfer.requestBody.content['application/json']?.schema;
    expect(body?.['x-plaintext'].examples).toHaveLength(1);
    const key = transfer.parameters.find((p) => p.name === 'idempotency-key');
    expect(key?.example).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(transfer.security).toEqual([{ bearer: [], appCheck: [] }]);
  });

  it('passes `redocly lint` with the recommended rules (middleware/redocly.yaml): no errors', async () => {
    const lint = await run(
      process.execPath,
      [
        bin('@redocly/cli/bin/cli.js'),
        'lint',
        documentFile,
        '--config',
        path.join(root, 'redocly.yaml'),
        '--format=json',
        '--max-problems=1000',
      ],
      { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
    ).catch((error: { stdout?: string; stderr?: string }) => error);
    const report = JSON.parse(String(lint.stdout)) as {
      totals: { errors: number; warnings: number };
      problems: Array<{ ruleId: string; severity: string; message: string }>;
    };
    const errors = report.problems.filter((p) => p.severity === 'error');
    expect(errors).toEqual([]);
    // The warnings left are the ones redocly.yaml explains, and only those.
    const warned = [...new Set(report.problems.map((p) => p.ruleId))].sort();
    expect(warned).toEqual(['operation-2xx-response', 'operation-4xx-response']);
    expect(report.totals.warnings).toBe(5);
  }, 120_000);

  it('generates a typed client (openapi-typescript) that compiles, and calls the API with it (openapi-fetch)', async () => {
    const types = path.join(workDir, 'api.d.ts');
    await run(process.execPath, [bin('openapi-typescript/bin/cli.js'), documentFile, '-o', types]);
    // The generated types check the calls a client makes, and refuse a wrong one.
    writeFileSync(
      path.join(workDir, 'client.ts'),
      [
        "import createClient from 'openapi-fetch';",
        "import type { paths } from './api.js';",
        "const client = createClient<paths>({ baseUrl: 'http://localhost:3000' });",
        "export const states = () => client.GET('/api/states');",
        "export const profile = () => client.GET('/api/users/{id}', { params: { path: { id: 'x' } } });",
        "export const status = () => client.GET('/api/transfers/wallet-to-bank/{paymentReference}',",
        "  { params: { path: { paymentReference: 'r' } } });",
        '// @ts-expect-error: no such route',
        "export const wrong = () => client.GET('/api/no-such-route');",
        '// @ts-expect-error: the path parameter is required',
        "export const missing = () => client.GET('/api/users/{id}', { params: { path: {} } });",
      ].join('\n'),
    );
    writeFileSync(
      path.join(workDir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          skipLibCheck: true,
          types: [],
        },
        files: ['client.ts'],
      }),
    );
    const tsc = await run(process.execPath, [bin('typescript/bin/tsc'), '-p', workDir]).catch(
      (error: { stdout?: string }) => error,
    );
    expect(String(tsc.stdout)).toBe('');

    // At run time: the same client against the app, its fetch wrapped in the envelope for the
    // routes the document tags `encrypted`.
    const secret = t.config.encryptionSecret;
    const encrypted = new Set(
      Object.entries(document.paths).flatMap(([p, item]) =>
        Object.entries(item)
          .filter(([, operation]) => operation.tags?.includes('encrypted'))
          .map(([method]) => `${method.toUpperCase()} ${p}`),
      ),
    );
    const templateOf = (url: string) =>
      Object.keys(document.paths).find((p) =>
        new RegExp(`^${p.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(url),
      );
    const envelopeFetch = async (input: Request): Promise<Response> => {
      const url = new URL(input.url);
      const sealed = encrypted.has(`${input.method} ${templateOf(url.pathname)}`);
      const text = input.body ? await input.text() : undefined;
      const res = await t.app.inject({
        method: input.method as 'GET',
        url: url.pathname + url.search,
        headers: Object.fromEntries(input.headers.entries()),
        ...(text === undefined
          ? {}
          : { payload: sealed ? { encrypted: encryptText(text, secret) } : text }),
      });
      const answer = sealed
        ? decryptText((res.json() as { encrypted: string }).encrypted, secret)
        : res.body;
      return new Response(answer, {
        status: res.statusCode,
        headers: { 'content-type': 'application/json' },
      });
    };
    // Typed by hand here (the generated types exist only in the temp folder), checked above.
    const client = createClient<Record<string, never>>({
      baseUrl: 'http://localhost',
      fetch: envelopeFetch,
    }) as unknown as {
      GET(
        path: string,
        init?: object,
      ): Promise<{ data?: unknown; error?: unknown; response: Response }>;
      POST(
        path: string,
        init?: object,
      ): Promise<{ data?: unknown; error?: unknown; response: Response }>;
    };

    const states = await client.GET('/api/states');
    expect(states.response.status).toBe(200);
    expect(JSON.stringify(states.data)).toContain('Lagos');

    const [ada, bola] = [await fundedCustomer(t, 20_000), await createCustomer(t)];
    const profile = await client.GET('/api/users/{id}', {
      params: { path: { id: ada.id } },
      headers: ada.auth,
    });
    expect(profile.response.status).toBe(200);

    const transfer = await client.POST('/api/transfers/wallet-to-other-wallet/transfer-funds', {
      headers: { ...ada.auth, 'idempotency-key': randomUUID() },
      body: {
        sender_wallet_number: ada.main,
        wallet_name: 'Main Wallet',
        receiver_wallet_number: bola.main,
        transfer_amount: 1000,
        narration: 'Lunch',
        transaction_pin: TEST_PIN,
      },
    });
    expect(transfer.response.status).toBe(200);
    expect(transfer.data).toMatchObject({ transfer: { status: 'successful' } });

    const refused = await client.POST('/api/transfers/wallet-to-other-wallet/transfer-funds', {
      headers: ada.auth,
      body: {},
    });
    expect(refused.response.status).toBe(400);
    expect(refused.error).toEqual({ message: expect.any(String) });
  }, 180_000);
});
