import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createProviders } from '../providers/index.js';
import { SandboxIdentityProvider } from '../providers/identity/sandbox.js';
import { encryptedCall, FakeClock } from '../test-support/auth-test-kit.js';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js';
import { createUser } from '../modules/identity/identity-test-kit.js';
import type { TestApp } from '../test-support/test-app.js';

/*
 * Two instances (two apps, each with its own job queue) on one PostgreSQL database, both polling
 * at once, with an identity provider slow enough that both would call it if claims overlapped:
 * every NIN is checked exactly once.
 */

const NINS = 30;
const INTERVAL = 15;

/** The sandbox provider, slowed down and counting calls per NIN. */
class SlowCountingIdentity extends SandboxIdentityProvider {
  readonly calls = new Map<string, number>();
  override async checkNin(nin: string) {
    this.calls.set(nin, (this.calls.get(nin) ?? 0) + 1);
    await new Promise((resolve) => setTimeout(resolve, 40));
    return super.checkNin(nin);
  }
}

describe('jobs on two instances sharing one PostgreSQL database', () => {
  let database: TestDatabase;
  const clock = new FakeClock();
  const identity = new SlowCountingIdentity();
  const instances: FastifyInstance[] = [];
  const config = loadConfig({
    SCRYPT_COST: '1024',
    LOG_LEVEL: 'silent',
    NIN_JOB_INTERVAL: String(INTERVAL),
    RATE_LIMIT_MAX: '1000',
  });

  beforeAll(async () => {
    database = await createTestDatabase();
    for (const name of ['a', 'b']) {
      const providers = { ...createProviders(config, database.db), identity };
      instances.push(
        await buildApp({
          config,
          database,
          clock,
          providers,
          print: () => undefined,
          logStream: new Writable({ write: (_c, _e, done) => done() }),
          jobs: { instanceId: `instance-${name}`, concurrency: 3 },
        }),
      );
    }
  });
  afterAll(async () => {
    for (const app of instances) await app.close();
    await database.drop();
  });

  /** A TestApp-shaped view of one instance, for the kits' helpers. */
  const target = (app: FastifyInstance): TestApp =>
    ({ app, database, config, printed: [], logs: () => '', close: async () => {} }) as TestApp;

  it('checks each submitted NIN with the provider exactly once', async () => {
    const users = [];
    for (let i = 0; i < NINS; i++) {
      const t = target(instances[i % 2] as FastifyInstance);
      const user = await createUser(t);
      const nin = `1234${String(i).padStart(7, '0')}`;
      const res = await encryptedCall(t, 'PUT', `/api/users/${user.id}`, { nin }, user.auth);
      expect(res.status).toBe(200);
      users.push({ id: user.id, nin });
    }

    const both = () => Promise.all(instances.map((app) => app.jobs.runDue()));
    const started = await both(); // pending → processing, split between the two
    expect(started.reduce((n, s) => n + s.succeeded, 0)).toBeGreaterThanOrEqual(NINS);
    clock.advance(INTERVAL);
    // The recurring jobs due in the new interval (alert derivation) run in the same calls.
    const recurringDone = async () =>
      Number(
        (
          await database.db
            .selectFrom('jobs')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('dedupe_key', 'like', 'every:%')
            .where('state', '=', 'succeeded')
            .executeTakeFirstOrThrow()
        ).n,
      );
    const recurringBefore = await recurringDone();
    const decided = await both(); // the provider calls
    const recurringRuns = (await recurringDone()) - recurringBefore;
    const perInstance = decided.map((s) => s.succeeded);
    expect(perInstance.reduce((a, b) => a + b, 0)).toBe(NINS + recurringRuns);
    // Both instances took part: the claim split the work rather than one doing it all.
    expect(perInstance.every((n) => n > recurringRuns)).toBe(true);
    await both();

    expect(identity.calls.size).toBe(NINS);
    expect([...identity.calls.values()].every((n) => n === 1)).toBe(true);
    const rows = await database.db
      .selectFrom('users')
      .select(['nin', 'nin_verification_status'])
      .where(
        'nin',
        'in',
        users.map((u) => u.nin),
      )
      .execute();
    expect(rows).toHaveLength(NINS);
    for (const row of rows)
      expect(row.nin_verification_status).toBe(row.nin?.endsWith('8') ? 'declined' : 'approved');
    const decideJobs = await database.db
      .selectFrom('jobs')
      .select(['state', 'attempts', 'locked_by'])
      .where('kind', '=', 'nin.decide')
      .execute();
    expect(decideJobs).toHaveLength(NINS);
    expect(decideJobs.every((j) => j.state === 'succeeded' && j.attempts === 1)).toBe(true);
  });
});
