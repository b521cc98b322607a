/** @jest-environment node */
// Slow and greedy clients against the app server over real sockets (app.inject has none). The
// timeouts are shortened for the test (SERVER_TIMEOUTS: a minute, 15 s): real time, about a second
// a case, because what is tested is Node's own timers on a socket.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net, { type AddressInfo, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { MAX_CONNECTIONS_PER_CLIENT, SERVER_TIMEOUTS } from './connection-guards.js';

let tmp: string;
let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'ajo-guards-'));
  const dist = path.join(tmp, 'dist');
  mkdirSync(dist, { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), '<html><body>app</body></html>');
  app = await buildApp({
    distDir: dist,
    deployDir: path.join(tmp, 'deploy'),
    appConfig: { apiBaseUrl: '/api', encryptionSecret: 'secret-123', bankName: 'Test Bank' },
    middlewareUrl: 'http://127.0.0.1:9',
    serverTimeouts: { requestMs: 1_000, headersMs: 500, checkIntervalMs: 100 },
    maxConnectionsPerClient: 5,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await app.close();
  rmSync(tmp, { recursive: true, force: true });
});

/** Sends `head`, then `drip` writes on its own schedule; resolves when the server closes. */
function rawRequest(
  head: string,
  drip?: (socket: Socket) => () => void,
): Promise<{ status: number; body: string; ms: number }> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    let stop: (() => void) | undefined;
    const giveUp = setTimeout(() => socket.destroy(), 10_000);
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      stop?.();
      clearTimeout(giveUp);
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0),
        body: received.slice(received.indexOf('\r\n\r\n') + 4),
        ms: performance.now() - started,
      });
    });
    socket.on('connect', () => {
      socket.write(head);
      stop = drip?.(socket);
    });
  });
}

const oneByteEvery =
  (ms: number, bytes = ' ') =>
  (socket: Socket) => {
    const timer = setInterval(() => socket.writable && socket.write(bytes), ms);
    return () => clearInterval(timer);
  };

describe('slow clients', () => {
  it('cuts off a body sent a byte at a time: 408 {message} within the request timeout', async () => {
    const answer = await rawRequest(
      'POST /_beacon/remote-failure HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 999\r\n\r\n{',
      oneByteEvery(150),
    );
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toEqual({ message: 'The request took too long to arrive' });
    expect(answer.ms).toBeLessThan(2_500);
  });

  it('cuts off a slow body on its way to the API too', async () => {
    const answer = await rawRequest(
      'POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 999\r\n\r\n{',
      oneByteEvery(150),
    );
    expect(answer.ms).toBeLessThan(2_500);
  });

  it('cuts off headers sent a line at a time', async () => {
    const answer = await rawRequest(
      'GET / HTTP/1.1\r\nHost: x\r\n',
      oneByteEvery(100, 'X-A: 1\r\n'),
    );
    expect(answer.status).toBe(408);
    expect(answer.ms).toBeLessThan(2_000);
  });

  it('answers headers over the size limit with 431 {message}', async () => {
    const answer = await rawRequest(`GET /?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toEqual({
      message: 'Request headers or address are too large',
    });
  });

  it('runs with production timeouts by default', () => {
    expect(SERVER_TIMEOUTS.requestMs).toBeLessThanOrEqual(60_000);
    expect(SERVER_TIMEOUTS.headersMs).toBeLessThan(SERVER_TIMEOUTS.requestMs);
    expect(app.server.requestTimeout).toBe(1_000);
    expect(app.server.headersTimeout).toBe(500);
    expect(app.server.keepAliveTimeout).toBe(SERVER_TIMEOUTS.keepAliveMs);
    expect(MAX_CONNECTIONS_PER_CLIENT).toBeGreaterThan(5);
  });
});

describe('connections per client address', () => {
  it('closes the connections of one address beyond the cap; a freed slot is usable again', async () => {
    const open: Socket[] = [];
    const connectOne = () =>
      new Promise<Socket>((resolve) => {
        const socket = net.connect(port, '127.0.0.1');
        socket.on('error', () => undefined);
        socket.on('connect', () => resolve(socket));
      });
    for (let i = 0; i < 5; i++) open.push(await connectOne());
    const extra = await connectOne();
    const closed = await new Promise((resolve) => {
      extra.on('close', () => resolve(true));
      extra.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    });
    expect(closed).toBe(true);
    // The five held ones still work.
    const answer = await new Promise((resolve) => {
      let text = '';
      open[0]!.on('data', (c: Buffer) => {
        text += c.toString();
        if (text.includes('\r\n\r\n')) resolve(text);
      });
      open[0]!.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    });
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    await new Promise((resolve) => {
      open[1]!.on('close', resolve);
      open[1]!.destroy();
    });
    // Give the server its close event for that socket.
    await new Promise((resolve) => setImmediate(resolve));
    const again = await rawRequest('GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(again.status).toBe(200);
    for (const s of open) s.destroy();
  });
});
