import { randomUUID } from 'node:crypto';
import { amountValueSchema, transactionPinSchema } from '@ajo/shared/schemas';
import { z } from 'zod/mini';
import { SERVICE_UNAVAILABLE_MESSAGE } from '../errors.js';
import type { Api } from '../http/api.js';
import { createLedger } from '../ledger/index.js';
import {
  balanceKobo,
  createCustomer,
  inboundTransfer,
  TEST_PIN,
  type Customer,
} from '../modules/funding/funding-test-kit.js';
import { encryptedCall, FakeClock } from '../test-support/auth-test-kit.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { CLAIM_LEASE_SECONDS } from './client-references.js';
import { moneyRoute } from './money-route.js';

/*
 * A money call whose database connection is lost after its ledger entry committed (the answer of
 * COMMIT never came back, as in a failover): the client is told 503, the Idempotency-Key claim is
 * kept (the commit is unknown), a retry meanwhile is told the call is still being processed, and
 * the retry after the claim lease runs it again under the same reference: the money moved once.
 */
const payBody = z.strictObject({
  wallet_account_number: z.string(),
  amount: amountValueSchema,
  transaction_pin: transactionPinSchema,
});
const payAnswer = z.object({ reference: z.string() });

let t: TestApp;
const clock = new FakeClock();
/** Wallets whose next call loses its connection right after the ledger entry. */
const cutAfterCommit = new Set<string>();
/** Wallets whose next call is chosen by PostgreSQL as a deadlock's victim, before any entry. */
const deadlockVictim = new Set<string>();

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  const api = t.app as unknown as Api;
  moneyRoute(api, {
    url: '/api/test/pay-then-lose-connection',
    body: payBody,
    success: { status: 201, schema: payAnswer },
    execute: async ({ body, reference }) => {
      if (deadlockVictim.delete(body.wallet_account_number))
        throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
      const ledger = createLedger(api.db);
      await ledger.ensureSystemAccounts();
      await ledger.transfer({
        from: body.wallet_account_number,
        to: 'bank_settlement',
        amountKobo: Math.round(body.amount * 100),
        reference,
        type: 'inter-outward',
        narration: 'Test payment',
      });
      if (cutAfterCommit.delete(body.wallet_account_number))
        throw new Error('Connection terminated unexpectedly');
      return { reference };
    },
  });
});
afterAll(() => t.close());

const pay = (user: Customer, key: string) =>
  encryptedCall(
    t,
    'POST',
    '/api/test/pay-then-lose-connection',
    { wallet_account_number: user.main, amount: 1_000, transaction_pin: TEST_PIN },
    { ...user.auth, 'idempotency-key': key },
  );

const claimState = async (user: Customer, key: string) =>
  (
    await t.database.db
      .selectFrom('client_references')
      .select('state')
      .where('user_id', '=', user.id)
      .where('key', '=', key)
      .executeTakeFirst()
  )?.state;

it('keeps the claim of a call whose commit is unknown, and its retry finds the money moved once', async () => {
  const ada = await createCustomer(t);
  await inboundTransfer(t, { account_number: ada.main, amount: 5_000 });
  const before = await balanceKobo(t, ada.main);
  const key = randomUUID();

  cutAfterCommit.add(ada.main);
  expect(await pay(ada, key)).toEqual({
    status: 503,
    body: { message: SERVICE_UNAVAILABLE_MESSAGE },
  });
  expect(await balanceKobo(t, ada.main)).toBe(before - 100_000);
  expect(await claimState(ada, key)).toBe('processing');

  // Within the claim lease the call may still be running somewhere: not run a second time.
  expect((await pay(ada, key)).status).toBe(409);

  clock.advance(CLAIM_LEASE_SECONDS);
  const retried = await pay(ada, key);
  expect(retried.status).toBe(201);
  expect(await balanceKobo(t, ada.main)).toBe(before - 100_000);
  expect(await claimState(ada, key)).toBe('completed');
  expect(await pay(ada, key)).toEqual(retried);
});

it('releases the claim of a deadlock victim (rolled back, nothing kept): 503, and a retry runs at once', async () => {
  const ada = await createCustomer(t);
  await inboundTransfer(t, { account_number: ada.main, amount: 5_000 });
  const before = await balanceKobo(t, ada.main);
  const key = randomUUID();

  deadlockVictim.add(ada.main);
  expect(await pay(ada, key)).toEqual({
    status: 503,
    body: { message: SERVICE_UNAVAILABLE_MESSAGE },
  });
  expect(await balanceKobo(t, ada.main)).toBe(before);
  expect(await claimState(ada, key)).toBeUndefined();

  // No lease to wait for: the same key runs now, and moves the money once.
  const retried = await pay(ada, key);
  expect(retried.status).toBe(201);
  expect(await balanceKobo(t, ada.main)).toBe(before - 100_000);
  expect(await pay(ada, key)).toEqual(retried);
});
