import { randomUUID } from 'node:crypto';
import {
  amountValueSchema,
  stepUpChallengeSchema,
  transactionPinSchema,
  twoFactorOtpSchema,
} from '@ajo/shared/schemas';
import { z } from 'zod/mini';
import { createLedger } from '../ledger/index.js';
import {
  balanceKobo,
  createCustomer,
  inboundTransfer,
  TEST_PIN,
  type Customer,
} from '../modules/funding/funding-test-kit.js';
import {
  encryptedCall,
  expectParses,
  FakeClock,
  latestSms,
} from '../test-support/auth-test-kit.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import type { Api } from '../http/api.js';
import { otherCodes, SecretChecks } from '../test-support/secret-checks.js';
import { moneyRoute } from './money-route.js';
import { StepUp } from './step-up.js';

/*
 * Step-up through a money route built the way transfers and payments will build theirs: it pays
 * `amount` naira out of the wallet to the bank settlement account, its ledger reference being the
 * call's reference (SPEC §7 airtime-style answer, 201).
 */
const payBody = z.strictObject({
  wallet_account_number: z.string(),
  amount: amountValueSchema,
  transaction_pin: transactionPinSchema,
  otp: z.optional(twoFactorOtpSchema),
});
const payAnswer = z.object({
  transaction: z.object({ userReference: z.string(), status: z.literal('successful') }),
});

function registerTestPayment(t: TestApp) {
  const api = t.app as unknown as Api;
  moneyRoute(api, {
    url: '/api/test/pay',
    body: payBody,
    success: { status: 201, schema: payAnswer },
    stepUpAmount: (body) => body.amount,
    execute: async ({ body, reference }) => {
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
      return { transaction: { userReference: reference, status: 'successful' as const } };
    },
  });
}

let t: TestApp;
const clock = new FakeClock();

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  registerTestPayment(t);
});
afterAll(() => t.close());

async function fundedCustomer(naira = 200_000): Promise<Customer> {
  const customer = await createCustomer(t);
  await inboundTransfer(t, { account_number: customer.main, amount: naira });
  return customer;
}

const pay = (user: Customer, key: string, body: Record<string, unknown> = {}) =>
  encryptedCall(
    t,
    'POST',
    '/api/test/pay',
    { wallet_account_number: user.main, amount: 60_000, transaction_pin: TEST_PIN, ...body },
    { ...user.auth, 'idempotency-key': key },
  );

const otpSentTo = async (phone: string) => {
  const sms = await latestSms(t, phone);
  const otp = sms?.match(/\b(\d{6})\b/)?.[1];
  if (!otp) throw new Error(`no OTP sent to ${phone}`);
  return otp;
};
const phoneOf = async (user: Customer) =>
  (
    await t.database.db
      .selectFrom('users')
      .select('phone_number')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow()
  ).phone_number;

const INVALID = { status: 401, body: { message: 'Invalid otp' } };

describe('step-up of money calls at or above STEP_UP_AMOUNT (default ₦50,000)', () => {
  it('lets a smaller call straight through (201) and debits it once', async () => {
    const ada = await fundedCustomer();
    const before = await balanceKobo(t, ada.main);
    const res = await pay(ada, randomUUID(), { amount: 49_999.99 });
    expect(res.status).toBe(201);
    expect(await balanceKobo(t, ada.main)).toBe(before - 4_999_999);
  });

  it('answers 202 with the channel and the unmasked recipient, sends the OTP, moves nothing; the call with the OTP pays once', async () => {
    const ada = await fundedCustomer();
    const phone = await phoneOf(ada);
    const before = await balanceKobo(t, ada.main);
    const key = randomUUID();
    const challenge = await pay(ada, key);
    expect(challenge.status).toBe(202);
    expectParses(stepUpChallengeSchema, challenge.body);
    expect(challenge.body).toMatchObject({ notificationChannel: 'phone', recipient: phone });
    expect(await balanceKobo(t, ada.main)).toBe(before);

    const otp = await otpSentTo(phone);
    const paid = await pay(ada, key, { otp });
    expect(paid.status).toBe(201);
    expect(await balanceKobo(t, ada.main)).toBe(before - 6_000_000);
    // A repeat (network retry) replays the answer; the money moved once.
    expect(await pay(ada, key, { otp })).toEqual(paid);
    expect(await balanceKobo(t, ada.main)).toBe(before - 6_000_000);
  });

  it("answers 401 'Invalid otp' for a wrong code and moves nothing; the right code still works", async () => {
    const ada = await fundedCustomer();
    const key = randomUUID();
    await pay(ada, key);
    const before = await balanceKobo(t, ada.main);
    const otp = await otpSentTo(await phoneOf(ada));
    const wrong = otp === '000000' ? '111111' : '000000';
    expect(await pay(ada, key, { otp: wrong })).toEqual(INVALID);
    expect(await balanceKobo(t, ada.main)).toBe(before);
    expect((await pay(ada, key, { otp })).status).toBe(201);
  });

  it('binds the code to its call: another key, or another amount, makes it invalid', async () => {
    const ada = await fundedCustomer();
    const key = randomUUID();
    await pay(ada, key);
    const otp = await otpSentTo(await phoneOf(ada));
    expect(await pay(ada, key, { otp, amount: 70_000 })).toEqual(INVALID);
    expect(await pay(ada, randomUUID(), { otp })).toEqual(INVALID);
  });

  /** A call waiting for its OTP after four wrong tries: one try left. */
  const afterFourWrongTries = async () => {
    const ada = await fundedCustomer();
    const key = randomUUID();
    await pay(ada, key);
    const otp = await otpSentTo(await phoneOf(ada));
    const wrong = otp === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) expect(await pay(ada, key, { otp: wrong })).toEqual(INVALID);
    return { ada, key, otp, wrong };
  };

  it('kills the code after 5 wrong tries, even for the right one after', async () => {
    const { ada, key, otp, wrong } = await afterFourWrongTries();
    const usedUp = {
      status: 401,
      body: { message: 'Too many wrong OTPs. Please start the transaction again.' },
    };
    expect(await pay(ada, key, { otp: wrong })).toEqual(usedUp);
    expect(await pay(ada, key, { otp })).toEqual(usedUp);
  });

  it('accepts the right code on the fifth try, after four wrong ones', async () => {
    const { ada, key, otp } = await afterFourWrongTries();
    expect((await pay(ada, key, { otp })).status).toBe(201);
  });

  it('forgets a code whose SMS was not delivered, so the customer can ask again at once', async () => {
    const ada = await fundedCustomer();
    const phone = await phoneOf(ada);
    const notifier = t.app.providers.notifier;
    const sent: string[] = [];
    const stepUp = new StepUp({
      db: t.database.db,
      clock,
      secrets: t.app.secrets,
      notifier: {
        ...notifier,
        sendSms: async (message) => {
          sent.push(message.to);
          if (sent.length === 1) throw new Error('SMS gateway down');
          await notifier.sendSms(message);
        },
      },
    });
    const call = {
      userId: ada.id,
      route: 'POST /api/test/pay',
      clientReference: randomUUID(),
      operationHash: 'cd'.repeat(32),
    };
    await expect(stepUp.challenge(call, phone)).rejects.toThrow('SMS gateway down');
    // Not within the 180-s resend wait: the first code never reached the customer.
    await expect(stepUp.challenge(call, phone)).resolves.toMatchObject({ recipient: phone });
    expect(sent).toEqual([phone, phone]);
    await expect(stepUp.verify(call, await otpSentTo(phone))).resolves.toBeUndefined();
  });

  it('compares at most 5 of 100 concurrent guesses at one code; then not even the right one', async () => {
    // Straight at the step-up check: through the route, the call's client reference lets one
    // guess in at a time, which would hide a try limit that concurrency beats.
    const ada = await fundedCustomer();
    const phone = await phoneOf(ada);
    const stepUp = new StepUp({
      db: t.database.db,
      clock,
      notifier: t.app.providers.notifier,
      secrets: t.app.secrets,
    });
    const call = {
      userId: ada.id,
      route: 'POST /api/test/pay',
      clientReference: randomUUID(),
      operationHash: 'ab'.repeat(32),
    };
    await stepUp.challenge(call, phone);
    const otp = await otpSentTo(phone);
    const checks = new SecretChecks(t.app.secrets, 'verifyCode');
    try {
      const answers = await Promise.allSettled(
        otherCodes(otp, 100).map((code) => stepUp.verify(call, code)),
      );
      expect(checks.compared.length).toBeGreaterThan(0);
      expect(checks.compared.length).toBeLessThanOrEqual(5);
      expect(answers.every((a) => a.status === 'rejected')).toBe(true);
      const before = checks.compared.length;
      await expect(stepUp.verify(call, otp)).rejects.toMatchObject({
        statusCode: 401,
        message: 'Too many wrong OTPs. Please start the transaction again.',
      });
      expect(checks.compared.length).toBe(before);
    } finally {
      checks.restore();
    }
  });

  it('runs 10 concurrent OTP calls of one attempt once: one debit, the others told it is running', async () => {
    const ada = await fundedCustomer();
    const key = randomUUID();
    await pay(ada, key);
    const otp = await otpSentTo(await phoneOf(ada));
    const before = await balanceKobo(t, ada.main);
    const answers = await Promise.all(Array.from({ length: 10 }, () => pay(ada, key, { otp })));
    expect(answers.every((a) => a.status === 201 || a.status === 409)).toBe(true);
    expect(answers.some((a) => a.status === 201)).toBe(true);
    expect(await balanceKobo(t, ada.main)).toBe(before - 6_000_000);
  });

  it('takes the code up to the last second of its 10 minutes', async () => {
    const ada = await fundedCustomer();
    const key = randomUUID();
    await pay(ada, key);
    const otp = await otpSentTo(await phoneOf(ada));
    clock.advance(10 * 60 - 1);
    expect((await pay(ada, key, { otp })).status).toBe(201);
  });

  it('expires the code after 10 minutes', async () => {
    const ada = await fundedCustomer();
    const key = randomUUID();
    await pay(ada, key);
    const otp = await otpSentTo(await phoneOf(ada));
    clock.advance(10 * 60);
    expect(await pay(ada, key, { otp })).toEqual({
      status: 401,
      body: { message: 'This OTP has expired. Please start the transaction again.' },
    });
  });

  it('refuses to resend within 180 s (429, saying when), then sends a new code and the old one dies', async () => {
    const ada = await fundedCustomer();
    const phone = await phoneOf(ada);
    const key = randomUUID();
    await pay(ada, key);
    const first = await otpSentTo(phone);
    clock.advance(100);
    expect(await pay(ada, key)).toEqual({
      status: 429,
      body: { message: 'Please wait 80 seconds before requesting a new OTP.' },
    });
    clock.advance(80);
    expect((await pay(ada, key)).status).toBe(202);
    const second = await otpSentTo(phone);
    if (second !== first) expect(await pay(ada, key, { otp: first })).toEqual(INVALID);
    expect((await pay(ada, key, { otp: second })).status).toBe(201);
  });

  it('checks the transaction PIN again on the OTP call', async () => {
    const ada = await fundedCustomer();
    const key = randomUUID();
    await pay(ada, key);
    const otp = await otpSentTo(await phoneOf(ada));
    expect((await pay(ada, key, { otp, transaction_pin: '000000' })).status).toBe(401);
    expect((await pay(ada, key, { otp })).status).toBe(201);
  });

  it('keeps a ledger refusal (insufficient funds) for replay and maps it centrally', async () => {
    const ada = await fundedCustomer(10);
    const key = randomUUID();
    const refused = await pay(ada, key, { amount: 20 });
    expect(refused).toEqual({ status: 409, body: { message: 'Insufficient funds.' } });
    await inboundTransfer(t, { account_number: ada.main, amount: 100 });
    expect(await pay(ada, key, { amount: 20 })).toEqual(refused);
  });
});

describe('the step-up budget (README "Security notes")', () => {
  const smsCount = async (phone: string) =>
    (await t.app.providers.sandboxOutbox!.list(phone)).filter((m) => m.channel === 'sms').length;
  const directStepUp = () =>
    new StepUp({
      db: t.database.db,
      clock,
      notifier: t.app.providers.notifier,
      secrets: t.app.secrets,
    });
  const callOf = (ada: Customer) => ({
    userId: ada.id,
    route: 'POST /api/test/pay',
    clientReference: randomUUID(),
    operationHash: 'ef'.repeat(32),
  });

  it('sends 10 challenges an hour per customer; the 11th to the 31st are refused before any SMS; the next hour opens again', async () => {
    const ada = await fundedCustomer();
    const phone = await phoneOf(ada);
    const before = await smsCount(phone);
    const answers = [];
    for (let i = 0; i < 31; i++) answers.push(await pay(ada, randomUUID()));
    expect(answers.slice(0, 10).every((a) => a.status === 202)).toBe(true);
    for (const refused of answers.slice(10)) {
      expect(refused).toEqual({
        status: 429,
        body: { message: 'Too many transaction codes requested. Please try again in 60 minutes.' },
      });
    }
    expect((await smsCount(phone)) - before).toBe(10);
    // (Straight at the check: the sign-in token does not live an hour.)
    clock.advance(60 * 60);
    await expect(directStepUp().challenge(callOf(ada), phone)).resolves.toMatchObject({
      recipient: phone,
    });
    expect((await smsCount(phone)) - before).toBe(11);
  });

  it('spends the budget exactly under 30 concurrent challenges: 10 SMS', async () => {
    const ada = await fundedCustomer();
    const phone = await phoneOf(ada);
    const stepUp = directStepUp();
    const before = await smsCount(phone);
    const answers = await Promise.allSettled(
      Array.from({ length: 30 }, () => stepUp.challenge(callOf(ada), phone)),
    );
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(10);
    expect((await smsCount(phone)) - before).toBe(10);
  });

  it('counts per phone number too, whoever asks', async () => {
    const ada = await fundedCustomer();
    const bola = await fundedCustomer();
    const phone = await phoneOf(ada);
    const stepUp = directStepUp();
    for (let i = 0; i < 6; i++) await stepUp.challenge(callOf(ada), phone);
    for (let i = 0; i < 4; i++) await stepUp.challenge(callOf(bola), phone);
    await expect(stepUp.challenge(callOf(bola), phone)).rejects.toMatchObject({
      statusCode: 429,
      headers: { 'retry-after': '3600' },
    });
  });

  it('locks step-up after 10 wrong codes: no new code, not even the right one is checked; open again after the hour', async () => {
    const ada = await fundedCustomer();
    const phone = await phoneOf(ada);
    const stepUp = directStepUp();
    const locked = {
      statusCode: 429,
      message:
        'Too many wrong transaction codes. Payments that need a code are locked for 60 minutes.',
    };
    for (let round = 0; round < 2; round++) {
      const call = callOf(ada);
      await stepUp.challenge(call, phone);
      const otp = await otpSentTo(phone);
      for (const wrong of otherCodes(otp, 5)) {
        await expect(stepUp.verify(call, wrong)).rejects.toMatchObject({ statusCode: 401 });
      }
    }
    const before = await smsCount(phone);
    clock.advance(60);
    await expect(stepUp.challenge(callOf(ada), phone)).rejects.toMatchObject({
      ...locked,
      message:
        'Too many wrong transaction codes. Payments that need a code are locked for 59 minutes.',
      headers: { 'retry-after': String(59 * 60) },
    });
    expect(await smsCount(phone)).toBe(before);
    clock.advance(60 * 60);
    const call = callOf(ada);
    await stepUp.challenge(call, phone);
    const otp = await otpSentTo(phone);
    // A right code gives its count back: wrong codes alone lock.
    const checks = new SecretChecks(t.app.secrets, 'verifyCode');
    try {
      for (const wrong of otherCodes(otp, 4)) {
        await expect(stepUp.verify(call, wrong)).rejects.toMatchObject({ statusCode: 401 });
      }
      await expect(stepUp.verify(call, otp)).resolves.toBeUndefined();
      const second = callOf(ada);
      await stepUp.challenge(second, phone);
      const code = await otpSentTo(phone);
      for (const wrong of otherCodes(code, 5)) {
        await expect(stepUp.verify(second, wrong)).rejects.toMatchObject({ statusCode: 401 });
      }
      const third = callOf(ada);
      await stepUp.challenge(third, phone);
      const last = await otpSentTo(phone);
      // The 10th wrong code of the hour is still compared; after it, not even the right one.
      await expect(stepUp.verify(third, otherCodes(last, 1)[0]!)).rejects.toMatchObject({
        statusCode: 401,
      });
      await expect(stepUp.verify(third, last)).rejects.toMatchObject(locked);
      expect(checks.compared).toHaveLength(4 + 1 + 5 + 1);
    } finally {
      checks.restore();
    }
  });
});

describe('STEP_UP_AMOUNT', () => {
  it('is configurable in naira', async () => {
    const small = await createTestApp({ STEP_UP_AMOUNT: '100' }, { clock });
    try {
      registerTestPayment(small);
      const ada = await createCustomer(small);
      await inboundTransfer(small, { account_number: ada.main, amount: 1000 });
      const call = (amount: number) =>
        encryptedCall(
          small,
          'POST',
          '/api/test/pay',
          { wallet_account_number: ada.main, amount, transaction_pin: TEST_PIN },
          { ...ada.auth, 'idempotency-key': randomUUID() },
        );
      expect((await call(99.99)).status).toBe(201);
      expect((await call(100)).status).toBe(202);
    } finally {
      await small.close();
    }
  });
});
