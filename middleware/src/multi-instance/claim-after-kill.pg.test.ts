import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEV_ENCRYPTION_SECRET, loadConfig } from '../config.js';
import { createLedger, nairaToKobo } from '../ledger/index.js';
import { TEST_PIN, seedCustomer, type Customer } from '../modules/funding/funding-test-kit.js';
import { walletTransfer } from '../modules/transfers/transfers-test-kit.js';
import { createSecretHasher } from '../security/secrets.js';
import { createTokenService } from '../security/tokens.js';
import { httpTarget } from '../test-support/http-target.js';
import { startMiddlewareProcess, type ServerProcess } from '../test-support/server-process.js';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js';

/*
 * Two middleware processes on one PostgreSQL database. Instance a is SIGKILLed while wallet
 * transfers run on it; every call cut off is retried on b with the same Idempotency-Key, as the
 * web app does after a lost answer. Measured: how long after the kill each retry still hears 409
 * 'This request is already being processed.' (before liveness: up to the 60-s lease; a measured
 * 137 s under retries). Required: every cut call is answered within 5 s, with the outcome the
 * ledger holds (its transfer once), and the comparison slots a left behind lock nobody out.
 */

// Ten customers, three transfers each at once (a customer's five PIN comparisons at once are never
// the limit here), thirty calls in all.
const SENDERS = 10;
const PER_SENDER = 3;
const CALLS = SENDERS * PER_SENDER;
const KILL_AFTER = 8;
let database: TestDatabase;
const dataDirs: string[] = [];
let a: ServerProcess;
let b: ServerProcess;
let senders: Customer[];
let bola: Customer;

async function seed(): Promise<void> {
  const config = loadConfig({ DATABASE_URL: database.url as string, SCRYPT_COST: '1024' });
  const secrets = createSecretHasher({ pepper: config.secrets.pepper, cost: 1024 });
  const tokens = createTokenService({
    db: database.db,
    secret: config.jwt.secret,
    ttlSeconds: 3600,
  });
  const ledger = createLedger(database.db);
  await ledger.ensureSystemAccounts();
  const pinHash = await secrets.hashSecret(TEST_PIN);
  const make = (phone: string) =>
    seedCustomer({ db: database.db, ledger, tokens }, { phone, pinHash: async () => pinHash });
  bola = await make('2348090000100');
  senders = [];
  for (let i = 0; i < SENDERS; i++) {
    const sender = await make(`23480900001${String(i + 1).padStart(2, '0')}`);
    await ledger.transfer({
      from: 'bank_settlement',
      to: sender.main,
      amountKobo: nairaToKobo(1000),
      reference: `kill-seed-${i}`,
      type: 'funding',
      narration: 'Seed',
    });
    senders.push(sender);
  }
  await secrets.close();
}

beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
  const env = (name: string) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), `ajo-kill-${name}-`));
    dataDirs.push(dataDir);
    return {
      DATABASE_URL: database.url as string,
      DATA_DIR: dataDir,
      SCRYPT_COST: '1024',
      RATE_LIMIT_MAX: '100000',
    };
  };
  [a, b] = await Promise.all([
    startMiddlewareProcess('instance a', env('a')),
    startMiddlewareProcess('instance b', env('b')),
  ]);
  await seed();
}, 240_000);

afterAll(async () => {
  await Promise.all([a, b].filter(Boolean).map((p) => p.kill()));
  await database?.drop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

it('answers every call cut off by the kill within 5 s on the other instance, each transfer made once', async () => {
  const A = httpTarget(a.url, DEV_ENCRYPTION_SECRET);
  const B = httpTarget(b.url, DEV_ENCRYPTION_SECRET);
  const calls = Array.from({ length: CALLS }, (_, i) => ({
    sender: senders[i % SENDERS] as Customer,
    key: `kill-transfer-${i}-${randomBytes(4).toString('hex')}`,
  }));
  let answered = 0;
  let killing: Promise<void> | undefined;
  let killedAt = 0;
  const first = await Promise.all(
    calls.map(({ sender, key }) =>
      walletTransfer(A, sender, bola.main, { transfer_amount: 10 }, key)
        .then(
          (res) => res,
          () => null,
        )
        .finally(() => {
          answered += 1;
          if (!killing && answered >= KILL_AFTER) {
            killedAt = Date.now();
            killing = a.kill();
          }
        }),
    ),
  );
  await killing;
  // Answered before the kill: each transfer made. Cut: no answer at all.
  expect(first.filter((res) => res !== null).map((res) => res?.status)).toEqual(
    first.filter((res) => res !== null).map(() => 200),
  );
  const cut = calls.filter((_, i) => first[i] === null);
  expect(cut.length).toBeGreaterThan(0);

  // The web app's retry: the same call, same key, to the surviving instance, until it answers.
  let inProgressAnswers = 0;
  let slowest = 0;
  const retried = await Promise.all(
    cut.map(async ({ sender, key }) => {
      for (;;) {
        const res = await walletTransfer(B, sender, bola.main, { transfer_amount: 10 }, key);
        if (res.status !== 409 || res.body.message !== 'This request is already being processed.') {
          slowest = Math.max(slowest, Date.now() - killedAt);
          return res;
        }
        inProgressAnswers += 1;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }),
  );
  console.log(
    `kill measured: ${cut.length} of ${CALLS} calls cut; slowest retry answered ${slowest} ms after the kill; ${inProgressAnswers} answers "already being processed"`,
  );
  expect(slowest).toBeLessThan(5000);
  expect(retried.map((res) => res.status)).toEqual(cut.map(() => 200));

  // Each transfer once: ₦10 left each sender per call, answered or cut.
  const ledger = createLedger(database.db);
  for (const sender of senders) {
    expect((await ledger.getAccount(sender.main)).balanceKobo).toBe(
      nairaToKobo(1000 - PER_SENDER * 10),
    );
  }
  expect((await ledger.getAccount(bola.main)).balanceKobo).toBe(nairaToKobo(CALLS * 10));
  // A retry answers the transfer the ledger made, the same on every repeat.
  for (const [i, { sender, key }] of cut.entries()) {
    const again = await walletTransfer(B, sender, bola.main, { transfer_amount: 10 }, key);
    expect(again).toEqual(retried[i]);
  }
  const ada = senders[0] as Customer;

  // Whatever PIN comparisons the kill cut short lock nobody: one wrong PIN is just wrong.
  expect(await walletTransfer(B, ada, bola.main, { transaction_pin: '000000' })).toEqual({
    status: 401,
    body: { message: 'Incorrect transaction PIN.' },
  });
  expect((await walletTransfer(B, ada, bola.main, { transfer_amount: 10 })).status).toBe(200);
}, 120_000);
