import { createTestApp, type TestApp } from '../test-support/test-app.js';
import {
  ACCOUNTS,
  bankTransfer,
  balanceKobo,
  createCustomer,
  fundedCustomer,
  walletTransfer,
  type Customer,
} from '../modules/transfers/transfers-test-kit.js';

/*
 * No step-up SMS for a call that cannot succeed: a payment the wallet cannot cover, or one past the
 * daily limit, is refused before the OTP is sent (each SMS costs money and tells the customer to
 * expect a payment that will not happen).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '1000' });
});
afterAll(() => t.close());

const smsTo = async (user: Customer) => {
  const { phone_number } = await t.database.db
    .selectFrom('users')
    .select('phone_number')
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow();
  const sent = await t.database.db
    .selectFrom('outbox')
    .select('id')
    .where('recipient', '=', phone_number)
    .where('channel', '=', 'sms')
    .execute();
  return sent.length;
};

describe('step-up after the money checks', () => {
  it('refuses ₦999,999 from a ₦200,000 wallet with the ledger words, and sends no OTP', async () => {
    const ada = await fundedCustomer(t, 200_000);
    const bola = await createCustomer(t);
    const before = await smsTo(ada);
    expect(await walletTransfer(t, ada, bola.main, { transfer_amount: 999_999 })).toEqual({
      status: 409,
      body: { message: 'Insufficient funds.' },
    });
    expect(await smsTo(ada)).toBe(before);
    expect(await balanceKobo(t, ada.main)).toBe(20_000_000);
  });

  it('refuses an amount past the daily limit before the OTP (wallet to bank)', async () => {
    const chi = await fundedCustomer(t, 400_000);
    await t.database.db
      .updateTable('users')
      .set({ kyc_tier: 1 })
      .where('id', '=', chi.id)
      .execute();
    const before = await smsTo(chi);
    const res = await bankTransfer(t, chi, ACCOUNTS.succeeds, { amount: 60_000 });
    expect(res.status).toBe(422);
    expect(String(res.body.message)).toMatch(/^This is above your daily limit\./);
    expect(await smsTo(chi)).toBe(before);
  });

  it('still challenges a payment the wallet covers within the limit (one SMS)', async () => {
    const dayo = await fundedCustomer(t, 100_000);
    const emeka = await createCustomer(t);
    const before = await smsTo(dayo);
    const res = await walletTransfer(t, dayo, emeka.main, { transfer_amount: 60_000 });
    expect(res.status).toBe(202);
    expect(await smsTo(dayo)).toBe(before + 1);
  });
});
