/** @jest-environment node */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';

// A stand-in for the middleware that records the headers the app server forwards.
let upstream: FastifyInstance;
const forwarded: Record<string, unknown>[] = [];
let tmp: string;

beforeAll(async () => {
  upstream = Fastify();
  upstream.all('/api/*', async (request) => {
    forwarded.push(request.headers);
    return { ok: true };
  });
  await upstream.listen({ port: 0, host: '127.0.0.1' });
  tmp = mkdtempSync(path.join(os.tmpdir(), 'ajo-request-id-'));
  mkdirSync(path.join(tmp, 'dist'));
  mkdirSync(path.join(tmp, 'deploy'));
});
afterAll(async () => {
  await upstream.close();
  rmSync(tmp, { recursive: true, force: true });
});

/** The log lines written while a request was handled (the server's own start-up lines aside). */
function requestLines(lines: string[]) {
  return lines
    .map((line) => JSON.parse(line) as { reqId?: string; req?: unknown; res?: unknown })
    .filter((line) => 'reqId' in line || 'req' in line || 'res' in line);
}

async function appServer(lines: string[]) {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const address = upstream.server.address() as { port: number };
  return buildApp({
    distDir: path.join(tmp, 'dist'),
    deployDir: path.join(tmp, 'deploy'),
    middlewareUrl: `http://127.0.0.1:${address.port}`,
    appConfig: { apiBaseUrl: '/api', encryptionSecret: 'secret-123', bankName: 'Test Bank' },
    logger: { level: 'info', stream } as unknown as { level: string },
  });
}

describe('request ids at the app server', () => {
  it("keeps the browser's id: on this server's log lines, forwarded to the middleware, answered", async () => {
    const lines: string[] = [];
    const app = await appServer(lines);
    forwarded.length = 0;
    try {
      const id = 'c0ffee00-1234-4abc-8def-000000000001';
      const res = await app.inject({ url: '/api/states', headers: { 'x-request-id': id } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-request-id']).toBe(id);
      expect(forwarded.map((h) => h['x-request-id'])).toEqual([id]);
      const logged = requestLines(lines);
      // Received, sent on, answered back, completed: four lines, each under the browser's id.
      expect(logged.length).toBeGreaterThanOrEqual(4);
      expect(logged.map((line) => line.reqId)).toEqual(logged.map(() => id));
    } finally {
      await app.close();
    }
  });

  it('replaces a missing or unusable id with a new one, the same in all three places', async () => {
    for (const sent of [undefined, '', 'has spaces and\nnewlines', 'x'.repeat(65)]) {
      const lines: string[] = [];
      const app = await appServer(lines);
      forwarded.length = 0;
      try {
        const res = await app.inject({
          url: '/api/states',
          headers: sent === undefined ? {} : { 'x-request-id': sent },
        });
        const answered = String(res.headers['x-request-id']);
        expect(answered).toMatch(/^[0-9a-f-]{36}$/);
        expect(forwarded.map((h) => h['x-request-id'])).toEqual([answered]);
        const logged = requestLines(lines);
        expect(logged.length).toBeGreaterThanOrEqual(4);
        expect(logged.map((line) => line.reqId)).toEqual(logged.map(() => answered));
      } finally {
        await app.close();
      }
    }
  });
});
