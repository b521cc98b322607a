import { randomUUID } from 'node:crypto';
import {
  bankToWallet,
  checkoutSessionCount,
  createCustomer,
  TEST_PIN,
  type Customer,
} from '../modules/funding/funding-test-kit.js';
import { FakeClock } from '../test-support/auth-test-kit.js';
import { SecretChecks } from '../test-support/secret-checks.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { TransactionPinGuard } from './transaction-pin-guard.js';

let t: TestApp;
const clock = new FakeClock();

beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(() => t.close());

const LOCKED = { message: 'Too many wrong transaction PINs. Try again in 15 minutes.' };

const sessionsOf = (userId: string) => checkoutSessionCount(t, userId);

type VerifySecret = TestApp['app']['secrets']['verifySecret'];

/**
 * Replaces the app's secret check (the guard calls it through the injected SecretHasher) for the
 * duration of `run`, so the test sees every PIN that was actually compared.
 */
async function withSpiedSecretCheck<T>(
  spy: (real: VerifySecret) => VerifySecret,
  run: () => Promise<T>,
): Promise<T> {
  const secrets = t.app.secrets;
  const real = secrets.verifySecret;
  secrets.verifySecret = spy(real.bind(secrets));
  try {
    return await run();
  } finally {
    secrets.verifySecret = real;
  }
}

/** A promise and the function that settles it, for holding comparisons until the test says. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('transaction PIN guard under a burst of guesses', () => {
  it('compares at most 5 of 100 concurrent guesses; the right one among them cannot clear the lock', async () => {
    const ada = await createCustomer(t);
    const compared: string[] = [];
    let answered = 0;
    let pendingRight = 0;
    const released = gate();
    const wrongOnesDone = gate();
    const total = 100;
    const check = () => {
      // Comparisons are held until every guess that was not compared has been answered, so the
      // whole burst is counted before any comparison ends, whatever the database's scheduling.
      if (answered + compared.length >= total) released.open();
      if (answered >= total - pendingRight) wrongOnesDone.open();
    };
    const rightReachedComparison = gate();
    const spy =
      (real: VerifySecret): VerifySecret =>
      async (pin, hash) => {
        compared.push(pin);
        if (pin === TEST_PIN) rightReachedComparison.open();
        check();
        await released.opened;
        const right = await real(pin, hash);
        if (right) {
          // The right PIN's comparison ends last: the wrong ones of its burst have earned the lock.
          pendingRight += 1;
          check();
          await wrongOnesDone.opened;
        }
        return right;
      };
    await withSpiedSecretCheck(spy, async () => {
      const guess = (pin: string) =>
        bankToWallet(t, ada, { transaction_pin: pin }).then((answer) => {
          answered += 1;
          check();
          return { pin, ...answer };
        });
      // The right PIN first, so it is surely among the compared ones; then 99 wrong PINs at once,
      // each its own attempt (its own client reference).
      const rightAnswer = guess(TEST_PIN);
      await rightReachedComparison.opened;
      const answers = await Promise.all([
        rightAnswer,
        ...Array.from({ length: total - 1 }, (_, i) => guess(String(100000 + i))),
      ]);
      expect(compared.length).toBeLessThanOrEqual(5);
      expect(compared).toContain(TEST_PIN);
      expect(answers.find((a) => a.pin === TEST_PIN)?.status).toBe(429);
      expect(answers.every((a) => a.status === 401 || a.status === 429)).toBe(true);
      expect(await sessionsOf(ada.id)).toBe(0);
    });
    // The burst locked every money call: the right PIN on its own is refused too, for 15 minutes.
    expect(await bankToWallet(t, ada)).toEqual({ status: 429, body: LOCKED });
    clock.advance(15 * 60 + 1);
    expect((await bankToWallet(t, ada)).status).toBe(200);
  });

  it('compares at most 5 of 20 concurrent wrong PINs without any help from the test', async () => {
    const ada = await createCustomer(t);
    const checks = new SecretChecks(t.app.secrets, 'verifySecret');
    const wrong = await Promise.all(
      Array.from({ length: 20 }, () => bankToWallet(t, ada, { transaction_pin: '000000' })),
    ).finally(() => checks.restore());
    expect(checks.compared.length).toBeLessThanOrEqual(5);
    expect(wrong.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(15);
    expect((await bankToWallet(t, ada)).status).toBe(429);
  });

  it('never leaves a customer refused for ever by attempts a stopped process did not settle', async () => {
    const ada = await createCustomer(t);
    // Five guesses took their slots, then the process was killed mid-comparison: nothing settled.
    const slots = Array.from({ length: 5 }, () => gate());
    const comparing: Promise<unknown>[] = [];
    let started = 0;
    const hanging = (): VerifySecret => async () => {
      await slots[started++]?.opened;
      return false;
    };
    await withSpiedSecretCheck(hanging, async () => {
      for (let i = 0; i < 5; i++) {
        comparing.push(bankToWallet(t, ada, { transaction_pin: '000000' }, randomUUID()));
      }
      while (started < 5) await new Promise((resolve) => setImmediate(resolve));
      // While they could still be comparing, another attempt is refused unseen.
      expect((await bankToWallet(t, ada)).body).toEqual({
        message: 'Too many transactions at once. Please wait a moment and try again.',
      });
    });
    // The "kill": the row stays as those five left it (slots never settled).
    const row = await t.database.db
      .selectFrom('transaction_pin_attempts')
      .select(['failures', 'in_flight', 'locked_until'])
      .where('user_id', '=', ada.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ failures: 0, in_flight: 5, locked_until: null });

    // Still refused unseen while they could be comparing; long after, they are given back (never
    // compared, they told nobody anything) and the right PIN pays.
    // A customer tapping again meanwhile does not push that moment back.
    for (const seconds of [60, 59]) {
      clock.advance(seconds);
      expect((await bankToWallet(t, ada)).status).toBe(429);
    }
    clock.advance(2);
    expect((await bankToWallet(t, ada)).status).toBe(200);
    for (const slot of slots) slot.open();
    await Promise.all(comparing);
  });

  it('answers 400 and counts nothing for a user without a transaction PIN', async () => {
    const ada = await createCustomer(t);
    await t.database.db
      .updateTable('users')
      .set({ transaction_pin_hash: null })
      .where('id', '=', ada.id)
      .execute();
    const res = await bankToWallet(t, ada, {}, randomUUID());
    expect(res).toEqual({
      status: 400,
      body: { message: 'Please create your transaction PIN first.' },
    });
    // Counts nothing: no attempt row, no slot taken (the record is read in the counting statement).
    const counted = await t.database.db
      .selectFrom('transaction_pin_attempts')
      .select('in_flight')
      .where('user_id', '=', ada.id)
      .execute();
    const slots = await t.database.db
      .selectFrom('transaction_pin_slots')
      .select('token')
      .where('user_id', '=', ada.id)
      .execute();
    expect({ counted, slots }).toEqual({ counted: [], slots: [] });
  });
});

describe('transaction PIN guard, one attempt at a time', () => {
  const WRONG = { status: 401, body: { message: 'Incorrect transaction PIN.' } };
  const wrongPin = (customer: Customer) => bankToWallet(t, customer, { transaction_pin: '000000' });

  it('answers 401 to four wrong PINs, locks on the fifth for exactly 15 minutes, and compares nothing while locked', async () => {
    const ada = await createCustomer(t);
    for (let i = 0; i < 4; i += 1) expect(await wrongPin(ada)).toEqual(WRONG);
    expect(await wrongPin(ada)).toEqual({ status: 429, body: LOCKED });

    const checks = new SecretChecks(t.app.secrets, 'verifySecret');
    try {
      expect(await bankToWallet(t, ada)).toEqual({ status: 429, body: LOCKED });
      clock.advance(15 * 60 - 1);
      expect(await bankToWallet(t, ada)).toEqual({ status: 429, body: LOCKED });
    } finally {
      checks.restore();
    }
    expect(checks.compared).toEqual([]);

    clock.advance(1);
    expect((await bankToWallet(t, ada)).status).toBe(200);
  });

  it('starts the count again after a right PIN, and after the lock ends', async () => {
    const ada = await createCustomer(t);
    for (let i = 0; i < 4; i += 1) expect(await wrongPin(ada)).toEqual(WRONG);
    expect((await bankToWallet(t, ada)).status).toBe(200);
    for (let i = 0; i < 4; i += 1) expect(await wrongPin(ada)).toEqual(WRONG);
    expect(await wrongPin(ada)).toEqual({ status: 429, body: LOCKED });

    clock.advance(15 * 60);
    // A new window: the first wrong PIN after the lock is one of five again, not a sixth.
    for (let i = 0; i < 4; i += 1) expect(await wrongPin(ada)).toEqual(WRONG);
    expect(await wrongPin(ada)).toEqual({ status: 429, body: LOCKED });
  });

  it('lifts the lock when the customer sets a new transaction PIN', async () => {
    const ada = await createCustomer(t);
    for (let i = 0; i < 5; i += 1) await wrongPin(ada);
    expect(await bankToWallet(t, ada)).toEqual({ status: 429, body: LOCKED });
    await new TransactionPinGuard({
      db: t.database.db,
      secrets: t.app.secrets,
      clock,
    }).clear(ada.id);
    expect((await bankToWallet(t, ada)).status).toBe(200);
  });
});
