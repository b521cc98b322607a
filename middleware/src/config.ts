import path from 'node:path';
import { z } from 'zod/mini';
import { splitHostUrls } from './db/postgres-pool.js';
import { findPackageRoot } from './package-root.js';
import { DEFAULT_HASH_QUEUE, defaultHashThreads } from './security/secret-hash-pool.js';
import { parseTrustProxy, type TrustProxy } from './trust-proxy.js';

/*
 * Every setting comes from the environment, validated once at start (Epic Stack habit). Local
 * defaults are safe to run with; production mode (NODE_ENV or APP_ENV = production) refuses the
 * development secrets and the sandbox providers. middleware/README.md lists every variable.
 */

const packageRoot = findPackageRoot();
export const DEV_ENCRYPTION_SECRET = 'ajo-wallet-local-sandbox-envelope-secret';
export const DEV_JWT_SECRET = 'ajo-wallet-local-sandbox-jwt-secret-change-me-in-production';
export const DEV_PIN_PEPPER = 'ajo-wallet-local-sandbox-pin-pepper';

const int = (name: string, min: number, max: number) =>
  z.coerce
    .number(`${name} must be a whole number`)
    .check(
      z.int(`${name} must be a whole number`),
      z.minimum(min, `${name} must be at least ${min}`),
      z.maximum(max, `${name} must be at most ${max}`),
    );

const bool = (name: string) => z.stringbool({ error: `${name} must be true or false` });

const secret = (name: string) =>
  z.string().check(z.minLength(16, `${name} must be at least 16 characters long`));

const durationPattern = /^(\d+)\s*(s|m|h|d)?$/;
const unitSeconds: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };
/** '3600', '90s', '15m', '1h', '7d' → seconds. */
export function parseDuration(value: string): number | undefined {
  const match = durationPattern.exec(value.trim());
  if (!match) return undefined;
  return Number(match[1]) * (unitSeconds[match[2] ?? 's'] ?? 1);
}
const duration = (name: string) =>
  z.pipe(
    z
      .string()
      .check(
        z.refine(
          (v) => (parseDuration(v) ?? 0) > 0,
          `${name} must be a duration like 3600, 15m or 1h`,
        ),
      ),
    z.transform((v) => parseDuration(v) as number),
  );

const envSchema = z.object({
  NODE_ENV: z._default(z.string(), 'development'),
  APP_ENV: z._default(z.string(), 'local'),
  HOST: z._default(z.string().check(z.minLength(1, 'HOST must not be empty')), '127.0.0.1'),
  PORT: z._default(int('PORT', 0, 65535), 3001),
  LOG_LEVEL: z._default(
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
    }),
    'info',
  ),
  // One host or several (libpq's form, postgres://u@h1:5432,h2:5432/db): only the writable one is used.
  DATABASE_URL: z.optional(
    z.string().check(
      z.refine((v) => databaseUrlProblem(v) === undefined, {
        error: (issue) => `DATABASE_URL ${databaseUrlProblem(String(issue.input))}`,
      }),
    ),
  ),
  DATABASE_POOL_MAX: z._default(int('DATABASE_POOL_MAX', 1, 1000), 10),
  // Operators' metrics (src/plugins/metrics.ts, README "Metrics and alerts"): on a port of their
  // own (METRICS_PORT, on METRICS_HOST, default HOST) and/or on the API's port at GET /metrics
  // behind METRICS_TOKEN. Neither set: no metrics endpoint.
  METRICS_PORT: z.optional(int('METRICS_PORT', 1, 65535)),
  METRICS_HOST: z.optional(z.string().check(z.minLength(1, 'METRICS_HOST must not be empty'))),
  METRICS_TOKEN: z.optional(secret('METRICS_TOKEN')),
  // Failing fast when the database goes away (README "Running several instances"): opening one
  // connection (per host), one statement, a transaction left idle.
  DATABASE_CONNECT_TIMEOUT: z._default(duration('DATABASE_CONNECT_TIMEOUT'), 5),
  DATABASE_STATEMENT_TIMEOUT: z._default(duration('DATABASE_STATEMENT_TIMEOUT'), 30),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT: z._default(
    duration('DATABASE_IDLE_IN_TRANSACTION_TIMEOUT'),
    60,
  ),
  DATA_DIR: z._default(
    z.string().check(z.minLength(1, 'DATA_DIR must not be empty')),
    path.resolve(packageRoot, '..', '.data'),
  ),
  ENCRYPTION_SECRET: z._default(
    z.string().check(z.minLength(8, 'ENCRYPTION_SECRET must be at least 8 characters long')),
    DEV_ENCRYPTION_SECRET,
  ),
  JWT_SECRET: z._default(secret('JWT_SECRET'), DEV_JWT_SECRET),
  TOKEN_TTL: z._default(duration('TOKEN_TTL'), 3600),
  PIN_PEPPER: z._default(secret('PIN_PEPPER'), DEV_PIN_PEPPER),
  // OWASP's scrypt setting; tests lower it to stay fast (src/security/secrets.ts).
  SCRYPT_COST: z._default(
    int('SCRYPT_COST', 2, 2 ** 20).check(
      z.refine((n) => (n & (n - 1)) === 0, 'SCRYPT_COST must be a power of two'),
    ),
    2 ** 17,
  ),
  // The PIN-hashing pool (src/security/secret-hash-pool.ts): hashes at once (128 MiB each at
  // 2^17; default cores - 1, from 1 to 4) and how many may wait. 0: libuv's shared pool, the former
  // behaviour (docs/decisions/018-secret-hashing-off-the-shared-thread-pool.md).
  PIN_HASH_THREADS: z.optional(int('PIN_HASH_THREADS', 0, 64)),
  PIN_HASH_QUEUE: z._default(int('PIN_HASH_QUEUE', 0, 10_000), DEFAULT_HASH_QUEUE),
  // The transaction-PIN keys, read only by the PIN verifier process (src/security/pin-verifier.ts);
  // unset: the development key, refused in production. Or a verifier run on its own (as another
  // OS user) listening on PIN_VERIFIER_SOCKET, which then holds the keys itself.
  PIN_KEY_FILE: z.optional(z.string()),
  PIN_VERIFIER_SOCKET: z.optional(z.string()),
  PROVIDERS: z._default(
    z.enum(['sandbox'], { error: "PROVIDERS must be 'sandbox' (the only adapters so far)" }),
    'sandbox',
  ),
  APP_CHECK_ENFORCE: z._default(bool('APP_CHECK_ENFORCE'), false),
  APP_CHECK_SECRET: z._default(secret('APP_CHECK_SECRET'), 'ajo-wallet-local-sandbox-app-check'),
  APP_CHECK_TTL: z._default(duration('APP_CHECK_TTL'), 3600),
  BODY_LIMIT: z._default(int('BODY_LIMIT', 1024, 100 * 1024 * 1024), 1024 * 1024),
  RATE_LIMIT_MAX: z._default(int('RATE_LIMIT_MAX', 1, 100000), 5),
  RATE_LIMIT_WINDOW: z._default(duration('RATE_LIMIT_WINDOW'), 900),
  TRUST_PROXY: z._default(
    z.pipe(
      z.string().check(
        z.refine((v) => typeof parseTrustProxy(v) !== 'string', {
          error: (issue) => parseTrustProxy(String(issue.input)) as string,
        }),
      ),
      z.transform((v) => parseTrustProxy(v) as TrustProxy),
    ),
    { kind: 'none' } as TrustProxy,
  ),
  PUBLIC_BASE_URL: z._default(z.string(), ''),
  SHUTDOWN_TIMEOUT: z._default(duration('SHUTDOWN_TIMEOUT'), 10),
  // How long a submitted NIN waits at each step (pending → processing → decided), src/modules/kyc.
  NIN_JOB_INTERVAL: z._default(duration('NIN_JOB_INTERVAL'), 15),
  // The job queue (src/jobs): how often an instance looks for due jobs, how many it runs at once,
  // and how long a claimed job stays its own without a heartbeat before another instance takes it.
  JOB_POLL_INTERVAL: z._default(duration('JOB_POLL_INTERVAL'), 2),
  JOB_CONCURRENCY: z._default(int('JOB_CONCURRENCY', 1, 100), 4),
  JOB_LEASE: z._default(duration('JOB_LEASE'), 60),
  // Where uploaded files live: 'database' (every instance and a restore have them) or 's3'.
  FILE_STORAGE: z._default(
    z.enum(['database', 's3'], { error: "FILE_STORAGE must be 'database' or 's3'" }),
    'database',
  ),
  S3_BUCKET: z.optional(z.string()),
  S3_REGION: z._default(z.string(), 'us-east-1'),
  S3_ENDPOINT: z.optional(
    z.string().check(z.url({ error: 'S3_ENDPOINT must be a URL like https://s3.example.com' })),
  ),
  S3_ACCESS_KEY_ID: z.optional(z.string()),
  S3_SECRET_ACCESS_KEY: z.optional(z.string()),
  S3_FORCE_PATH_STYLE: z._default(bool('S3_FORCE_PATH_STYLE'), false),
  S3_PREFIX: z._default(z.string(), ''),
  S3_PUBLIC_URL: z.optional(
    z
      .string()
      .check(z.url({ error: 'S3_PUBLIC_URL must be a URL like https://files.example.com' })),
  ),
  FACE_CHECK_TIMEOUT: z._default(duration('FACE_CHECK_TIMEOUT'), 30),
  // Naira: a money call of at least this amount needs a step-up OTP (src/money/step-up.ts).
  STEP_UP_AMOUNT: z._default(int('STEP_UP_AMOUNT', 1, 9_999_999_999), 50_000),
  // Hours a bank transfer or bill payment may stay pending before a complaint opens by itself
  // (src/modules/disputes, docs/decisions/034-complaints-with-a-clock.md).
  DISPUTE_AUTO_OPEN_HOURS: z._default(int('DISPUTE_AUTO_OPEN_HOURS', 1, 168), 4),
  // SPEC §9 referral promotion: fundings at or after this instant earn no reward (src/modules/referrals).
  REFERRAL_PROMOTION_ENDS_AT: z._default(
    z.pipe(
      z
        .string()
        .check(
          z.refine(
            (v) => /^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v)),
            'REFERRAL_PROMOTION_ENDS_AT must be a date and time like 2027-08-01T00:00:00+01:00',
          ),
        ),
      z.transform((v) => new Date(v)),
    ),
    // The end of July 31 (SPEC §9), Lagos time.
    () => new Date('2027-08-01T00:00:00+01:00'),
  ),
});

type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env;
  production: boolean;
  host: string;
  port: number;
  logLevel: Env['LOG_LEVEL'];
  database: {
    url?: string;
    poolMax: number;
    connectTimeoutSeconds: number;
    statementTimeoutSeconds: number;
    idleInTransactionTimeoutSeconds: number;
    pgliteDir: string;
  };
  metrics: { port?: number; host: string; token?: string };
  dataDir: string;
  encryptionSecret: string;
  jwt: { secret: string; ttlSeconds: number };
  secrets: {
    pepper: string;
    scryptCost: number;
    /** A pool of its own (src/security/secret-hash-pool.ts); unset (PIN_HASH_THREADS=0): libuv's pool. */
    hashThreads?: number;
    hashQueue: number;
    /** The transaction-PIN verifier's key file (PIN_KEY_FILE); unset: the development key. */
    pinKeyFile?: string;
    /** A transaction-PIN verifier run on its own, listening here (PIN_VERIFIER_SOCKET). */
    pinVerifierSocket?: string;
  };
  providers: 'sandbox';
  appCheck: { enforce: boolean; secret: string; ttlSeconds: number };
  bodyLimit: number;
  rateLimit: { max: number; windowSeconds: number };
  trustProxy: TrustProxy;
  publicBaseUrl: string;
  shutdownTimeoutSeconds: number;
  ninJob: { intervalSeconds: number };
  jobs: { pollIntervalSeconds: number; concurrency: number; leaseSeconds: number };
  fileStorage: { kind: 'database' } | ({ kind: 's3' } & S3Settings);
  faceCheck: { timeoutSeconds: number };
  money: { stepUpAmountKobo: number };
  referrals: { promotionEndsAt: Date };
  disputes: { autoOpenHours: number };
}

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  /** Unset: the AWS SDK's default credential chain (environment, instance role…). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle: boolean;
  /** Key prefix inside the bucket, '' or ending in '/'. */
  prefix: string;
  /** Base of the download URLs that become photo_url (a CDN or the bucket's own address). */
  publicUrl: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment; throws ConfigError listing every bad value. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // An empty variable means "not set", as in most shells' `VAR= command`.
  const raw = Object.fromEntries(
    Object.entries(source).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const key = String(issue.path[0] ?? '');
        // A database URL may carry its password.
        const hidden =
          key.includes('SECRET') ||
          key.includes('PEPPER') ||
          key === 'DATABASE_URL' ||
          key.includes('TOKEN');
        const given = key in raw ? ` (got '${hidden ? '***' : raw[key]}')` : '';
        return `${issue.message}${given}`;
      }),
    );
  }
  const env = parsed.data;
  const production = env.NODE_ENV === 'production' || env.APP_ENV === 'production';
  if (production) {
    const problems: string[] = [];
    if (env.PROVIDERS === 'sandbox')
      problems.push(
        'PROVIDERS=sandbox is refused in production mode: sandbox providers fake money and identity',
      );
    if (env.ENCRYPTION_SECRET === DEV_ENCRYPTION_SECRET)
      problems.push('ENCRYPTION_SECRET must be set in production mode');
    if (env.JWT_SECRET === DEV_JWT_SECRET)
      problems.push('JWT_SECRET must be set in production mode');
    if (env.PIN_PEPPER === DEV_PIN_PEPPER)
      problems.push('PIN_PEPPER must be set in production mode');
    if (env.SCRYPT_COST < 2 ** 17)
      problems.push('SCRYPT_COST must be at least 131072 in production mode');
    if (!env.PIN_KEY_FILE && !env.PIN_VERIFIER_SOCKET)
      problems.push('PIN_KEY_FILE or PIN_VERIFIER_SOCKET must be set in production mode');
    if (problems.length) throw new ConfigError(problems);
  }
  const fileStorage = fileStorageSettings(env);
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env,
    production,
    host: env.HOST,
    port: env.PORT,
    logLevel: env.LOG_LEVEL,
    database: {
      url: env.DATABASE_URL,
      poolMax: env.DATABASE_POOL_MAX,
      connectTimeoutSeconds: env.DATABASE_CONNECT_TIMEOUT,
      statementTimeoutSeconds: env.DATABASE_STATEMENT_TIMEOUT,
      idleInTransactionTimeoutSeconds: env.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT,
      pgliteDir: path.join(dataDir, 'pglite'),
    },
    metrics: {
      ...(env.METRICS_PORT ? { port: env.METRICS_PORT } : {}),
      host: env.METRICS_HOST ?? env.HOST,
      ...(env.METRICS_TOKEN ? { token: env.METRICS_TOKEN } : {}),
    },
    dataDir,
    encryptionSecret: env.ENCRYPTION_SECRET,
    jwt: { secret: env.JWT_SECRET, ttlSeconds: env.TOKEN_TTL },
    secrets: {
      pepper: env.PIN_PEPPER,
      scryptCost: env.SCRYPT_COST,
      // 0 opts out of the pool: the hasher then keeps scrypt on libuv's pool (no thread count).
      hashThreads:
        env.PIN_HASH_THREADS === 0 ? undefined : (env.PIN_HASH_THREADS ?? defaultHashThreads()),
      hashQueue: env.PIN_HASH_QUEUE,
      ...(env.PIN_KEY_FILE ? { pinKeyFile: path.resolve(env.PIN_KEY_FILE) } : {}),
      ...(env.PIN_VERIFIER_SOCKET
        ? { pinVerifierSocket: path.resolve(env.PIN_VERIFIER_SOCKET) }
        : {}),
    },
    providers: env.PROVIDERS,
    appCheck: {
      enforce: env.APP_CHECK_ENFORCE,
      secret: env.APP_CHECK_SECRET,
      ttlSeconds: env.APP_CHECK_TTL,
    },
    bodyLimit: env.BODY_LIMIT,
    rateLimit: { max: env.RATE_LIMIT_MAX, windowSeconds: env.RATE_LIMIT_WINDOW },
    trustProxy: env.TRUST_PROXY,
    publicBaseUrl: env.PUBLIC_BASE_URL.replace(/\/$/, ''),
    shutdownTimeoutSeconds: env.SHUTDOWN_TIMEOUT,
    ninJob: { intervalSeconds: env.NIN_JOB_INTERVAL },
    jobs: {
      pollIntervalSeconds: env.JOB_POLL_INTERVAL,
      concurrency: env.JOB_CONCURRENCY,
      leaseSeconds: env.JOB_LEASE,
    },
    fileStorage,
    faceCheck: { timeoutSeconds: env.FACE_CHECK_TIMEOUT },
    money: { stepUpAmountKobo: env.STEP_UP_AMOUNT * 100 },
    referrals: { promotionEndsAt: env.REFERRAL_PROMOTION_ENDS_AT },
    disputes: { autoOpenHours: env.DISPUTE_AUTO_OPEN_HOURS },
  };
}

/** What is wrong with a DATABASE_URL, or undefined (the message never repeats the URL). */
function databaseUrlProblem(url: string): string | undefined {
  try {
    splitHostUrls(url);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

function fileStorageSettings(env: Env): Config['fileStorage'] {
  if (env.FILE_STORAGE === 'database') return { kind: 'database' };
  const problems: string[] = [];
  if (!env.S3_BUCKET) problems.push('S3_BUCKET must be set when FILE_STORAGE=s3');
  if (!env.S3_PUBLIC_URL) problems.push('S3_PUBLIC_URL must be set when FILE_STORAGE=s3');
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY))
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  if (problems.length) throw new ConfigError(problems);
  const prefix = env.S3_PREFIX.replace(/^\/+|\/+$/g, '');
  return {
    kind: 's3',
    bucket: env.S3_BUCKET as string,
    region: env.S3_REGION,
    ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
    ...(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
      ? {
          credentials: {
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          },
        }
      : {}),
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    prefix: prefix ? `${prefix}/` : '',
    publicUrl: (env.S3_PUBLIC_URL as string).replace(/\/+$/, ''),
  };
}
