import rateLimit, { type RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { AppError } from '../errors.js';
import { databaseRateLimitStore } from './rate-limit-store.js';

export interface AttemptLimitOptions {
  /** Counter name shared by the routes that guard the same secret, e.g. 'otp' or 'security-pin'. */
  name: string;
  /** Attempts per phone number per window (default RATE_LIMIT_MAX). */
  max?: number;
  /** Window in seconds (default RATE_LIMIT_WINDOW). */
  windowSeconds?: number;
  /** Attempts per IP address per window, across phone numbers (default 4 × max). */
  maxPerIp?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * preHandler limiting OTP and PIN routes (docs/architecture.md "Security habits": online
     * attempt limits are the real defence for 4- and 6-digit secrets). Counts per phone number —
     * from the query or the (decrypted) body — and per IP; 429 with a human message once either is
     * exceeded.
     */
    limitAttempts(options: AttemptLimitOptions): preHandlerHookHandler;
    /**
     * preHandler limiting an expensive call per signed-in customer (after requireUser), e.g. the
     * face check: 429 with a human message and Retry-After once the customer's window is used up.
     */
    limitPerUser(options: {
      name: string;
      max: number;
      windowSeconds?: number;
    }): preHandlerHookHandler;
  }
}

/** '08012345678', '2348012345678' and '+234 801 234 5678' are the same subscriber. */
export function normalisePhone(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const digits = String(value).replace(/\D/g, '');
  if (/^0\d{10}$/.test(digits)) return `234${digits.slice(1)}`;
  return digits.length >= 7 ? digits : null;
}

function phoneOf(request: FastifyRequest): string | null {
  const query = request.query as Record<string, unknown> | undefined;
  const body = request.body as Record<string, unknown> | undefined;
  return (
    normalisePhone(query?.phone_number) ??
    (body && typeof body === 'object' ? normalisePhone(body.phone_number) : null)
  );
}

function retryMessage(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return seconds <= 60
    ? `Too many attempts. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`
    : `Too many attempts. Please try again in ${minutes} minutes.`;
}

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

async function enforce(
  limiter: Limiter,
  request: FastifyRequest,
  reply: FastifyReply,
  name: string,
): Promise<void> {
  const result = await limiter(request);
  if (!result.isAllowed && result.isExceeded) {
    reply.header('retry-after', String(result.ttlInSeconds));
    request.log.warn({ limit: name, key: result.key }, 'attempt limit reached');
    throw new AppError(429, retryMessage(result.ttlInSeconds), 'RATE_LIMITED');
  }
}

export const rateLimitPlugin = fp(
  async (
    app: FastifyInstance,
    opts: { db: Kysely<Database>; max: number; windowSeconds: number },
  ) => {
    // The store's constructor and child() take the merged options; the typings want a route shape.
    const store = databaseRateLimitStore(opts.db) as unknown as NonNullable<
      RateLimitPluginOptions['store']
    >;
    await app.register(rateLimit, { global: false, store });

    app.decorate('limitAttempts', (options: AttemptLimitOptions): preHandlerHookHandler => {
      const max = options.max ?? opts.max;
      const timeWindow = (options.windowSeconds ?? opts.windowSeconds) * 1000;
      const byPhone = app.createRateLimit({
        max,
        timeWindow,
        name: `${options.name}:phone`,
        keyGenerator: (request: FastifyRequest) => phoneOf(request) ?? `no-phone:${request.ip}`,
      } as Parameters<typeof app.createRateLimit>[0]);
      const byIp = app.createRateLimit({
        max: options.maxPerIp ?? max * 4,
        timeWindow,
        name: `${options.name}:ip`,
        keyGenerator: (request: FastifyRequest) => request.ip,
      } as Parameters<typeof app.createRateLimit>[0]);

      return async (request, reply) => {
        for (const limiter of [byPhone, byIp]) await enforce(limiter, request, reply, options.name);
      };
    });

    app.decorate(
      'limitPerUser',
      (options: { name: string; max: number; windowSeconds?: number }) => {
        const byUser = app.createRateLimit({
          max: options.max,
          timeWindow: (options.windowSeconds ?? 15 * 60) * 1000,
          name: `${options.name}:user`,
          keyGenerator: (request: FastifyRequest) => request.user?.id ?? `anonymous:${request.ip}`,
        } as Parameters<typeof app.createRateLimit>[0]);
        const handler: preHandlerHookHandler = async (request, reply) => {
          await enforce(byUser, request, reply, options.name);
        };
        return handler;
      },
    );
  },
  { name: 'rate-limit', dependencies: [] },
);
