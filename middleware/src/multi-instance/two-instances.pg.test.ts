import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEV_ENCRYPTION_SECRET } from '../config.js';
import { createLedger } from '../ledger/index.js';
import {
  CARDS,
  TEST_PIN,
  bankToWallet,
  inboundTransfer,
  payWith,
  postCheckout,
  type Customer,
} from '../modules/funding/funding-test-kit.js';
import { recordFaceCheckPass } from '../modules/face-check/passes.js';
import { postConsent, redirectOutcome, startBvn } from '../modules/identity/identity-test-kit.js';
import {
  encryptedCall,
  latestOtp,
  logIn,
  plainGet,
  signupForm,
} from '../test-support/auth-test-kit.js';
import { httpTarget, type ApiTarget } from '../test-support/http-target.js';
import {
  startAppServerProcess,
  startMiddlewareProcess,
  type ServerProcess,
} from '../test-support/server-process.js';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js';

/*
 * Two middleware processes on one PostgreSQL database, as behind a load balancer: they migrate the
 * fresh database together, a whole customer journey alternates between them (and the app server in
 * front of one), concurrent money calls go to both, one is killed under load, and the ledger is
 * checked afterwards. Real processes, so nothing held in one process's memory can help the other.
 */

const PHONE = '2348031239876';
const PIN = '4821';
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('journey-selfie')]);

let database: TestDatabase;
const dataDirs: string[] = [];
let a: ServerProcess;
let b: ServerProcess;
let edge: ServerProcess;
let A: ApiTarget;
let B: ApiTarget;
let EDGE: ApiTarget;

beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
  const env = (name: string, extra: Record<string, string> = {}) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), `ajo-instance-${name}-`));
    dataDirs.push(dataDir);
    return {
      DATABASE_URL: database.url as string,
      DATA_DIR: dataDir,
      SCRYPT_COST: '1024',
      RATE_LIMIT_MAX: '1000',
      JOB_POLL_INTERVAL: '1',
      NIN_JOB_INTERVAL: '1',
      DATABASE_POOL_MAX: '8',
      ...extra,
    };
  };
  // Started together: both run the migrations of the empty database at once.
  [a, b] = await Promise.all([
    startMiddlewareProcess('instance a', env('a', { TRUST_PROXY: 'loopback' })),
    startMiddlewareProcess('instance b', env('b')),
  ]);
  edge = await startAppServerProcess({
    MIDDLEWARE_URL: a.url,
    DEPLOY_DIR: mkdtempSync(path.join(tmpdir(), 'ajo-edge-')),
  });
  A = httpTarget(a.url, DEV_ENCRYPTION_SECRET);
  B = httpTarget(b.url, DEV_ENCRYPTION_SECRET);
  EDGE = httpTarget(edge.url, DEV_ENCRYPTION_SECRET);
}, 180_000);

afterAll(async () => {
  await Promise.all([edge, a, b].filter(Boolean).map((p) => p.stop()));
  await database.drop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/** Polls until `check` passes (real processes, real time: the job poller runs every second). */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 20_000) {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('two middleware instances on one PostgreSQL database', () => {
  let customer: Customer;
  let expectedKobo = 0;
  const references: string[] = [];

  it('carries a whole customer journey that alternates between them', async () => {
    // Sign-up OTP through the app server in front of instance a, read from b's outbox.
    expect((await plainGet(EDGE, `/api/auth?phone_number=${PHONE}`)).status).toBe(200);
    const otp = await latestOtp(B, PHONE);
    const verified = await encryptedCall(B, 'POST', '/api/auth', { phone_number: PHONE, otp });
    expect(verified.status).toBe(200);
    const created = await encryptedCall(
      A,
      'POST',
      '/api/users',
      signupForm({ pin: PIN, confirm_pin: PIN }),
      { authorization: `Bearer ${String(verified.body.token)}` },
    );
    expect(created.status).toBe(200);

    // Signed in on b; a accepts the token (one JWT secret for the fleet).
    const login = await logIn(B, PHONE, PIN);
    expect(login.status).toBe(200);
    const id = (login.body.user as { id: string }).id;
    const auth = { authorization: `Bearer ${String(login.body.token)}` };
    const pinSet = await encryptedCall(
      A,
      'POST',
      `/api/users/${id}/create-transaction-pin`,
      { transaction_pin: TEST_PIN, confirm_transaction_pin: TEST_PIN },
      auth,
    );
    expect(pinSet.status).toBe(200);

    // The selfie goes to b; once activated, b hands out its signed link and a serves it.
    const upload = await B.app.inject({
      method: 'POST',
      url: '/api/storage/upload?path=images/selfie.jpg',
      headers: { ...auth, 'content-type': 'image/jpeg' },
      payload: JPEG,
    });
    expect(upload.statusCode).toBe(201);
    const photoUrl = (upload.json() as { url: string }).url;
    // Too small for the real detector: its pass is recorded as POST /services/detect-face would.
    await recordFaceCheckPass(database.db, id, JPEG);

    // BVN consent started on a, granted on b; activation on a.
    const consent = await postConsent(B, await startBvn(A, { id, token: '', auth }), {
      bvn: '22212345678',
      consent: 'yes',
      action: 'grant',
    });
    const { status, tid } = redirectOutcome(consent.headers.location);
    expect(status).toBe('success');
    const activated = await A.app.inject({
      method: 'POST',
      url: '/api/verify-user',
      headers: auth,
      payload: { photo_url: photoUrl, tid },
    });
    expect(activated.statusCode).toBe(200);

    const me = await plainGet(B, `/api/users/${id}`, auth);
    const served = await A.app.inject({ url: String(me.body.photo_url) });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(JPEG)).toBe(true);
    const wallets = me.body.wallets as Array<{ account_no: string; product_id: number }>;
    const main = wallets.find((w) => w.product_id === 1)?.account_no ?? '';
    const commission = wallets.find((w) => w.product_id === 4)?.account_no ?? '';
    expect(main).toMatch(/^\d{10}$/);
    customer = { id, token: '', auth, main, commission };

    // The NIN check runs as jobs on whichever instance claims them.
    expect(
      (await encryptedCall(B, 'PUT', `/api/users/${id}`, { nin: '12345678901' }, auth)).status,
    ).toBe(200);
    const nin = await eventually(
      async () => (await plainGet(A, `/api/users/${id}`, auth)).body.nin_verification_status,
      (s) => s === 'approved',
    );
    expect(nin).toBe('approved');
    const ninJobs = await database.db
      .selectFrom('jobs')
      .select(['kind', 'state', 'attempts'])
      .where('kind', 'in', ['nin.start', 'nin.decide'])
      .orderBy('kind', 'desc')
      .execute();
    expect(ninJobs).toEqual([
      { kind: 'nin.start', state: 'succeeded', attempts: 1 },
      { kind: 'nin.decide', state: 'succeeded', attempts: 1 },
    ]);
  });

  it('moves money once per reference when concurrent calls alternate between the instances', async () => {
    // 40 inbound transfers, each notified to both instances at once (80 requests in flight).
    const calls = [];
    for (let i = 0; i < 40; i++) {
      const reference = `nip-both-${i}`;
      const amount = 100 + i;
      references.push(reference);
      expectedKobo += amount * 100;
      for (const target of [A, B])
        calls.push(inboundTransfer(target, { account_number: customer.main, amount, reference }));
    }
    const answers = await Promise.all(calls);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([
      ...Array(40).fill(200),
      ...Array(40).fill(201),
    ]);

    // One card checkout, paid from both instances at once.
    const started = await bankToWallet(A, customer, { transfer_amount: 2500.5 });
    expect(started.status).toBe(200);
    const link = String(started.body.link);
    const pays = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        postCheckout(i % 2 ? A : B, link, payWith(CARDS.success)),
      ),
    );
    expect(pays.every((r) => r.statusCode === 303)).toBe(true);
    expectedKobo += 250_050;
    references.push(link.split('/').pop() as string);

    const ledger = createLedger(database.db);
    expect((await ledger.getAccount(customer.main)).balanceKobo).toBe(expectedKobo);
  });

  it('counts wrong transaction PINs across instances', async () => {
    const wrong = (target: ApiTarget) =>
      bankToWallet(target, customer, { transaction_pin: '000000', transfer_amount: 10 });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await wrong(i % 2 ? A : B)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    // Locked on both, the right PIN too.
    expect((await bankToWallet(A, customer, { transfer_amount: 10 })).status).toBe(429);
  });

  it('loses no money and posts nothing twice when an instance is killed under load', async () => {
    const batch = Array.from({ length: 30 }, (_, i) => ({
      reference: `nip-kill-${i}`,
      amount: 1000 + i,
    }));
    const inFlight = batch.map((t, i) =>
      inboundTransfer(i % 2 ? A : B, { account_number: customer.main, ...t }).then(
        (r) => r.statusCode,
        () => 'connection lost' as const,
      ),
    );
    const killed = b.kill();
    const first = await Promise.all(inFlight);
    await killed;
    // The load balancer's retry: whatever did not get an answer goes to the survivor.
    for (const [i, outcome] of first.entries()) {
      if (typeof outcome === 'number' && outcome < 300) continue;
      const retry = await inboundTransfer(A, { account_number: customer.main, ...batch[i] });
      expect([200, 201]).toContain(retry.statusCode);
    }
    for (const t of batch) {
      references.push(t.reference);
      expectedKobo += t.amount * 100;
    }

    const ledger = createLedger(database.db);
    expect((await ledger.getAccount(customer.main)).balanceKobo).toBe(expectedKobo);
    const entries = await ledger.listEntries(customer.main, { limit: 1000 });
    const counts = new Map<string, number>();
    for (const e of entries) counts.set(e.reference, (counts.get(e.reference) ?? 0) + 1);
    expect([...counts.keys()].sort()).toEqual([...references].sort());
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    const reconciliation = await ledger.reconcile();
    expect(reconciliation).toEqual({
      mismatches: [],
      totalPostedKobo: 0,
      totalBalanceKobo: 0,
      holdMismatches: [],
    });
  });

  it('never let a forged X-Forwarded-For through the app server choose a rate-limit bucket', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await EDGE.app.inject({
        url: `/api/auth?phone_number=234803124000${i}`,
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
      });
      expect(res.statusCode).toBe(200);
    }
    const buckets = await database.db
      .selectFrom('rate_limits')
      .select(['key', 'count'])
      .where('key', 'like', 'otp-send:ip|%')
      .execute();
    // Every OTP sent through the app server counted under the address it saw (loopback).
    expect(buckets.filter((r) => r.key.includes('198.51.100.'))).toEqual([]);
    expect(buckets.find((r) => r.key === 'otp-send:ip|127.0.0.1')?.count).toBeGreaterThanOrEqual(4);
  });
});
