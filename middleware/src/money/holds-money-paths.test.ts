import { randomUUID } from 'node:crypto';
import { amountValueSchema, transactionPinSchema } from '@ajo/shared/schemas';
import { z } from 'zod/mini';
import { SERVICE_UNAVAILABLE_MESSAGE } from '../errors.js';
import type { Api } from '../http/api.js';
import { createLedger } from '../ledger/index.js';
import { buyAirtime } from '../modules/payments/payments-test-kit.js';
import {
  ACCOUNTS,
  balanceKobo,
  bankTransfer,
  createCustomer,
  fundedCustomer,
  walletTransfer,
  TEST_PIN,
  type Customer,
} from '../modules/transfers/transfers-test-kit.js';
import { encryptedCall, FakeClock } from '../test-support/auth-test-kit.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { CLAIM_LEASE_SECONDS } from './client-references.js';
import { moneyRoute } from './money-route.js';

/*
 * The money paths customers already have, now that money can be reserved
 * (docs/decisions/041-authorisation-holds.md): each spends the available balance (ledger balance
 * less open holds), not the ledger balance, and a call that reserves money and loses its answer
 * reserves it once.
 */
let t: TestApp;
const clock = new FakeClock();
/** Wallets whose next reservation loses its connection right after the hold committed. */
const cutAfterHold = new Set<string>();

const reserveBody = z.strictObject({
  wallet_account_number: z.string(),
  amount: amountValueSchema,
  transaction_pin: transactionPinSchema,
});

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '1000' }, { clock });
  const api = t.app as unknown as Api;
  // A money call that only reserves, as a card authorisation does, for the crash below.
  moneyRoute(api, {
    url: '/api/test/reserve-then-lose-connection',
    body: reserveBody,
    success: { status: 201, schema: z.object({ hold: z.string() }) },
    execute: async ({ body, reference }) => {
      const { hold } = await createLedger(api.db).placeHold({
        account: body.wallet_account_number,
        amountKobo: Math.round(body.amount * 100),
        reference,
        expiresAt: new Date(clock.now().getTime() + 7 * 86_400_000),
      });
      if (cutAfterHold.delete(body.wallet_account_number))
        throw new Error('Connection terminated unexpectedly');
      return { hold: hold.id };
    },
  });
});
afterAll(() => t.close());

const ledger = () => createLedger(t.database.db);

/** Reserves `naira` on the customer's main wallet, as a card authorisation would. */
async function reserve(user: Customer, naira: number): Promise<void> {
  await ledger().placeHold({
    account: user.main,
    amountKobo: naira * 100,
    reference: `auth-${randomUUID()}`,
    expiresAt: new Date(clock.now().getTime() + 86_400_000),
  });
}

const available = async (user: Customer) => (await ledger().getAccount(user.main)).availableKobo;

describe('every money path spends the available balance', () => {
  it('wallet to wallet: refused when holds leave too little, nothing moves; what is left can go', async () => {
    const ada = await fundedCustomer(t, 5_000);
    const bola = await createCustomer(t);
    await reserve(ada, 4_500);
    expect(await walletTransfer(t, ada, bola.main, { transfer_amount: 501 })).toEqual({
      status: 409,
      body: { message: 'Insufficient funds.' },
    });
    expect(await balanceKobo(t, ada.main)).toBe(500_000);
    expect(await balanceKobo(t, bola.main)).toBe(0);
    expect((await walletTransfer(t, ada, bola.main, { transfer_amount: 500 })).status).toBe(200);
    expect(await available(ada)).toBe(0);
    expect(await balanceKobo(t, ada.main)).toBe(450_000);
  });

  it('wallet to bank: refused when holds leave too little', async () => {
    const chi = await fundedCustomer(t, 3_000);
    await reserve(chi, 2_500);
    const res = await bankTransfer(t, chi, ACCOUNTS.succeeds, { amount: 1_000 });
    expect(res).toEqual({ status: 409, body: { message: 'Insufficient funds.' } });
    expect(await balanceKobo(t, chi.main)).toBe(300_000);
  });

  it('airtime: refused when holds leave too little', async () => {
    const dayo = await fundedCustomer(t, 1_000);
    await reserve(dayo, 600);
    expect(await buyAirtime(t, dayo, { amount: 500 })).toEqual({
      status: 409,
      body: { message: 'Insufficient funds.' },
    });
    expect(await balanceKobo(t, dayo.main)).toBe(100_000);
  });

  it('a step-up payment the ledger balance covers but the available balance does not: refused before the OTP', async () => {
    const emeka = await fundedCustomer(t, 100_000);
    const femi = await createCustomer(t);
    await reserve(emeka, 50_000);
    const res = await walletTransfer(t, emeka, femi.main, { transfer_amount: 60_000 });
    expect(res).toEqual({ status: 409, body: { message: 'Insufficient funds.' } });
  });
});

describe('a reservation whose answer is lost', () => {
  const call = (user: Customer, key: string) =>
    encryptedCall(
      t,
      'POST',
      '/api/test/reserve-then-lose-connection',
      { wallet_account_number: user.main, amount: 1_000, transaction_pin: TEST_PIN },
      { ...user.auth, 'idempotency-key': key },
    );

  it('is answered 503, and the retry after the claim lease finds the money reserved once', async () => {
    const ada = await fundedCustomer(t, 5_000);
    const key = randomUUID();
    cutAfterHold.add(ada.main);
    expect(await call(ada, key)).toEqual({
      status: 503,
      body: { message: SERVICE_UNAVAILABLE_MESSAGE },
    });
    expect(await available(ada)).toBe(400_000);
    expect((await call(ada, key)).status).toBe(409); // still within the claim lease

    clock.advance(CLAIM_LEASE_SECONDS);
    const retried = await call(ada, key);
    expect(retried.status).toBe(201);
    expect(await call(ada, key)).toEqual(retried);
    expect(await available(ada)).toBe(400_000);
    const account = await ledger().getAccount(ada.main);
    expect(await ledger().listOpenHolds(account.id)).toHaveLength(1);
    expect(account.balanceKobo).toBe(500_000);
  });
});
