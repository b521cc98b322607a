import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import fastifyCompress from '@fastify/compress';
import type { Kysely } from 'kysely';
import type { DestinationStream } from 'pino';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { systemClock, type Clock } from './clock.js';
import type { Config } from './config.js';
import type { AppDatabase } from './db/index.js';
import type { Database } from './db/schema.js';
import { alertsRoutes, registerAlertJobs } from './modules/alerts/routes.js';
import { appCheckRoutes } from './modules/app-check/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { disputesRoutes, registerDisputeJobs } from './modules/disputes/routes.js';
import { faceCheckRoutes } from './modules/face-check/routes.js';
import { fundingRoutes } from './modules/funding/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { identityRoutes } from './modules/identity/routes.js';
import { kycRoutes } from './modules/kyc/routes.js';
import { registerPaymentJobs, paymentsRoutes } from './modules/payments/routes.js';
import { registerDocumentReviewJobs, settingsRoutes } from './modules/settings/routes.js';
import { referenceDataRoutes } from './modules/reference-data/routes.js';
import { referralsRoutes, registerReferralJobs } from './modules/referrals/routes.js';
import { moneyAttemptRoutes } from './money/attempts-route.js';
import { sandboxRoutes } from './modules/sandbox/routes.js';
import { storageRoutes } from './modules/storage/routes.js';
import { registerTransferJobs, transfersRoutes } from './modules/transfers/routes.js';
import { usersRoutes } from './modules/users/routes.js';
import { walletsRoutes } from './modules/wallets/routes.js';
import { appCheckPlugin } from './plugins/app-check.js';
import { authPlugin, type WalletOwnerLookup } from './plugins/auth.js';
import { textGuardPlugin } from './plugins/text-guard.js';
import { envelopePlugin } from './plugins/envelope.js';
import { answerClientError, answerFrameworkError, errorsPlugin } from './plugins/errors.js';
import {
  SERVER_TIMEOUTS,
  serverTimeoutOptions,
  type ServerTimeouts,
} from './http/server-timeouts.js';
import type { Api } from './http/api.js';
import { openApiPlugin } from './http/openapi.js';
import { validatorCompiler } from './validation.js';
import { loggingOptions } from './plugins/logging.js';
import { metricsPlugin } from './plugins/metrics.js';
import { rateLimitPlugin } from './plugins/rate-limit.js';
import { registerHousekeepingJobs } from './jobs/housekeeping.js';
import { cardsRoutes, registerCardJobs } from './modules/cards/routes.js';
import { createJobQueue, type JobQueue, type JobQueueOptions } from './jobs/queue.js';
import { createLedger } from './ledger/index.js';
import { registerNinStatusJobs } from './modules/kyc/nin-status-jobs.js';
import { createProviders, type Providers } from './providers/index.js';
import { createSecretHasher, DEV_PIN_KEYS, type SecretHasher } from './security/secrets.js';
import { createTokenService } from './security/tokens.js';
import { fastifyTrustProxy } from './trust-proxy.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Kysely<Database>;
    databaseKind: AppDatabase['kind'];
    providers: Providers;
    secrets: SecretHasher;
    /** The time the rules use (OTP expiry, resend wait, sign-in lock); tests move it. */
    clock: Clock;
    /** Every route as registered (HEAD twins excluded): the route-schema test and the docs read it. */
    routeCatalogue: readonly RouteOptions[];
    /** Background work (src/jobs); main.ts starts its poller, tests call runDue(). */
    jobs: JobQueue;
  }
}

export interface AppDeps {
  config: Config;
  database: Pick<AppDatabase, 'db' | 'kind' | 'poolStats'>;
  /** Defaults to the sandbox set for config.providers. */
  providers?: Providers;
  /** Owner of a wallet account number; default: the ledger's findWalletOwner. */
  walletOwnerLookup?: WalletOwnerLookup;
  /** Where log lines go (tests capture them); default stdout. */
  logStream?: DestinationStream;
  /** Where sandbox providers print (console by default). */
  print?: (line: string) => void;
  /** Default: the system clock. */
  clock?: Clock;
  /** Job queue settings beyond config.jobs (tests: instance id, timers). */
  jobs?: Partial<JobQueueOptions>;
  /** Default SERVER_TIMEOUTS (src/http/server-timeouts.ts); tests shorten them. */
  serverTimeouts?: Partial<ServerTimeouts>;
}

/**
 * A feature area registers here: `src/modules/<area>/routes.ts` exports an async function taking
 * the Fastify instance; it is mounted under /api. Routes stay thin: services hold the rules,
 * repositories the SQL (docs/conventions.md §5).
 */
const moduleRoutes: ((app: Api) => Promise<void>)[] = [
  healthRoutes,
  appCheckRoutes,
  sandboxRoutes,
  referenceDataRoutes,
  authRoutes,
  usersRoutes,
  storageRoutes,
  faceCheckRoutes,
  identityRoutes,
  kycRoutes,
  walletsRoutes,
  fundingRoutes,
  transfersRoutes,
  paymentsRoutes,
  settingsRoutes,
  referralsRoutes,
  moneyAttemptRoutes,
  disputesRoutes,
  alertsRoutes,
  cardsRoutes,
];

/** Each area's background jobs (src/jobs): defined here, before any route can enqueue them. */
const moduleJobs: Array<(app: FastifyInstance) => void> = [
  (app) => registerHousekeepingJobs(app.jobs, app.db),
  (app) =>
    registerNinStatusJobs(app.jobs, {
      db: app.db,
      identity: app.providers.identity,
      intervalSeconds: app.config.ninJob.intervalSeconds,
    }),
  registerTransferJobs,
  registerPaymentJobs,
  registerDocumentReviewJobs,
  (app) => registerReferralJobs(app),
  registerDisputeJobs,
  registerAlertJobs,
  registerCardJobs,
];

/** Wallet ownership from the ledger (activation opens the wallets), for assertOwnsWallet. */
function ledgerWalletOwnerLookup(db: Kysely<Database>): WalletOwnerLookup {
  const ledger = createLedger(db);
  return async (accountNumber) =>
    (await ledger.findWalletOwner(accountNumber))?.ownerUserId ?? null;
}

/** JSON answers smaller than this are sent as they are: compressing them gains too little. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** Builds the API without listening: main.ts listens, tests call app.inject. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    ...loggingOptions(config.logLevel, deps.logStream),
    bodyLimit: config.bodyLimit,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    ...serverTimeoutOptions({ ...SERVER_TIMEOUTS, ...deps.serverTimeouts }),
    // Keep-alive sockets must not hold shutdown open; in-flight requests still finish.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  });

  // Graceful shutdown: close() lets in-flight requests finish; their responses say
  // 'Connection: close' so keep-alive sockets end with them instead of holding close() open for
  // the keep-alive timeout.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });

  const clock = deps.clock ?? systemClock;
  const providers =
    deps.providers ?? createProviders(config, deps.database.db, deps.print, () => clock.now());
  app.decorate('config', config);
  app.decorate('db', deps.database.db);
  app.decorate('databaseKind', deps.database.kind);
  app.decorate('providers', providers);
  app.decorate('clock', clock);
  app.decorate(
    'jobs',
    createJobQueue({
      db: deps.database.db,
      clock,
      log: app.log.child({ component: 'jobs' }),
      pollIntervalSeconds: config.jobs.pollIntervalSeconds,
      concurrency: config.jobs.concurrency,
      leaseSeconds: config.jobs.leaseSeconds,
      ...deps.jobs,
    }),
  );
  for (const register of moduleJobs) register(app);
  app.addHook('onClose', () => app.jobs.stop());
  app.decorate(
    'secrets',
    createSecretHasher({
      pepper: config.secrets.pepper,
      cost: config.secrets.scryptCost,
      pool: { threads: config.secrets.hashThreads, queue: config.secrets.hashQueue },
      // A verifier of its own on the socket, else one started here from the key file.
      pinVerifier: config.secrets.pinVerifierSocket
        ? { socket: config.secrets.pinVerifierSocket }
        : {
            ...(config.secrets.pinKeyFile
              ? { keyFile: config.secrets.pinKeyFile }
              : { keys: DEV_PIN_KEYS }),
            logLevel: config.logLevel,
          },
    }),
  );
  app.addHook('onClose', () => app.secrets.close());

  // Routes declare zod schemas (fastify-type-provider-zod): our validator gives the { message }
  // contract; the provider's serializer checks every answer against the schema of its status code.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const routeCatalogue: RouteOptions[] = [];
  app.decorate('routeCatalogue', routeCatalogue);
  app.addHook('onRoute', (route) => {
    if (route.method !== 'HEAD') routeCatalogue.push(route as RouteOptions);
  });

  await app.register(errorsPlugin);
  // Before the envelope: its onSend reads a money call's answer before encryption.
  await app.register(metricsPlugin, {
    ...(config.metrics.token ? { token: config.metrics.token } : {}),
    ...(deps.database.poolStats ? { poolStats: deps.database.poolStats } : {}),
  });
  await app.register(envelopePlugin, { secret: config.encryptionSecret });
  await app.register(textGuardPlugin);
  await app.register(authPlugin, {
    tokens: createTokenService({
      db: deps.database.db,
      secret: config.jwt.secret,
      ttlSeconds: config.jwt.ttlSeconds,
      now: () => clock.now().getTime(),
    }),
    walletOwnerLookup: deps.walletOwnerLookup ?? ledgerWalletOwnerLookup(deps.database.db),
  });
  await app.register(rateLimitPlugin, {
    db: deps.database.db,
    max: config.rateLimit.max,
    windowSeconds: config.rateLimit.windowSeconds,
  });
  await app.register(appCheckPlugin, {
    attestation: providers.appAttestation,
    enforce: config.appCheck.enforce,
  });

  // Answers above the threshold go out brotli or gzip, as the client asks. Compression is a
  // route-level onSend hook, so it runs after the envelope has encrypted the body; a PDF or photo
  // (already compressed, not a compressible type) and small answers go out as they are.
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
  });

  if (providers.mode === 'sandbox') await app.register(openApiPlugin);

  await app.register(
    async (api) => {
      for (const routes of moduleRoutes) await api.register(routes);
    },
    { prefix: '/api' },
  );
  return app;
}
