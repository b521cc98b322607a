import { messageResponseSchema } from '@ajo/shared/schemas';
import {
  FakeClock,
  encryptedCall,
  expectParses,
  latestOtp,
  latestSms,
  plainGet,
} from '../../test-support/auth-test-kit.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { otherCodes, SecretChecks } from '../../test-support/secret-checks.js';
import { balanceKobo, createCustomer, type Customer } from '../funding/funding-test-kit.js';
import { walletTransfer } from '../transfers/transfers-test-kit.js';
import { fundedCustomer } from '../funding/funding-test-kit.js';

describe('transaction PIN reset: GET /api/auth/get-otp, POST /api/users/{id}/reset-transaction-pin', () => {
  let t: TestApp;
  const clock = new FakeClock();

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MAX: '1000' }, { clock });
  });
  afterAll(() => t.close());

  const phoneOf = async (c: Customer) =>
    (
      await t.database.db
        .selectFrom('users')
        .select('phone_number')
        .where('id', '=', c.id)
        .executeTakeFirstOrThrow()
    ).phone_number;
  const requestOtp = (c: Customer, phone: string) =>
    plainGet(t, `/api/auth/get-otp?phone_number=${phone}`, c.auth);
  const reset = (c: Customer, body: Record<string, unknown>, id = c.id) =>
    encryptedCall(t, 'POST', `/api/users/${id}/reset-transaction-pin`, body, c.auth);
  const pinIs = async (c: Customer, pin: string) => {
    const row = await t.database.db
      .selectFrom('users')
      .select('transaction_pin_hash')
      .where('id', '=', c.id)
      .executeTakeFirstOrThrow();
    return t.app.secrets.verifySecret(pin, row.transaction_pin_hash ?? '', c.id);
  };

  it('sends an OTP to the own phone, then sets the new PIN, which the next money call takes', async () => {
    const ada = await fundedCustomer(t, 5000);
    const bola = await createCustomer(t);
    const phone = await phoneOf(ada);
    const sent = await requestOtp(ada, phone);
    expect(sent.status).toBe(200);
    expectParses(messageResponseSchema, sent.body);
    expect(await latestSms(t, phone)).toMatch(/transaction PIN reset code is \d{6}/);
    const otp = await latestOtp(t, phone);

    const done = await reset(ada, {
      otp,
      transaction_pin: '975310',
      confirm_transaction_pin: '975310',
      phone_number: phone,
    });
    expect(done).toEqual({
      status: 200,
      body: { message: 'Your transaction PIN has been reset.' },
    });
    expect(await pinIs(ada, '975310')).toBe(true);

    expect((await walletTransfer(t, ada, bola.main, { transaction_pin: '246810' })).status).toBe(
      401,
    );
    const paid = await walletTransfer(t, ada, bola.main, { transaction_pin: '975310' });
    expect(paid.status).toBe(200);
    expect(await balanceKobo(t, bola.main)).toBe(100_000);
  });

  it('accepts an OTP once', async () => {
    const chi = await createCustomer(t);
    const phone = await phoneOf(chi);
    clock.advance(200);
    await requestOtp(chi, phone);
    const otp = await latestOtp(t, phone);
    const body = {
      otp,
      transaction_pin: '135791',
      confirm_transaction_pin: '135791',
      phone_number: phone,
    };
    expect((await reset(chi, body)).status).toBe(200);
    const again = await reset(chi, {
      ...body,
      transaction_pin: '111222',
      confirm_transaction_pin: '111222',
    });
    expect(again.status).toBe(401);
    expect(await pinIs(chi, '135791')).toBe(true);
  });

  it('compares at most 5 of 100 guesses sent at once, the right one among them, and keeps the PIN', async () => {
    const dayo = await createCustomer(t);
    const phone = await phoneOf(dayo);
    clock.advance(200);
    await requestOtp(dayo, phone);
    const otp = await latestOtp(t, phone);
    // Counts what was compared: every OTP check goes through the app's secret hasher.
    const checks = new SecretChecks(t.app.secrets, 'verifyCode');
    const guesses = [...otherCodes(otp, 99), otp].map((guess) =>
      reset(dayo, {
        otp: guess,
        transaction_pin: '864200',
        confirm_transaction_pin: '864200',
        phone_number: phone,
      }),
    );
    const answers = await Promise.all(guesses);
    checks.restore();
    const compared = checks.compared.length;
    expect(compared).toBeGreaterThan(0);
    expect(compared).toBeLessThanOrEqual(5);
    // The right OTP either was among the 5 compared (and worked once) or was refused unseen.
    const successes = answers.filter((a) => a.status === 200).length;
    expect(successes).toBeLessThanOrEqual(1);
    expect(await pinIs(dayo, '864200')).toBe(successes === 1);
    expect(answers.filter((a) => a.status === 401).length).toBe(100 - successes);
  });

  it('refuses another phone number, another customer, a mismatch and a malformed OTP, changing nothing', async () => {
    const [emeka, femi] = [await createCustomer(t), await createCustomer(t)];
    const phone = await phoneOf(emeka);
    const femisPhone = await phoneOf(femi);
    expect((await requestOtp(emeka, femisPhone)).status).toBe(403);
    expect(await latestSms(t, femisPhone)).toBeUndefined();
    clock.advance(200);
    await requestOtp(emeka, phone);
    const otp = await latestOtp(t, phone);
    const body = {
      otp,
      transaction_pin: '555666',
      confirm_transaction_pin: '555666',
      phone_number: phone,
    };
    expect((await reset(emeka, body, femi.id)).status).toBe(403);
    expect((await reset(emeka, { ...body, phone_number: femisPhone })).status).toBe(403);
    expect(await reset(emeka, { ...body, confirm_transaction_pin: '555667' })).toEqual({
      status: 400,
      body: { message: 'Transaction PIN mismatch!' },
    });
    expect((await reset(emeka, { ...body, otp: '12ab56' })).status).toBe(400);
    expect(
      (await reset(emeka, { ...body, transaction_pin: '12345', confirm_transaction_pin: '12345' }))
        .status,
    ).toBe(400);
    expect(await pinIs(emeka, '246810')).toBe(true);
    // The OTP is still good after refusals that never reached it.
    expect((await reset(emeka, body)).status).toBe(200);
  });

  it('asks to wait 180 s before another OTP and refuses an expired one', async () => {
    const gbenga = await createCustomer(t);
    const phone = await phoneOf(gbenga);
    clock.advance(200);
    expect((await requestOtp(gbenga, phone)).status).toBe(200);
    const soon = await requestOtp(gbenga, phone);
    expect(soon.status).toBe(429);
    expect(soon.body.message).toMatch(/^Please wait \d+ seconds before requesting a new OTP\.$/);
    const otp = await latestOtp(t, phone);
    clock.advance(10 * 60);
    const late = await reset(gbenga, {
      otp,
      transaction_pin: '909090',
      confirm_transaction_pin: '909090',
      phone_number: phone,
    });
    expect(late).toEqual({
      status: 401,
      body: { message: 'This OTP has expired. Please request a new one.' },
    });
    expect((await plainGet(t, `/api/auth/get-otp?phone_number=${phone}`)).status).toBe(401);
  });

  it('lifts the wrong-PIN lock of the money calls', async () => {
    const hauwa = await fundedCustomer(t, 5000);
    const ify = await createCustomer(t);
    for (let i = 0; i < 5; i++)
      await walletTransfer(t, hauwa, ify.main, { transaction_pin: '000000' });
    expect((await walletTransfer(t, hauwa, ify.main)).status).toBe(429);
    const phone = await phoneOf(hauwa);
    clock.advance(200);
    await requestOtp(hauwa, phone);
    const otp = await latestOtp(t, phone);
    await reset(hauwa, {
      otp,
      transaction_pin: '424242',
      confirm_transaction_pin: '424242',
      phone_number: phone,
    });
    expect((await walletTransfer(t, hauwa, ify.main, { transaction_pin: '424242' })).status).toBe(
      200,
    );
  });
});
