import { FakeClock, encryptedCall, latestOtp, plainGet } from '../../test-support/auth-test-kit.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { bankToWallet } from '../funding/funding-test-kit.js';
import {
  balanceKobo,
  createCustomer,
  fundedCustomer,
  walletTransfer,
  type Customer,
} from '../transfers/transfers-test-kit.js';
import { fileDispute, newestReference, phoneOf, report } from './disputes-test-kit.js';

/*
 * "Not authorised by me" pauses the customer's outgoing money until they confirm it was them or
 * reset the transaction PIN (docs/decisions/034-complaints-with-a-clock.md).
 */

let t: TestApp;
const clock = new FakeClock();

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '1000' }, { clock });
});
afterAll(() => t.close());

const FROZEN =
  'Outgoing payments are paused while we look into a transaction you reported as not authorised by you. Confirm it was you in My reports, or reset your transaction PIN, to continue.';

async function reportNotAuthorised(ada: Customer, bola: Customer) {
  expect((await walletTransfer(t, ada, bola.main)).status).toBe(200);
  const reference = await newestReference(t, ada);
  const filed = await fileDispute(t, ada, reference, {
    category: 'not_authorised',
    description: 'I did not send this money.',
  });
  expect(filed.status).toBe(201);
  return String(filed.body.tracking_number);
}

const pinAttempts = async (userId: string) =>
  (await t.database.db
    .selectFrom('transaction_pin_attempts')
    .select(['failures', 'in_flight'])
    .where('user_id', '=', userId)
    .executeTakeFirst()) ?? { failures: 0, in_flight: 0 };

const confirm = (user: Customer, trackingNumber: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/disputes/${trackingNumber}/confirm`,
    headers: user.auth,
    payload: {},
  });

describe('a "not authorised by me" complaint', () => {
  it('refuses money leaving the wallet with clear words, moving nothing and counting no PIN attempt', async () => {
    const ada = await fundedCustomer(t, 20_000);
    const bola = await createCustomer(t);
    await reportNotAuthorised(ada, bola);
    const before = await balanceKobo(t, ada.main);
    const attemptsBefore = await pinAttempts(ada.id);
    expect(await walletTransfer(t, ada, bola.main)).toEqual({
      status: 403,
      body: { message: FROZEN },
    });
    // Even with a wrong PIN: the pause answers first, so no attempt is counted.
    expect((await walletTransfer(t, ada, bola.main, { transaction_pin: '000000' })).status).toBe(
      403,
    );
    expect(await balanceKobo(t, ada.main)).toBe(before);
    expect(await pinAttempts(ada.id)).toEqual(attemptsBefore);
    // Money coming in is not paused.
    const funding = await bankToWallet(t, ada, {});
    expect(funding.status).toBe(200);
  });

  it('lifts when the customer confirms it was them (resolved, declined at their word)', async () => {
    const ada = await fundedCustomer(t, 20_000);
    const bola = await createCustomer(t);
    const trackingNumber = await reportNotAuthorised(ada, bola);
    expect((await walletTransfer(t, ada, bola.main)).status).toBe(403);

    expect((await confirm(bola, trackingNumber)).statusCode).toBe(404);
    const res = await confirm(ada, trackingNumber);
    expect(res.statusCode).toBe(200);
    expect(res.json().dispute).toMatchObject({
      status: 'resolved',
      outcome: 'declined',
      outcome_reason: 'You confirmed that you made this transaction.',
    });
    expect((await walletTransfer(t, ada, bola.main)).status).toBe(200);
    // Confirming again changes nothing more.
    expect((await confirm(ada, trackingNumber)).statusCode).toBe(200);
    expect((await report(t, ada, trackingNumber)).body.dispute.timeline).toHaveLength(2);
  });

  it('lifts when the customer resets the transaction PIN', async () => {
    const ada = await fundedCustomer(t, 20_000);
    const bola = await createCustomer(t);
    await reportNotAuthorised(ada, bola);
    expect((await walletTransfer(t, ada, bola.main)).status).toBe(403);
    const phone = await phoneOf(t, ada);
    clock.advance(200);
    expect((await plainGet(t, `/api/auth/get-otp?phone_number=${phone}`, ada.auth)).status).toBe(
      200,
    );
    const otp = await latestOtp(t, phone);
    const reset = await encryptedCall(
      t,
      'POST',
      `/api/users/${ada.id}/reset-transaction-pin`,
      {
        otp,
        transaction_pin: '135790',
        confirm_transaction_pin: '135790',
        phone_number: phone,
      },
      ada.auth,
    );
    expect(reset.status).toBe(200);
    expect((await walletTransfer(t, ada, bola.main, { transaction_pin: '135790' })).status).toBe(
      200,
    );
  });

  it('cannot be confirmed for another kind of complaint (409), and that kind pauses nothing', async () => {
    const ada = await fundedCustomer(t, 20_000);
    const bola = await createCustomer(t);
    expect((await walletTransfer(t, ada, bola.main)).status).toBe(200);
    const filed = await fileDispute(t, ada, await newestReference(t, ada), {
      category: 'wrong_amount',
      description: 'Too much.',
    });
    expect((await walletTransfer(t, ada, bola.main)).status).toBe(200);
    const res = await confirm(ada, filed.body.tracking_number);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'Only a report of a transaction you did not authorise can be confirmed.',
    });
  });
});
