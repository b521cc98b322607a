import { randomUUID } from 'node:crypto';
import { verifyWalletResponseSchema, walletTransferResponseSchema } from '@ajo/shared/schemas';
import { createLedger } from '../../ledger/index.js';
import { buildStatement } from '../settings/statement.js';
import {
  encryptedCall,
  expectParses,
  FakeClock,
  latestOtp,
} from '../../test-support/auth-test-kit.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { bankToWallet, inboundTransfer } from '../funding/funding-test-kit.js';
import {
  balanceKobo,
  createCustomer,
  fundedCustomer,
  history,
  setWalletStatus,
  walletTransfer,
} from './transfers-test-kit.js';

let t: TestApp;
const clock = new FakeClock();

beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(() => t.close());

const entriesWith = async (reference: string) =>
  t.database.db
    .selectFrom('ledger_entries')
    .select('id')
    .where('reference', '=', reference)
    .execute();

describe('POST /api/transfers/wallet-to-other-wallet/verify-wallet-number', () => {
  const verify = (user: { auth: Record<string, string> }, number: string) =>
    encryptedCall(
      t,
      'POST',
      '/api/transfers/wallet-to-other-wallet/verify-wallet-number',
      { wallet_account_number: number },
      user.auth,
    );

  it("names the receiver's wallet holder (wallet[0].firstname / lastname)", async () => {
    const [ada, bola] = [await createCustomer(t), await createCustomer(t)];
    await t.database.db
      .updateTable('users')
      .set({ first_name: 'Bola', last_name: 'Ige' })
      .where('id', '=', bola.id)
      .execute();
    const res = await verify(ada, bola.main);
    expect(res.status).toBe(200);
    expectParses(verifyWalletResponseSchema, res.body);
    expect(res.body.wallet).toEqual([
      { firstname: 'Bola', lastname: 'Ige', account_no: bola.main },
    ]);
  });

  it('refuses an unknown number (404), a commission wallet (422) and a blocked wallet (409)', async () => {
    const [ada, bola] = [await createCustomer(t), await createCustomer(t)];
    expect((await verify(ada, '0000000001')).status).toBe(404);
    expect(await verify(ada, bola.commission)).toEqual({
      status: 422,
      body: { message: 'This wallet cannot receive transfers.' },
    });
    await setWalletStatus(t, bola.main, 'blocked');
    expect((await verify(ada, bola.main)).status).toBe(409);
  });

  it('refuses a malformed number with the field message (400)', async () => {
    const ada = await createCustomer(t);
    const res = await verify(ada, '12ab');
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
  });
});

describe('POST /api/transfers/wallet-to-other-wallet/transfer-funds', () => {
  it('moves the money in one balanced entry: Debit for the sender, Credit for the receiver', async () => {
    const ada = await fundedCustomer(t, 10_000);
    const bola = await createCustomer(t);
    const res = await walletTransfer(t, ada, bola.main, { transfer_amount: 2500.5 });
    expect(res.status).toBe(200);
    expectParses(walletTransferResponseSchema, res.body);
    const transfer = res.body.transfer as Record<string, unknown>;
    expect(transfer).toMatchObject({ status: 'successful', amount: 2500.5 });
    expect(await balanceKobo(t, ada.main)).toBe(1_000_000 - 250_050);
    expect(await balanceKobo(t, bola.main)).toBe(250_050);
    expect((await history(t, ada))[0]).toMatchObject({
      transaction_type: 'intra-outward',
      amount: 2500.5,
      narration: 'Lunch',
    });
    expect((await history(t, bola))[0]).toMatchObject({
      transaction_type: 'intra-inward',
      amount: 2500.5,
    });
    const entry = await entriesWith(String(transfer.tx_ref));
    expect(entry).toHaveLength(1);
    expect((await createLedger(t.database.db).reconcile()).mismatches).toEqual([]);
  });

  it("names the other party on each side: 'Transfer to <receiver>', 'Transfer from <sender>'", async () => {
    const ada = await fundedCustomer(t, 10_000);
    const bola = await createCustomer(t);
    const rename = (id: string, first_name: string, last_name: string) =>
      t.database.db
        .updateTable('users')
        .set({ first_name, last_name })
        .where('id', '=', id)
        .execute();
    await rename(ada.id, 'Chidi', 'Eze');
    await rename(bola.id, 'Bisola', 'Olawale');
    expect((await walletTransfer(t, ada, bola.main, { narration: '' })).status).toBe(200);
    expect((await walletTransfer(t, ada, bola.main, { narration: 'Rent' })).status).toBe(200);
    expect((await history(t, ada)).map((l) => l.narration)).toEqual([
      'Rent',
      'Transfer to Bisola Olawale',
      expect.any(String),
    ]);
    expect((await history(t, bola)).map((l) => l.narration)).toEqual([
      'Transfer from Chidi Eze: Rent',
      'Transfer from Chidi Eze',
    ]);
    // The statement reads the same.
    const statement = await buildStatement(t.database.db, bola.main, '2000-01-01', '2099-12-31');
    expect(statement.lines.map((l) => l.narration)).toEqual([
      'Transfer from Chidi Eze',
      'Transfer from Chidi Eze: Rent',
    ]);
  });

  it.each([
    ['its own wallet', 'self', 422, 'You cannot send money to the wallet you are sending from.'],
    ['an unknown wallet', '0000000001', 404, 'We could not find a wallet with this number.'],
    ['a commission wallet', 'commission', 422, 'This wallet cannot receive transfers.'],
  ])('refuses a transfer to %s and moves nothing', async (_name, to, status, message) => {
    const ada = await fundedCustomer(t, 5000);
    const bola = await createCustomer(t);
    const receiver = to === 'self' ? ada.main : to === 'commission' ? bola.commission : to;
    expect(await walletTransfer(t, ada, receiver)).toEqual({ status, body: { message } });
    expect(await balanceKobo(t, ada.main)).toBe(500_000);
  });

  it('refuses a blocked receiver, insufficient funds, a zero amount and three decimals', async () => {
    const ada = await fundedCustomer(t, 500);
    const bola = await createCustomer(t);
    expect(await walletTransfer(t, ada, bola.main, { transfer_amount: 500.01 })).toEqual({
      status: 409,
      body: { message: 'Insufficient funds.' },
    });
    expect((await walletTransfer(t, ada, bola.main, { transfer_amount: 0 })).status).toBe(400);
    expect((await walletTransfer(t, ada, bola.main, { transfer_amount: 1.005 })).status).toBe(400);
    await setWalletStatus(t, bola.main, 'blocked');
    expect((await walletTransfer(t, ada, bola.main)).status).toBe(409);
    expect(await balanceKobo(t, ada.main)).toBe(50_000);
    expect(await balanceKobo(t, bola.main)).toBe(0);
  });

  it("answers 403 for another customer's wallet as the source, before the PIN is counted", async () => {
    const ada = await fundedCustomer(t, 5000);
    const mallory = await createCustomer(t);
    const res = await walletTransfer(t, mallory, mallory.main, {
      sender_wallet_number: ada.main,
      transaction_pin: '000000',
    });
    expect(res.status).toBe(403);
    const attempts = await t.database.db
      .selectFrom('transaction_pin_attempts')
      .selectAll()
      .where('user_id', '=', mallory.id)
      .execute();
    expect(attempts.every((a) => a.failures === 0)).toBe(true);
    expect(await balanceKobo(t, ada.main)).toBe(500_000);
  });

  it('refuses the commission wallet as a source (its rewards pay for bills only)', async () => {
    const ada = await createCustomer(t);
    const bola = await createCustomer(t);
    expect(
      await walletTransfer(t, ada, bola.main, { sender_wallet_number: ada.commission }),
    ).toEqual({
      status: 422,
      body: {
        message: 'The commission wallet can only pay for airtime, data, electricity and cable TV.',
      },
    });
  });

  it('a retry with the same client reference answers the first result and moves the money once', async () => {
    const ada = await fundedCustomer(t, 5000);
    const bola = await createCustomer(t);
    const key = randomUUID();
    const first = await walletTransfer(t, ada, bola.main, {}, key);
    const again = await walletTransfer(t, ada, bola.main, {}, key);
    expect(first.status).toBe(200);
    expect(again).toEqual(first);
    expect(await balanceKobo(t, bola.main)).toBe(100_000);
  });

  it('a call run again after a crash that followed the entry moves nothing new', async () => {
    const ada = await fundedCustomer(t, 5000);
    const bola = await createCustomer(t);
    const key = randomUUID();
    expect((await walletTransfer(t, ada, bola.main, {}, key)).status).toBe(200);
    // The crash: the entry committed but the answer was never stored under the key.
    await t.database.db.deleteFrom('client_references').where('key', '=', key).execute();
    const rerun = await walletTransfer(t, ada, bola.main, {}, key);
    expect(rerun.status).toBe(200);
    expect(await balanceKobo(t, ada.main)).toBe(400_000);
    expect(await balanceKobo(t, bola.main)).toBe(100_000);
  });

  it('32 concurrent transfers from a wallet that affords 3: balance never below zero, every acknowledged one in the ledger once', async () => {
    const ada = await fundedCustomer(t, 3000);
    const bola = await createCustomer(t);
    const answers = await Promise.all(
      Array.from({ length: 32 }, () =>
        walletTransfer(t, ada, bola.main, { transfer_amount: 1000 }),
      ),
    );
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(3);
    // The rest: no money (409) or refused unseen while five PIN checks ran (429), never a 5xx.
    const refusals = answers.filter((a) => a.status !== 200);
    for (const a of refusals) {
      expect([
        '409 Insufficient funds.',
        '429 Too many transactions at once. Please wait a moment and try again.',
      ]).toContain(`${a.status} ${String(a.body.message)}`);
    }
    for (const a of ok) {
      const ref = String((a.body.transfer as { tx_ref: string }).tx_ref);
      expect(await entriesWith(ref)).toHaveLength(1);
    }
    expect(await balanceKobo(t, ada.main)).toBe(0);
    expect(await balanceKobo(t, bola.main)).toBe(300_000);
    expect((await createLedger(t.database.db).reconcile()).mismatches).toEqual([]);
  });

  it('at or above the step-up amount answers 202 with an OTP, then the call with the OTP pays once', async () => {
    const ada = await fundedCustomer(t, 60_000);
    const bola = await createCustomer(t);
    const key = randomUUID();
    const big = { transfer_amount: 50_000 };
    const challenge = await walletTransfer(t, ada, bola.main, big, key);
    expect(challenge.status).toBe(202);
    expect(await balanceKobo(t, bola.main)).toBe(0);
    const wrong = await walletTransfer(t, ada, bola.main, { ...big, otp: '000000' }, key);
    expect(wrong).toEqual({ status: 401, body: { message: 'Invalid otp' } });
    const otp = await latestOtp(t, String(challenge.body.recipient));
    const paid = await walletTransfer(t, ada, bola.main, { ...big, otp }, key);
    expect(paid.status).toBe(200);
    expect(await balanceKobo(t, bola.main)).toBe(5_000_000);
  });
});

describe('CBN tier limits (docs/domain.md "KYC tiers")', () => {
  it("refuses a transfer past tier 2's ₦200,000 a day, counting every debit of the day, reversals excluded", async () => {
    const ada = await fundedCustomer(t, 300_000);
    const bola = await createCustomer(t);
    await t.database.db
      .updateTable('users')
      .set({ kyc_tier: 3 })
      .where('id', '=', bola.id)
      .execute();
    // Below the step-up amount each, so no OTP round.
    for (let i = 0; i < 4; i++) {
      expect((await walletTransfer(t, ada, bola.main, { transfer_amount: 49_999 })).status).toBe(
        200,
      );
    }
    const over = await walletTransfer(t, ada, bola.main, { transfer_amount: 5_000 });
    expect(over).toEqual({
      status: 422,
      body: { message: 'This is above your daily limit. You can send ₦4.00 more today.' },
    });
    expect((await walletTransfer(t, ada, bola.main, { transfer_amount: 4 })).status).toBe(200);
    const limits = await t.app.inject({
      method: 'GET',
      url: `/api/transfers/limits?wallet_account_number=${ada.main}`,
      headers: ada.auth,
    });
    expect(limits.json()).toEqual({
      tier: 2,
      remainingToday: 0,
      dailyLimit: 200_000,
      maxBalance: 500_000,
    });
    // A tier without a maximum balance says so (null), never a maximum of ₦0.
    const unbounded = await t.app.inject({
      method: 'GET',
      url: `/api/transfers/limits?wallet_account_number=${bola.main}`,
      headers: bola.auth,
    });
    expect(unbounded.json()).toMatchObject({ tier: 3, maxBalance: null });
  });

  it('concurrent transfers cannot pass the daily limit together', async () => {
    const ada = await fundedCustomer(t, 300_000);
    const bola = await createCustomer(t);
    await t.database.db
      .updateTable('users')
      .set({ kyc_tier: 3 })
      .where('id', '=', bola.id)
      .execute();
    // Four fit in ₦200,000 (₦180,000); five of them at once would pass it.
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        walletTransfer(t, ada, bola.main, { transfer_amount: 45_000 }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(4);
    expect(answers.filter((a) => a.status !== 200).map((a) => a.status)).toEqual([422]);
    expect(await balanceKobo(t, bola.main)).toBe(18_000_000);
  });

  it("refuses a credit that would pass the receiver's maximum balance before any money moves", async () => {
    const ada = await fundedCustomer(t, 100_000);
    const bola = await fundedCustomer(t, 480_000);
    const res = await walletTransfer(t, ada, bola.main, { transfer_amount: 30_000 });
    expect(res.status).toBe(422);
    expect(String(res.body.message)).toContain('maximum balance');
    expect(await balanceKobo(t, ada.main)).toBe(10_000_000);
    expect((await walletTransfer(t, ada, bola.main, { transfer_amount: 20_000 })).status).toBe(200);
  });

  it('refuses a card funding or an inbound bank credit past the maximum balance, and moves nothing', async () => {
    const ada = await fundedCustomer(t, 490_000);
    const card = await bankToWallet(t, ada, { transfer_amount: 20_000 });
    expect(card).toEqual({
      status: 422,
      body: {
        message:
          'Your wallet cannot hold this amount (maximum balance for your account level). Fund a smaller amount.',
      },
    });
    const bank = await inboundTransfer(t, { account_number: ada.main, amount: 20_000 });
    expect(bank.statusCode).toBe(422);
    expect(await balanceKobo(t, ada.main)).toBe(49_000_000);
    const fits = await inboundTransfer(t, {
      account_number: ada.main,
      amount: 10_000,
      reference: 'fits-1',
    });
    expect(fits.statusCode).toBe(201);
    // The bank repeating an applied credit is still a replay, not a refusal.
    const again = await inboundTransfer(t, {
      account_number: ada.main,
      amount: 10_000,
      reference: 'fits-1',
    });
    expect(again.statusCode).toBe(200);
    expect(await balanceKobo(t, ada.main)).toBe(50_000_000);
  });

  it("answers 403 for the limits of another customer's wallet", async () => {
    const [ada, bola] = [await createCustomer(t), await createCustomer(t)];
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/transfers/limits?wallet_account_number=${bola.main}`,
      headers: ada.auth,
    });
    expect(res.statusCode).toBe(403);
  });
});
