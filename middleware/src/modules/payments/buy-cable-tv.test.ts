import {
  billPaymentStatusResponseSchema,
  cableBouquetsResponseSchema,
  cableProvidersResponseSchema,
  cableTvPurchaseResponseSchema,
  verifySmartcardResponseSchema,
} from '@ajo/shared/schemas';
import { createLedger } from '../../ledger/index.js';
import {
  encryptedCall,
  expectParses,
  FakeClock,
  latestOtp,
} from '../../test-support/auth-test-kit.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { history } from '../transfers/transfers-test-kit.js';
import {
  balanceOf,
  buyCableTv,
  entriesOf,
  expectLedgerReconciles,
  fundedCustomer,
  paymentsOf,
  paymentStatus,
  SMARTCARDS,
  type Customer,
} from './payments-test-kit.js';

let t: TestApp;
// 2026-03-10 09:00 in Lagos: the sandbox's due dates count from the clock.
const clock = new FakeClock(Date.UTC(2026, 2, 10, 8, 0, 0));

// Every bouquet costs less than the default step-up amount (₦50,000): DStv Premium (₦44,500)
// reaches this one, the others do not.
beforeAll(async () => {
  t = await createTestApp({ STEP_UP_AMOUNT: '44500' }, { clock });
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
  body.transaction as Record<string, unknown> & { userReference: string; status: string };

const call = (user: Customer, path: string, body: Record<string, unknown>) =>
  encryptedCall(t, 'POST', `/api/payments/categories/cable-tv/${path}`, body, user.auth);

describe('cable TV providers, bouquets and smartcard check', () => {
  it('lists DStv, GOtv, StarTimes and Showmax with the length of their customer numbers', async () => {
    const ada = await fundedCustomer(t, 0);
    const res = await call(ada, 'get-providers', {});
    expect(res.status).toBe(200);
    expectParses(cableProvidersResponseSchema, res.body);
    expect(res.body.providers).toEqual([
      { code: 'dstv', name: 'DStv', number_label: 'Smartcard number', number_length: 10 },
      { code: 'gotv', name: 'GOtv', number_label: 'IUC number', number_length: 10 },
      { code: 'startimes', name: 'StarTimes', number_label: 'Smartcard number', number_length: 11 },
      { code: 'showmax', name: 'Showmax', number_label: 'Phone number', number_length: 11 },
    ]);
  });

  it("lists a provider's bouquets with their prices in naira", async () => {
    const ada = await fundedCustomer(t, 0);
    const res = await call(ada, 'get-bouquets', { provider: 'dstv' });
    expect(res.status).toBe(200);
    expectParses(cableBouquetsResponseSchema, res.body);
    expect(res.body.bouquets).toEqual([
      { code: 'dstv-padi', name: 'DStv Padi', amount: 4400 },
      { code: 'dstv-yanga', name: 'DStv Yanga', amount: 6000 },
      { code: 'dstv-confam', name: 'DStv Confam', amount: 11000 },
      { code: 'dstv-compact', name: 'DStv Compact', amount: 19000 },
      { code: 'dstv-compact-plus', name: 'DStv Compact Plus', amount: 30000 },
      { code: 'dstv-premium', name: 'DStv Premium', amount: 44500 },
    ]);
    const gotv = await call(ada, 'get-bouquets', { provider: 'gotv' });
    expect((gotv.body.bouquets as Array<{ name: string }>).map((b) => b.name)).toEqual([
      'GOtv Smallie',
      'GOtv Jinja',
      'GOtv Jolli',
      'GOtv Max',
      'GOtv Supa',
      'GOtv Supa+',
    ]);
  });

  it('names the customer, the current bouquet and the day it runs out', async () => {
    const ada = await fundedCustomer(t, 0);
    const res = await call(ada, 'verify-smartcard', {
      provider: 'dstv',
      smartcard_number: SMARTCARDS.delivered,
    });
    expect(res.status).toBe(200);
    expectParses(verifySmartcardResponseSchema, res.body);
    expect(res.body.customer).toEqual({
      name: 'TESTCARD DELIVERED',
      current_bouquet: 'DStv Compact',
      current_bouquet_code: 'dstv-compact',
      due_date: '2026-03-13',
    });
    const showmax = await call(ada, 'verify-smartcard', {
      provider: 'showmax',
      smartcard_number: SMARTCARDS.showmaxDelivered,
    });
    expect(showmax.body.customer).toMatchObject({ current_bouquet: 'Showmax Mobile' });
  });

  it.each([
    [{ provider: 'dstv', smartcard_number: SMARTCARDS.unknown }, 404],
    // A GOtv IUC number asked of DStv: unknown to that provider.
    [{ provider: 'dstv', smartcard_number: SMARTCARDS.gotvDelivered }, 404],
    [{ provider: 'dstv', smartcard_number: SMARTCARDS.startimesDelivered }, 400],
    [{ provider: 'startimes', smartcard_number: SMARTCARDS.delivered }, 400],
    [{ provider: 'cabletv', smartcard_number: SMARTCARDS.delivered }, 400],
    [{ provider: '__proto__', smartcard_number: SMARTCARDS.delivered }, 400],
    [{ provider: 'dstv', smartcard_number: '__proto__' }, 400],
    [{ provider: 'dstv', smartcard_number: 'constructor' }, 400],
    [{ provider: 'dstv', smartcard_number: '70111 1111' }, 400],
    [{ provider: 'dstv', smartcard_number: '701111111111' }, 400],
    [{ provider: 'dstv', smartcard_number: '' }, 400],
    [{ provider: 'dstv' }, 400],
    [{ provider: 'dstv', smartcard_number: SMARTCARDS.delivered, extra: 1 }, 400],
  ])('refuses %j with %i and a message', async (body, status) => {
    const ada = await fundedCustomer(t, 0);
    const res = await call(ada, 'verify-smartcard', body);
    expect(res.status).toBe(status);
    expect(Object.keys(res.body)).toEqual(['message']);
    expect(typeof res.body.message).toBe('string');
  });

  it('says what is wrong in words', async () => {
    const ada = await fundedCustomer(t, 0);
    expect(
      (await call(ada, 'verify-smartcard', { provider: 'gotv', smartcard_number: '02111111111' }))
        .body,
    ).toEqual({ message: 'A GOtv iuc number is 10 digits.' });
    expect(
      (await call(ada, 'verify-smartcard', { provider: 'dstv', smartcard_number: '7099999999' }))
        .body,
    ).toEqual({
      message:
        'We could not find this smartcard number for the selected provider. Please check it and try again.',
    });
    expect((await call(ada, 'get-bouquets', { provider: 'toString' })).body).toEqual({
      message: 'Select a cable TV provider',
    });
    expect((await call(ada, 'get-bouquets', {})).status).toBe(400);
  });
});

describe('POST /api/payments/categories/cable-tv/buy-cable-tv', () => {
  it('renews the current bouquet: debits, delivers, settles, and the history shows it', async () => {
    const ada = await fundedCustomer(t, 20_000);
    const holding = await balanceOf(t, 'outbound_holding');
    const payables = await balanceOf(t, 'bill_payables');
    const res = await buyCableTv(t, ada);
    expect(res.status).toBe(201);
    expectParses(cableTvPurchaseResponseSchema, res.body);
    const tx = transactionOf(res.body);
    expect(tx).toMatchObject({
      status: 'successful',
      product: 'cable-tv',
      amount: 19000,
      provider: 'DStv',
      recipient: SMARTCARDS.delivered,
      description: 'DStv Compact',
      token: null,
      units: null,
      reference: tx.userReference,
    });
    expect(res.body.message).toBe('Your cable TV purchase was successful.');
    expect(await balanceOf(t, ada.main)).toBe(1000_00);
    expect(await balanceOf(t, 'outbound_holding')).toBe(holding);
    expect(await balanceOf(t, 'bill_payables')).toBe(payables + 19_000_00);
    expect(await entriesOf(t, tx.userReference)).toEqual([
      { reference: tx.userReference, type: 'cable-tv' },
      { reference: `${tx.userReference}:settle`, type: 'cable-tv' },
    ]);
    const [row] = await paymentsOf(t, ada.id);
    expect(row).toMatchObject({
      service_id: 'dstv',
      variation_code: 'dstv-compact',
      customer_name: 'TESTCARD DELIVERED',
      phone_number: '2348031234567',
    });
    const [line] = await history(t, ada);
    expect(line).toMatchObject({
      transaction_type: 'cable-tv',
      amount: 19000,
      narration: `DStv Compact ${SMARTCARDS.delivered}`,
    });
    // The aggregator got the bouquet to vend.
    const vended = await t.database.db
      .selectFrom('sandbox_vend_requests')
      .select(['service_id', 'billers_code', 'variation_code', 'amount_kobo'])
      .where('request_id', '=', row?.request_id ?? '')
      .executeTakeFirst();
    expect(vended).toEqual({
      service_id: 'dstv',
      billers_code: SMARTCARDS.delivered,
      variation_code: 'dstv-compact',
      amount_kobo: 19_000_00,
    });
    // Settled at once: the status job finds nothing left to do.
    await afterAMinute();
    expect(await entriesOf(t, tx.userReference)).toHaveLength(2);
  });

  it('changes to another bouquet of the provider at its price', async () => {
    const ada = await fundedCustomer(t, 12_000);
    const res = await buyCableTv(t, ada, {
      provider: 'gotv',
      smartcard_number: SMARTCARDS.gotvDelivered,
      bouquet_code: 'gotv-supa',
      amount: 11400,
    });
    expect(transactionOf(res.body)).toMatchObject({
      status: 'successful',
      provider: 'GOtv',
      description: 'GOtv Supa',
      amount: 11400,
    });
    // Not enough for it: nothing moves.
    expect((await buyCableTv(t, ada, { bouquet_code: 'dstv-compact', amount: 19000 })).status).toBe(
      409,
    );
    expect(await balanceOf(t, ada.main)).toBe(600_00);
    const startimes = await fundedCustomer(t, 10_000);
    const star = await buyCableTv(t, startimes, {
      provider: 'startimes',
      smartcard_number: SMARTCARDS.startimesDelivered,
      bouquet_code: 'startimes-nova',
      amount: 2100,
    });
    expect(transactionOf(star.body).status).toBe('successful');
  });

  it('gives the money back at once on a definite failure, in a reversal the history shows', async () => {
    const ada = await fundedCustomer(t, 10_000);
    const res = await buyCableTv(t, ada, {
      smartcard_number: SMARTCARDS.failed,
      bouquet_code: 'dstv-yanga',
      amount: 6000,
    });
    expect(res.status).toBe(201);
    const tx = transactionOf(res.body);
    expect(tx.status).toBe('failed');
    expect(res.body.message).toBe(
      'Your cable TV purchase failed. The money has been returned to your wallet.',
    );
    expect(await balanceOf(t, ada.main)).toBe(10_000_00);
    expect(await entriesOf(t, tx.userReference)).toEqual([
      { reference: tx.userReference, type: 'cable-tv' },
      { reference: `${tx.userReference}:reversal`, type: 'reversal' },
    ]);
    const [reversal, debit] = await history(t, ada);
    expect(reversal).toMatchObject({ transaction_type: 'reversal-inward', amount: 6000 });
    expect(String(reversal?.narration)).toContain(tx.userReference);
    expect(debit).toMatchObject({ transaction_type: 'cable-tv', amount: 6000 });
  });

  it('keeps a pending vend pending (money held) until the status query decides, either way', async () => {
    const ada = await fundedCustomer(t, 20_000);
    const delivered = transactionOf(
      (
        await buyCableTv(t, ada, {
          smartcard_number: SMARTCARDS.pendingDelivered,
          bouquet_code: 'dstv-confam',
          amount: 11000,
        })
      ).body,
    );
    const failed = transactionOf(
      (
        await buyCableTv(t, ada, {
          smartcard_number: SMARTCARDS.pendingFailed,
          bouquet_code: 'dstv-padi',
          amount: 4400,
        })
      ).body,
    );
    expect([delivered.status, failed.status]).toEqual(['pending', 'pending']);
    expect(await balanceOf(t, ada.main)).toBe(4600_00);
    clock.advance(30);
    await t.app.jobs.runDue(); // not due yet: the first query waits a minute
    expect((await paymentStatus(t, ada, delivered.userReference)).body).toMatchObject({
      transaction: { status: 'pending' },
      message:
        'Your cable TV purchase is being processed. We will keep checking; if it fails, your money comes back to your wallet automatically.',
    });
    await afterAMinute();
    const status = await paymentStatus(t, ada, delivered.userReference);
    expectParses(billPaymentStatusResponseSchema, status.body);
    expect(status.body.transaction).toMatchObject({ status: 'successful' });
    expect((await paymentStatus(t, ada, failed.userReference)).body.transaction).toMatchObject({
      status: 'failed',
    });
    expect(await balanceOf(t, ada.main)).toBe(9000_00);
    // Further queries change nothing.
    await afterAMinute();
    expect(await entriesOf(t, delivered.userReference)).toHaveLength(2);
    expect(await entriesOf(t, failed.userReference)).toEqual([
      { reference: failed.userReference, type: 'cable-tv' },
      { reference: `${failed.userReference}:reversal`, type: 'reversal' },
    ]);
  });

  it('treats a lost answer as unknown: pending, then delivered by the status query', async () => {
    const ada = await fundedCustomer(t, 50_000);
    const res = await buyCableTv(t, ada, {
      smartcard_number: SMARTCARDS.timeout,
      bouquet_code: 'dstv-compact-plus',
      amount: 30000,
    });
    const tx = transactionOf(res.body);
    expect(tx.status).toBe('pending');
    await afterAMinute();
    expect((await paymentStatus(t, ada, tx.userReference)).body.transaction).toMatchObject({
      status: 'successful',
    });
    expect(await balanceOf(t, ada.main)).toBe(20_000_00);
    expect(await entriesOf(t, tx.userReference)).toHaveLength(2);
  });

  it('replays the same client reference without buying twice; another body under it is 422', async () => {
    const ada = await fundedCustomer(t, 40_000);
    const first = await buyCableTv(t, ada, {}, 'cable-key-1');
    const again = await buyCableTv(t, ada, {}, 'cable-key-1');
    expect(again).toEqual(first);
    expect(
      await buyCableTv(t, ada, { bouquet_code: 'dstv-padi', amount: 4400 }, 'cable-key-1'),
    ).toEqual({
      status: 422,
      body: { message: 'This client reference was already used for a different request.' },
    });
    expect(await balanceOf(t, ada.main)).toBe(21_000_00);
    expect(await paymentsOf(t, ada.id)).toHaveLength(1);
  });

  it.each([
    [
      { amount: 18000 },
      422,
      'The price of this bouquet has changed. Please choose the bouquet again.',
    ],
    [{ bouquet_code: 'gotv-max' }, 422, 'This bouquet is not available for the selected provider.'],
    [
      { bouquet_code: '__proto__' },
      422,
      'This bouquet is not available for the selected provider.',
    ],
    [{ provider: 'multichoice' }, 400, 'Select a cable TV provider'],
    [
      { smartcard_number: SMARTCARDS.unknown },
      404,
      'We could not find this smartcard number for the selected provider. Please check it and try again.',
    ],
    [
      { smartcard_number: SMARTCARDS.startimesDelivered },
      400,
      'A DStv smartcard number is 10 digits.',
    ],
    [{ smartcard_number: 'toString' }, 400, 'Smartcard number can contain only digits'],
    [{ bouquet_code: '' }, 400, 'Select a bouquet'],
    [{ phone_number: '0803123456' }, 400, null],
    [{ amount: -5 }, 400, null],
    [{ amount: '19000abc' }, 400, null],
    [{ transaction_pin: '000000' }, 401, null],
    [{ extra: 'field' }, 400, null],
    [{ wallet_name: '' }, 400, null],
  ])('refuses %j with %i and changes nothing', async (overrides, status, message) => {
    const ada = await fundedCustomer(t, 20_000);
    const res = await buyCableTv(t, ada, overrides);
    expect(res.status).toBe(status);
    expect(Object.keys(res.body)).toEqual(['message']);
    if (message) expect(res.body.message).toBe(message);
    expect(await balanceOf(t, ada.main)).toBe(20_000_00);
    expect(await paymentsOf(t, ada.id)).toEqual([]);
  });

  it('refuses without a client reference and for another customer’s wallet', async () => {
    const ada = await fundedCustomer(t, 20_000);
    const bola = await fundedCustomer(t, 20_000);
    expect((await buyCableTv(t, ada, {}, null)).body).toEqual({
      message: 'A client reference (Idempotency-Key header) is required.',
    });
    expect((await buyCableTv(t, ada, { wallet_account_number: bola.main })).status).toBe(403);
    expect(await paymentsOf(t, ada.id)).toEqual([]);
    expect(await balanceOf(t, bola.main)).toBe(20_000_00);
  });

  it('takes the commission wallet as a source (SPEC §9: rewards are usable for cable TV)', async () => {
    const ada = await fundedCustomer(t, 0);
    await createLedger(t.database.db).transfer({
      from: 'commission_pool',
      to: ada.commission,
      amountKobo: 2000_00,
      reference: `reward-cable-${ada.id}`,
      type: 'reward',
      narration: 'Referral reward',
    });
    const res = await buyCableTv(t, ada, {
      wallet_account_number: ada.commission,
      provider: 'gotv',
      smartcard_number: SMARTCARDS.gotvDelivered,
      bouquet_code: 'gotv-smallie',
      amount: 1900,
    });
    expect(transactionOf(res.body).status).toBe('successful');
    expect(await balanceOf(t, ada.commission)).toBe(100_00);
  });

  it('asks for a step-up OTP at the step-up amount and buys once it is given', async () => {
    const ada = await fundedCustomer(t, 60_000);
    const premium = { bouquet_code: 'dstv-premium', amount: 44500 };
    const challenge = await buyCableTv(t, ada, premium, 'cable-step-up');
    expect(challenge.status).toBe(202);
    expect(await balanceOf(t, ada.main)).toBe(60_000_00);
    expect(await paymentsOf(t, ada.id)).toEqual([]);
    const otp = await latestOtp(t, String(challenge.body.recipient));
    const res = await buyCableTv(t, ada, { ...premium, otp }, 'cable-step-up');
    expect(res.status).toBe(201);
    expect(await balanceOf(t, ada.main)).toBe(15_500_00);
  });

  it("counts towards the tier's daily limit; a reversed purchase gives its allowance back", async () => {
    const ada = await fundedCustomer(t, 100_000);
    await t.database.db
      .updateTable('users')
      .set({ kyc_tier: 1 })
      .where('id', '=', ada.id)
      .execute();
    expect(
      (await buyCableTv(t, ada, { bouquet_code: 'dstv-compact-plus', amount: 30000 })).status,
    ).toBe(201);
    const failed = await buyCableTv(t, ada, {
      smartcard_number: SMARTCARDS.failed,
      bouquet_code: 'dstv-yanga',
      amount: 6000,
    });
    expect(transactionOf(failed.body).status).toBe('failed');
    // ₦50,000 a day at tier 1: ₦30,000 spent, the reversed ₦6,000 not counted.
    expect(await buyCableTv(t, ada, { bouquet_code: 'dstv-compact-plus', amount: 30000 })).toEqual({
      status: 422,
      body: { message: 'This is above your daily limit. You can send ₦20,000.00 more today.' },
    });
    expect(await paymentsOf(t, ada.id)).toHaveLength(2);
    expect((await buyCableTv(t, ada)).status).toBe(201);
    expect(await balanceOf(t, ada.main)).toBe(51_000_00);
  });
});
