/**
 * A failure the client caused or may act on, answered with its status and a human `message`
 * (docs/architecture.md "The wire contract"). Anything else is a 500 whose details stay in the log.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    /** Extra fields merged into the response body (e.g. the 202 step-up challenge). */
    readonly extra?: Record<string, unknown>,
    /** Response headers that go with the answer (e.g. Retry-After on a lock). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, code?: string) => new AppError(400, message, code);
export const unauthorized = (message = 'Unauthorized') =>
  new AppError(401, message, 'UNAUTHORIZED');
/**
 * 401 for a bearer token the server will not honour (missing, forged, expired, signed out). The
 * RFC 6750 challenge tells the web app the session is over; other 401s (a wrong OTP or PIN) are not.
 */
export const sessionRefused = (tokenSent: boolean) =>
  new AppError(401, 'Unauthorized', 'UNAUTHORIZED', undefined, {
    'www-authenticate': tokenSent ? 'Bearer error="invalid_token"' : 'Bearer',
  });
export const forbidden = (message = 'Forbidden') => new AppError(403, message, 'FORBIDDEN');
export const notFound = (message = 'Not found') => new AppError(404, message, 'NOT_FOUND');
export const conflict = (message: string, code?: string) => new AppError(409, message, code);

export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please try again.';

/** The database is unreachable or read-only (a failover under way): 503 with Retry-After. */
export const SERVICE_UNAVAILABLE_MESSAGE =
  'The service is briefly unavailable. Please try again in a few seconds.';
/** Seconds a client waits before trying again; a failover takes a few. */
export const SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS = 3;
