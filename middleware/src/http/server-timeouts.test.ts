/*
 * Slow clients against the real HTTP server (app.inject has no sockets). The timeouts are
 * shortened for the test (SERVER_TIMEOUTS are a minute and 15 s): a request must arrive within
 * 1 s, its headers within 0.5 s; Node checks every 100 ms. Real time, kept to about a second a
 * case, because what is tested is Node's own timers on a socket.
 */
import type { AddressInfo, Socket } from 'node:net';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { rawRequest } from '../test-support/raw-http.js';
import { SERVER_TIMEOUTS } from './server-timeouts.js';

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp(
    {},
    { serverTimeouts: { requestMs: 1_000, headersMs: 500, checkIntervalMs: 100 } },
  );
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

const TOO_SLOW = JSON.stringify({ message: 'The request took too long to arrive' });

/** Writes one byte every `everyMs` until stopped. */
const oneByteEvery =
  (everyMs: number, byte = ' ') =>
  (socket: Socket) => {
    const timer = setInterval(() => socket.writable && socket.write(byte), everyMs);
    return () => clearInterval(timer);
  };

describe('slow clients', () => {
  it('cuts off a body sent a byte at a time: 408 {message} within the request timeout', async () => {
    const answer = await rawRequest(
      port,
      'POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        'Content-Length: 1000\r\n\r\n{',
      { drip: oneByteEvery(150) },
    );
    expect(answer.status).toBe(408);
    expect(answer.body).toBe(TOO_SLOW);
    expect(answer.closedAfterMs).toBeGreaterThanOrEqual(900);
    expect(answer.closedAfterMs).toBeLessThan(2_500);
  });

  it('cuts off headers sent a line at a time', async () => {
    const answer = await rawRequest(port, 'GET /api/health HTTP/1.1\r\nHost: localhost\r\n', {
      drip: oneByteEvery(100, 'X-Slow: 1\r\n'),
    });
    expect(answer.status).toBe(408);
    expect(answer.body).toBe(TOO_SLOW);
    expect(answer.closedAfterMs).toBeLessThan(2_000);
  });

  it('still answers a request that arrives in time', async () => {
    const answer = await rawRequest(
      port,
      'GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
    );
    expect(answer.status).toBe(200);
  });

  it('holds production timeouts that cut a slow body within a minute and idle sockets within minutes', () => {
    expect(SERVER_TIMEOUTS.requestMs).toBeLessThanOrEqual(60_000);
    expect(SERVER_TIMEOUTS.headersMs).toBeLessThan(SERVER_TIMEOUTS.requestMs);
    expect(SERVER_TIMEOUTS.keepAliveMs).toBeGreaterThan(0);
    const server = t.app.server;
    expect(server.requestTimeout).toBe(1_000);
    expect(server.headersTimeout).toBe(500);
    expect(server.keepAliveTimeout).toBe(SERVER_TIMEOUTS.keepAliveMs);
    expect(server.timeout).toBe(SERVER_TIMEOUTS.idleMs);
  });
});
