// The operator HTTP API on the app server (control-plane/README.md "Operators";
// docs/decisions/019-immutable-versions-and-a-registry-database.md): each operator signs in with an
// own bearer token and is named in the history (operators.ts); the registry's routes (routes.ts);
// the console's page (console.ts). Bad input is a 4xx with {message}, never a 500; requests are
// rate limited per client before the token is read.
import Fastify, { type FastifyInstance } from 'fastify';
import { answerWithMessages, limitPerClient } from '../plugins/client-guards.js';
import { serverOptions } from '../connection-guards.js';
import { createOverrideSigner } from '../registry-per-browser.js';
import { createRegistryStore, type MountCheck, type RegistryStore } from '../registry/index.js';
import { consoleRoutes } from './console.js';
import { parseOperators, requireOperator, type Operator } from './operators.js';
import {
  markRoutes,
  overrideRoutes,
  registryRoutes,
  rolloutRoutes,
  uploadRoutes,
} from './routes.js';

export { CONSOLE_CSP } from './console.js';
export { parseOperators, type Operator } from './operators.js';

export interface OperatorApiOptions {
  store: RegistryStore;
  operators: Operator[];
  rateLimit?: { max: number; timeWindow: number | string } | undefined;
  signer?: ReturnType<typeof createOverrideSigner>;
  overrideSecret?: string;
}

export async function operatorApi(app: FastifyInstance, o: OperatorApiOptions) {
  const signer = o.signer ?? createOverrideSigner({ store: o.store, secret: o.overrideSecret });
  // Added before the token check, so guessing tokens uses up the allowance too.
  await limitPerClient(
    app,
    { max: o.rateLimit?.max ?? 60, timeWindow: o.rateLimit?.timeWindow ?? '1 minute' },
    (after: string) => `Too many operator requests: try again in ${after}`,
  );
  consoleRoutes(app);
  requireOperator(app, o.operators);
  answerWithMessages(app, { status: 500, message: 'Internal error' });
  registryRoutes(app, o.store);
  rolloutRoutes(app, o.store);
  overrideRoutes(app, o.store, signer);
  uploadRoutes(app, o.store);
  markRoutes(app, o.store);
}

export interface OperatorAppOptions {
  deployDir: string;
  operators?: Operator[];
  adminToken?: string;
  registryDatabaseUrl?: string | undefined;
  hostShared?: Record<string, string>;
  mountCheck?: MountCheck;
  operatorRateLimit?: { max: number; timeWindow: number | string };
  overrideSecret?: string | undefined;
  now?: () => number;
  trustProxy?: false | string;
  logger?: boolean | { level: string };
}

/**
 * The operator API alone (OPERATOR_PORT): listening on an address or port the customers' site does
 * not share, so a firewall or a private network can keep it out of reach.
 */
export async function buildOperatorApp(o: OperatorAppOptions) {
  const app = Fastify({
    logger: o.logger ?? false,
    trustProxy: o.trustProxy ?? false,
    ...serverOptions(),
  });
  const store = createRegistryStore(o.deployDir, {
    databaseUrl: o.registryDatabaseUrl,
    hostShared: o.hostShared,
    mountCheck: o.mountCheck,
  });
  app.addHook('onClose', () => store.close());
  await app.register(operatorApi, {
    store,
    operators: o.operators ?? parseOperators({ REGISTRY_ADMIN_TOKEN: o.adminToken }),
    rateLimit: o.operatorRateLimit,
    signer: createOverrideSigner({ store, secret: o.overrideSecret, now: o.now }),
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: 'Not found' }));
  return app;
}
