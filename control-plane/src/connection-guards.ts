// What the app server does about slow and greedy clients (README "Security notes"). Fastify sets no
// request timeout by default: a body sent a byte every 10 s held its socket for ever, and one
// address could open sockets until the process ran out of them.
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/** The whole request (headers and body) within 60 s, its headers within 15 s. */
export const SERVER_TIMEOUTS = {
  requestMs: 60_000,
  headersMs: 15_000,
  // Idle keep-alive connections close after this (a load balancer's pool idles out at 60 s).
  keepAliveMs: 72_000,
  // A silent socket closes after this: longer than the slowest proxied answer.
  idleMs: 120_000,
  checkIntervalMs: 5_000,
};

/** Open connections one client address may hold at once; more are closed as they connect. */
export const MAX_CONNECTIONS_PER_CLIENT = 64;

/**
 * The Fastify (and Node http.Server) options for `timeouts`, and an answer in the {message}
 * contract for what Node's HTTP parser refuses (a request too slow: 408; headers too large: 431).
 */
export function serverOptions(overrides: Partial<typeof SERVER_TIMEOUTS> = {}) {
  const t = { ...SERVER_TIMEOUTS, ...overrides };
  return {
    requestTimeout: t.requestMs,
    connectionTimeout: t.idleMs,
    keepAliveTimeout: t.keepAliveMs,
    http: { headersTimeout: t.headersMs, connectionsCheckingInterval: t.checkIntervalMs },
    clientErrorHandler: answerClientError,
  };
}

/** Node's refusal of a request as a `{message}` answer, and the socket closed. */
export function answerClientError(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'Request headers or address are too large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'The request took too long to arrive']
        : [400, 'Bad Request', 'Bad request'];
  const body = JSON.stringify({ message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * Closes a connection at once when its address already holds `max` open ones. The address is the
 * socket's peer: behind a load balancer (TRUST_PROXY) every customer arrives from its few
 * addresses, so there the cap belongs to the load balancer and this one is not installed.
 */
export function capConnectionsPerAddress(
  server: Server,
  max: number,
): { open: (address: string) => number } {
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const count = open.get(address) ?? 0;
    if (count >= max) {
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
  return { open: (address: string) => open.get(address) ?? 0 };
}
