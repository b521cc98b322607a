/*
 * How long the middleware's HTTP server waits for a client (README "Security notes"). Fastify sets
 * no request timeout by default: a client sending a body one byte every 10 s held its socket for
 * ever, and a few hundred such clients hold every socket the process can open.
 */
export interface ServerTimeouts {
  /** The whole request (headers and body) must have arrived within this; then 408 and closed. */
  requestMs: number;
  /** The headers must have arrived within this. */
  headersMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveMs: number;
  /**
   * A socket with no traffic at all for this long is closed. Longer than the slowest answer the
   * server works on without writing (a face check may take FACE_CHECK_TIMEOUT, 30 s).
   */
  idleMs: number;
  /** How often Node looks for requests over their time (the timeouts' granularity). */
  checkIntervalMs: number;
}

export const SERVER_TIMEOUTS: ServerTimeouts = {
  // A 10 MB face-check envelope at 2 Mbit/s takes 40 s.
  requestMs: 60_000,
  headersMs: 15_000,
  // Longer than the idle time of the app server's (and a load balancer's) pooled connections
  // toward us, so they never reuse a socket we are closing.
  keepAliveMs: 72_000,
  idleMs: 120_000,
  checkIntervalMs: 5_000,
};

/** The Fastify (and Node http.Server) options that apply them. */
export function serverTimeoutOptions(timeouts: ServerTimeouts) {
  return {
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: {
      headersTimeout: timeouts.headersMs,
      connectionsCheckingInterval: timeouts.checkIntervalMs,
    },
  };
}
