import { bankToWalletResponseSchema } from '@ajo/shared/schemas';
import { FakeClock } from '../../test-support/auth-test-kit.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import {
  bankToWallet,
  checkoutSessionCount,
  createCustomer,
  setWalletStatus,
  TEST_PIN,
} from './funding-test-kit.js';

let t: TestApp;
const clock = new FakeClock();

beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(() => t.close());

const sessionCount = (userId: string) => checkoutSessionCount(t, userId);

describe('POST /api/transfers/bank-to-wallet', () => {
  it('creates a 30-minute checkout session for the amount and answers its link', async () => {
    const ada = await createCustomer(t);
    const res = await bankToWallet(t, ada, { transfer_amount: 2500.5 });
    expect(res.status).toBe(200);
    expect(bankToWalletResponseSchema.safeParse(res.body).success).toBe(true);
    const id = String(res.body.link).replace('/api/sandbox/checkout/', '');
    const session = await t.database.db
      .selectFrom('checkout_sessions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(session).toMatchObject({
      user_id: ada.id,
      wallet_account_number: ada.main,
      amount_kobo: 250_050,
      status: 'pending',
    });
    expect(session.expires_at.getTime() - clock.now().getTime()).toBe(30 * 60 * 1000);
  });

  it('answers 401 for a wrong PIN and creates nothing', async () => {
    const ada = await createCustomer(t);
    const res = await bankToWallet(t, ada, { transaction_pin: '000000' });
    expect(res).toEqual({ status: 401, body: { message: 'Incorrect transaction PIN.' } });
    expect(await sessionCount(ada.id)).toBe(0);
  });

  it('locks money calls for 15 minutes after 5 wrong PINs in a row, even with the right PIN', async () => {
    const ada = await createCustomer(t);
    for (let i = 0; i < 4; i++) {
      expect((await bankToWallet(t, ada, { transaction_pin: '000000' })).status).toBe(401);
    }
    const fifth = await bankToWallet(t, ada, { transaction_pin: '000000' });
    const locked = { message: 'Too many wrong transaction PINs. Try again in 15 minutes.' };
    expect(fifth).toEqual({ status: 429, body: locked });
    expect(await bankToWallet(t, ada, { transaction_pin: TEST_PIN })).toEqual({
      status: 429,
      body: locked,
    });
    clock.advance(14 * 60);
    expect((await bankToWallet(t, ada)).status).toBe(429);
    clock.advance(61);
    expect((await bankToWallet(t, ada)).status).toBe(200);
    // After the lock, counting starts again from zero.
    expect((await bankToWallet(t, ada, { transaction_pin: '000000' })).status).toBe(401);
  });

  it('resets the count of wrong PINs after a right one', async () => {
    const ada = await createCustomer(t);
    for (let i = 0; i < 4; i++) await bankToWallet(t, ada, { transaction_pin: '111111' });
    expect((await bankToWallet(t, ada)).status).toBe(200);
    for (let i = 0; i < 4; i++) {
      expect((await bankToWallet(t, ada, { transaction_pin: '111111' })).status).toBe(401);
    }
  });

  it("answers 403 for another user's wallet", async () => {
    const [ada, bola] = [await createCustomer(t), await createCustomer(t)];
    const res = await bankToWallet(t, ada, { wallet_account_number: bola.main });
    expect(res).toEqual({ status: 403, body: { message: 'Forbidden' } });
  });

  it('answers 409 for a blocked wallet and 400 for the commission wallet', async () => {
    const ada = await createCustomer(t);
    const commission = await bankToWallet(t, ada, { wallet_account_number: ada.commission });
    expect(commission.status).toBe(400);
    await setWalletStatus(t, ada.main, 'blocked');
    expect(await bankToWallet(t, ada)).toEqual({
      status: 409,
      body: { message: 'This wallet is blocked.' },
    });
    expect(await sessionCount(ada.id)).toBe(0);
  });

  it('answers 400 for an amount with 3 decimals or a platform other than web', async () => {
    const ada = await createCustomer(t);
    expect((await bankToWallet(t, ada, { transfer_amount: 10.555 })).status).toBe(400);
    expect((await bankToWallet(t, ada, { transfer_amount: '10' })).status).toBe(400);
    expect((await bankToWallet(t, ada, { platform: 'ios' })).status).toBe(400);
  });

  it('refuses float-noise amounts and a 10,000-character phone number with a 400 {message}, before a PIN try is counted', async () => {
    const ada = await createCustomer(t);
    for (const transfer_amount of [0.30000000000000004, 1e-9, 5e-324, 10.000000001]) {
      expect(await bankToWallet(t, ada, { transfer_amount })).toEqual({
        status: 400,
        body: { message: 'Amount can have at most 2 decimal places' },
      });
    }
    const longPhone = await bankToWallet(t, ada, { phone_number: '2'.repeat(10_000) });
    expect(longPhone.status).toBe(400);
    expect(Object.keys(longPhone.body)).toEqual(['message']);
    const tries = await t.database.db
      .selectFrom('transaction_pin_attempts')
      .selectAll()
      .where('user_id', '=', ada.id)
      .execute();
    expect(tries).toEqual([]);
    expect(await sessionCount(ada.id)).toBe(0);
  });
});
