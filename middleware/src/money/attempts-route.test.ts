import { randomUUID } from 'node:crypto';
import { createLedger } from '../ledger/index.js';
import { bankToWallet, createCustomer, TEST_PIN } from '../modules/funding/funding-test-kit.js';
import { FakeClock, plainGet } from '../test-support/auth-test-kit.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import type { Customer } from '../modules/funding/funding-test-kit.js';
import { ClientReferences, requestHash } from './client-references.js';

let t: TestApp;
const clock = new FakeClock();

beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(() => t.close());

const NEVER_ARRIVED = { status: 404, body: { message: 'This request never arrived.' } };
const attemptOf = (user: Customer | null, key: string) =>
  plainGet(t, `/api/money/attempts/${key}`, user?.auth ?? {});

describe('GET /api/money/attempts/:key: what became of a money call whose answer was lost', () => {
  it('answers the stored answer of a completed call, exactly what a repeat replays', async () => {
    const ada = await createCustomer(t);
    const key = randomUUID();
    const first = await bankToWallet(t, ada, {}, key);
    expect(first.status).toBe(200);
    expect(await attemptOf(ada, key)).toEqual({
      status: 200,
      body: { state: 'completed', status: 200, answer: first.body },
    });
  });

  it("answers a kept refusal with its status and message (a definite 'failed')", async () => {
    const ada = await createCustomer(t);
    const key = randomUUID();
    await createLedger(t.database.db).setStatus(ada.main, 'blocked');
    expect((await bankToWallet(t, ada, {}, key)).status).toBe(409);
    await createLedger(t.database.db).setStatus(ada.main, 'active');
    expect(await attemptOf(ada, key)).toEqual({
      status: 200,
      body: { state: 'completed', status: 409, answer: { message: 'This wallet is blocked.' } },
    });
  });

  it('answers in_progress while the call is claimed and has no answer yet', async () => {
    const ada = await createCustomer(t);
    const key = randomUUID();
    const claimed = await new ClientReferences({ db: t.database.db, clock }).claim({
      userId: ada.id,
      route: 'POST /api/transfers/bank-to-wallet',
      key,
      requestHash: requestHash(t.config.secrets.pepper, { any: 1 }, []),
    });
    expect(claimed.kind).toBe('claimed');
    expect(await attemptOf(ada, key)).toEqual({ status: 200, body: { state: 'in_progress' } });
  });

  it('answers 404 for a key never sent, and for a call that kept nothing (a wrong PIN)', async () => {
    const ada = await createCustomer(t);
    expect(await attemptOf(ada, randomUUID())).toEqual(NEVER_ARRIVED);
    const key = randomUUID();
    expect((await bankToWallet(t, ada, { transaction_pin: '000000' }, key)).status).toBe(401);
    expect(await attemptOf(ada, key)).toEqual(NEVER_ARRIVED);
    // Sending it is then safe: it runs once, and the lookup follows.
    expect((await bankToWallet(t, ada, { transaction_pin: TEST_PIN }, key)).status).toBe(200);
    expect((await attemptOf(ada, key)).body.state).toBe('completed');
  });

  it("answers 404 for another customer's key, as for an unknown one", async () => {
    const ada = await createCustomer(t);
    const bola = await createCustomer(t);
    const key = randomUUID();
    expect((await bankToWallet(t, ada, {}, key)).status).toBe(200);
    expect(await attemptOf(bola, key)).toEqual(NEVER_ARRIVED);
  });

  it('answers 401 without a token and 400 for a key that cannot be one', async () => {
    const ada = await createCustomer(t);
    expect((await attemptOf(null, randomUUID())).status).toBe(401);
    for (const bad of ['abc', 'k'.repeat(65), 'not%20a%20key']) {
      const answer = await attemptOf(ada, bad);
      expect(answer.status).toBe(400);
      expect(typeof answer.body.message).toBe('string');
    }
  });

  it('is in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = res.json() as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(doc.paths['/api/money/attempts/{key}'] ?? {})).toEqual(['get']);
  });
});
