import {
  airtimePurchaseResponseSchema,
  billPaymentStatusResponseSchema,
} from '@ajo/shared/schemas';
import { createLedger } from '../../ledger/index.js';
import { expectParses, FakeClock, latestOtp, plainGet } from '../../test-support/auth-test-kit.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import {
  balanceOf,
  buyAirtime,
  buyData,
  entriesOf,
  expectLedgerReconciles,
  fundedCustomer,
  paymentsOf,
  paymentStatus,
  PHONES,
} from './payments-test-kit.js';

let t: TestApp;
const clock = new FakeClock();

beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(async () => {
  await expectLedgerReconciles(t);
  await t.close();
});

/** Lets the status job's first query come due and runs it. */
async function afterAMinute() {
  clock.advance(61);
  await t.app.jobs.runDue();
}

const transactionOf = (body: Record<string, unknown>) =>
  body.transaction as Record<string, unknown> & { userReference: string };

describe('POST /api/payments/categories/airtime/buy-airtime', () => {
  it('debits the wallet, delivers, and settles the held money with the aggregator', async () => {
    const ada = await fundedCustomer(t, 2000);
    const holding = await balanceOf(t, 'outbound_holding');
    const payables = await balanceOf(t, 'bill_payables');
    const res = await buyAirtime(t, ada, { amount: 500, receiving_phone_number: '08031234567' });
    expect(res.status).toBe(201);
    expectParses(airtimePurchaseResponseSchema, res.body);
    const tx = transactionOf(res.body);
    expect(tx).toMatchObject({
      status: 'successful',
      amount: 500,
      provider: 'MTN',
      recipient: '2348031234567',
      product: 'airtime',
      token: null,
      reference: tx.userReference,
    });
    expect(res.body.message).toBe('Your airtime purchase was successful.');
    expect(await balanceOf(t, ada.main)).toBe(1500_00);
    expect(await balanceOf(t, 'outbound_holding')).toBe(holding);
    expect(await balanceOf(t, 'bill_payables')).toBe(payables + 500_00);
    expect(await entriesOf(t, tx.userReference)).toEqual([
      { reference: tx.userReference, type: 'airtime' },
      { reference: `${tx.userReference}:settle`, type: 'airtime' },
    ]);
    const history = await plainGet(
      t,
      `/api/transactions?wallet_account_number=${ada.main}&type=mini`,
      ada.auth,
    );
    expect((history.body.transactionHistory as unknown[])[0]).toMatchObject({
      transaction_type: 'airtime',
      amount: 500,
      narration: 'MTN airtime 2348031234567',
    });
    // Settled at once: the status job finds nothing left to do.
    await afterAMinute();
    expect(await entriesOf(t, tx.userReference)).toHaveLength(2);
  });

  it('gives the money back at once on a definite failure, in a reversal the history shows', async () => {
    const ada = await fundedCustomer(t, 2000);
    const res = await buyAirtime(t, ada, { receiving_phone_number: PHONES.failed });
    expect(res.status).toBe(201);
    const tx = transactionOf(res.body);
    expect(tx.status).toBe('failed');
    expect(res.body.message).toBe(
      'Your airtime purchase failed. The money has been returned to your wallet.',
    );
    expect(await balanceOf(t, ada.main)).toBe(2000_00);
    expect(await entriesOf(t, tx.userReference)).toEqual([
      { reference: tx.userReference, type: 'airtime' },
      { reference: `${tx.userReference}:reversal`, type: 'reversal' },
    ]);
    const history = await plainGet(
      t,
      `/api/transactions?wallet_account_number=${ada.main}&type=mini`,
      ada.auth,
    );
    const [reversal, debit] = history.body.transactionHistory as Record<string, unknown>[];
    expect(reversal).toMatchObject({ transaction_type: 'reversal-inward', amount: 500 });
    expect(String(reversal?.narration)).toContain(tx.userReference);
    expect(debit).toMatchObject({ transaction_type: 'airtime', amount: 500 });
  });

  it('keeps a pending vend pending (money held) until the status query says delivered', async () => {
    const ada = await fundedCustomer(t, 2000);
    const res = await buyAirtime(t, ada, { receiving_phone_number: PHONES.pendingDelivered });
    const tx = transactionOf(res.body);
    expect(tx.status).toBe('pending');
    expect(String(res.body.message)).toContain('your money comes back to your wallet');
    expect(await balanceOf(t, ada.main)).toBe(1500_00);
    clock.advance(30);
    await t.app.jobs.runDue(); // not due yet: the first query waits a minute
    expect((await paymentStatus(t, ada, tx.userReference)).body).toMatchObject({
      transaction: { status: 'pending' },
    });
    await afterAMinute();
    const status = await paymentStatus(t, ada, tx.userReference);
    expect(status.status).toBe(200);
    expectParses(billPaymentStatusResponseSchema, status.body);
    expect(status.body.transaction).toMatchObject({ status: 'successful' });
    expect(await balanceOf(t, ada.main)).toBe(1500_00);
    expect(await entriesOf(t, tx.userReference)).toHaveLength(2);
  });

  it('reverses a pending vend only once the status query says failed', async () => {
    const ada = await fundedCustomer(t, 2000);
    const res = await buyAirtime(t, ada, { receiving_phone_number: PHONES.pendingFailed });
    const tx = transactionOf(res.body);
    expect(tx.status).toBe('pending');
    expect(await balanceOf(t, ada.main)).toBe(1500_00);
    await afterAMinute();
    expect((await paymentStatus(t, ada, tx.userReference)).body).toMatchObject({
      transaction: { status: 'failed' },
    });
    expect(await balanceOf(t, ada.main)).toBe(2000_00);
    // Further queries change nothing.
    await afterAMinute();
    expect(await entriesOf(t, tx.userReference)).toEqual([
      { reference: tx.userReference, type: 'airtime' },
      { reference: `${tx.userReference}:reversal`, type: 'reversal' },
    ]);
  });

  it('treats a timeout as unknown: pending, then whatever the status query finds', async () => {
    const ada = await fundedCustomer(t, 2000);
    const res = await buyAirtime(t, ada, { receiving_phone_number: PHONES.timeout });
    const tx = transactionOf(res.body);
    expect(tx.status).toBe('pending');
    await afterAMinute();
    expect((await paymentStatus(t, ada, tx.userReference)).body).toMatchObject({
      transaction: { status: 'successful' },
    });
    expect(await balanceOf(t, ada.main)).toBe(1500_00);
  });

  it('replays the same client reference without buying twice; another body under it is 422', async () => {
    const ada = await fundedCustomer(t, 2000);
    const first = await buyAirtime(t, ada, {}, 'airtime-key-1');
    const again = await buyAirtime(t, ada, {}, 'airtime-key-1');
    expect(again).toEqual(first);
    expect(await buyAirtime(t, ada, { amount: 600 }, 'airtime-key-1')).toEqual({
      status: 422,
      body: { message: 'This client reference was already used for a different request.' },
    });
    expect(await balanceOf(t, ada.main)).toBe(1500_00);
    expect(await paymentsOf(t, ada.id)).toHaveLength(1);
  });

  it.each([
    [{ receiving_phone_number: '0803123456' }, 400],
    [{ telco: 'mtn' }, 400],
    [{ amount: -5 }, 400],
    [{ amount: 49 }, 422],
    [{ transaction_pin: '000000' }, 401],
    [{ extra: 'field' }, 400],
  ])('refuses %j with %i and changes nothing', async (overrides, status) => {
    const ada = await fundedCustomer(t, 2000);
    const res = await buyAirtime(t, ada, overrides);
    expect(res.status).toBe(status);
    expect(typeof res.body.message).toBe('string');
    expect(await balanceOf(t, ada.main)).toBe(2000_00);
    expect(await paymentsOf(t, ada.id)).toEqual([]);
  });

  it('says which amounts airtime takes', async () => {
    const ada = await fundedCustomer(t, 2000);
    expect((await buyAirtime(t, ada, { amount: 20 })).body).toEqual({
      message: 'Airtime can be bought from ₦50.00 to ₦50,000.00 at a time.',
    });
  });

  it('refuses without a client reference, for insufficient funds, and for another wallet', async () => {
    const ada = await fundedCustomer(t, 100);
    const bola = await fundedCustomer(t, 2000);
    expect((await buyAirtime(t, ada, {}, null)).body).toEqual({
      message: 'A client reference (Idempotency-Key header) is required.',
    });
    expect(await buyAirtime(t, ada, { amount: 500 })).toEqual({
      status: 409,
      body: { message: 'Insufficient funds.' },
    });
    expect((await buyAirtime(t, ada, { wallet_account_number: bola.main })).status).toBe(403);
    expect(await paymentsOf(t, ada.id)).toEqual([]);
    expect(await balanceOf(t, bola.main)).toBe(2000_00);
  });

  it('takes the commission wallet as a source (SPEC §9: rewards pay for bills)', async () => {
    const ada = await fundedCustomer(t, 0);
    await createLedger(t.database.db).transfer({
      from: 'commission_pool',
      to: ada.commission,
      amountKobo: 250_00,
      reference: `reward-${ada.id}`,
      type: 'reward',
      narration: 'Referral reward',
    });
    const res = await buyAirtime(t, ada, { amount: 200, wallet_account_number: ada.commission });
    expect(transactionOf(res.body).status).toBe('successful');
    expect(await balanceOf(t, ada.commission)).toBe(50_00);
  });

  it('asks for a step-up OTP at the step-up amount and buys once it is given', async () => {
    const ada = await fundedCustomer(t, 60_000);
    const challenge = await buyAirtime(t, ada, { amount: 50_000 }, 'airtime-step-up');
    expect(challenge.status).toBe(202);
    expect(await balanceOf(t, ada.main)).toBe(60_000_00);
    const otp = await latestOtp(t, String(challenge.body.recipient));
    const res = await buyAirtime(t, ada, { amount: 50_000, otp }, 'airtime-step-up');
    expect(res.status).toBe(201);
    expect(await balanceOf(t, ada.main)).toBe(10_000_00);
  });

  it("enforces the tier's daily limit; a reversed purchase gives its allowance back", async () => {
    const ada = await fundedCustomer(t, 100_000);
    await t.database.db
      .updateTable('users')
      .set({ kyc_tier: 1 })
      .where('id', '=', ada.id)
      .execute();
    for (let i = 0; i < 2; i++)
      expect((await buyAirtime(t, ada, { amount: 20_000 })).status).toBe(201);
    // Failed at once and reversed: it does not count.
    const failed = await buyAirtime(t, ada, {
      amount: 5_000,
      receiving_phone_number: PHONES.failed,
    });
    expect(transactionOf(failed.body).status).toBe('failed');
    expect(await buyAirtime(t, ada, { amount: 10_000.01 })).toEqual({
      status: 422,
      body: {
        message: 'This is above your daily limit. You can send ₦10,000.00 more today.',
      },
    });
    expect((await buyAirtime(t, ada, { amount: 10_000 })).status).toBe(201);
    expect(await balanceOf(t, ada.main)).toBe(50_000_00);
  });
});

describe('POST /api/data/buy-data', () => {
  it('buys the chosen plan at its price', async () => {
    const ada = await fundedCustomer(t, 2000);
    const res = await buyData(t, ada, {
      network: 'glong',
      dataplan: 'glo-1000',
      amount: 1000,
      phoneNumber: '08051234567',
    });
    expect(res.status).toBe(201);
    expect(transactionOf(res.body)).toMatchObject({
      status: 'successful',
      product: 'data',
      provider: 'GLO',
      description: 'Glo Data N1000 - 2.5GB - 30 days',
      recipient: '2348051234567',
    });
    expect(await balanceOf(t, ada.main)).toBe(1000_00);
  });

  it('refuses a plan of another network and an amount that is not the plan price', async () => {
    const ada = await fundedCustomer(t, 2000);
    expect(await buyData(t, ada, { network: 'airng', dataplan: 'mtn-1gb-1000' })).toEqual({
      status: 422,
      body: { message: 'This data plan is not available for the selected network.' },
    });
    expect(await buyData(t, ada, { amount: 100 })).toEqual({
      status: 422,
      body: { message: 'The price of this data plan has changed. Please choose the plan again.' },
    });
    expect(await paymentsOf(t, ada.id)).toEqual([]);
    expect(await balanceOf(t, ada.main)).toBe(2000_00);
  });

  it('settles a pending data vend either way through the status query', async () => {
    const ada = await fundedCustomer(t, 3000);
    const delivered = transactionOf(
      (await buyData(t, ada, { phoneNumber: PHONES.pendingDelivered })).body,
    );
    const failed = transactionOf(
      (await buyData(t, ada, { phoneNumber: PHONES.pendingFailed })).body,
    );
    expect([delivered.status, failed.status]).toEqual(['pending', 'pending']);
    expect(await balanceOf(t, ada.main)).toBe(1000_00);
    await afterAMinute();
    expect(await balanceOf(t, ada.main)).toBe(2000_00);
    const rows = await paymentsOf(t, ada.id);
    expect(rows.map((r) => r.status).sort()).toEqual(['delivered', 'failed']);
  });
});

describe('GET /api/data/get-data-plans and GET /api/payments/transactions/{reference}', () => {
  it('lists every network’s plans in SPEC §3 shape', async () => {
    const ada = await fundedCustomer(t, 0);
    const res = await plainGet(t, '/api/data/get-data-plans', ada.auth);
    expect(res.status).toBe(200);
    const plans = res.body.data as Array<Record<string, unknown>>;
    expect(new Set(plans.map((p) => p.OPERATOR))).toEqual(
      new Set(['mtnng', 'airng', 'glong', 'eting']),
    );
    expect(plans).toContainEqual({
      DATA_PLAN: 'mtn-10mb-100',
      DATAPLAN_DESC: '100MB, 24 hours (₦100)',
      AMOUNT: 100,
      OPERATOR: 'mtnng',
    });
    // One way of naming every network's plans, the naira sign never an 'N'.
    const labels = plans.map((p) => String(p.DATAPLAN_DESC));
    expect(labels).toContain('1.5GB, 30 days (₦1,000)');
    expect(labels).toContain('75MB, 1 day (₦100)');
    for (const label of labels) expect(label).toMatch(/^\d+(\.\d+)?(MB|GB), \d+ \w+ \(₦[\d,]+\)$/);
    expect((await plainGet(t, '/api/data/get-data-plans')).status).toBe(401);
  });

  it('shows a purchase only to its buyer', async () => {
    const ada = await fundedCustomer(t, 1000);
    const bola = await fundedCustomer(t, 0);
    const tx = transactionOf((await buyAirtime(t, ada)).body);
    expect((await paymentStatus(t, ada, tx.userReference)).status).toBe(200);
    expect(await paymentStatus(t, bola, tx.userReference)).toEqual({
      status: 404,
      body: { message: 'Transaction not found.' },
    });
  });
});
