import { messageResponseSchema } from '@ajo/shared/schemas';
import { createLedger } from '../../ledger/index.js';
import { ensureSystemAccounts } from '../../money/system-accounts.js';
import { SANDBOX_PENDING_SECONDS } from '../../providers/bill-aggregator/catalogue.js';
import { FakeClock, logIn, plainGet } from '../../test-support/auth-test-kit.js';
import { expectParses } from '../../test-support/auth-test-kit.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import {
  balanceKobo,
  createCustomer,
  fundedCustomer,
  inboundTransfer,
  type Customer,
} from '../funding/funding-test-kit.js';
import { buyAirtime, PHONES } from '../payments/payments-test-kit.js';
import { VEND_STATUS_QUERY } from '../payments/vend-service.js';
import { NIP_STATUS_QUERY } from '../transfers/bank-transfers.js';
import { ACCOUNTS, bankTransfer, walletTransfer } from '../transfers/transfers-test-kit.js';

describe('POST /api/users/{id}/request-account-closure', () => {
  let t: TestApp;
  const clock = new FakeClock();

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MAX: '1000' }, { clock });
  });
  afterAll(() => t.close());

  const close = (
    c: Customer,
    body: unknown = { reason: 'Switching to a different fintech app' },
    id = c.id,
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/users/${id}/request-account-closure`,
      headers: c.auth,
      payload: body as Record<string, unknown>,
    });
  const walletStatuses = async (c: Customer) => {
    const ledger = createLedger(t.database.db);
    return [
      (await ledger.getAccount(c.main)).status,
      (await ledger.getAccount(c.commission)).status,
    ];
  };
  /** Signs the customer up with a security PIN, so sign-in can be tried. */
  async function withSecurityPin(c: Customer) {
    await t.database.db
      .updateTable('users')
      .set({ security_pin_hash: await t.app.secrets.hashSecret('4821') })
      .where('id', '=', c.id)
      .execute();
    const { phone_number } = await t.database.db
      .selectFrom('users')
      .select('phone_number')
      .where('id', '=', c.id)
      .executeTakeFirstOrThrow();
    return phone_number;
  }

  it('records the request, closes the wallets and refuses sign-in afterwards', async () => {
    const ada = await createCustomer(t);
    const phone = await withSecurityPin(ada);
    expect((await logIn(t, phone, '4821')).status).toBe(200);

    const res = await close(ada);
    expect(res.statusCode).toBe(200);
    expectParses(messageResponseSchema, res.json());
    expect(res.json()).toEqual({
      message: 'Your account has been closed and you have been signed out.',
    });
    expect(await walletStatuses(ada)).toEqual(['closed', 'closed']);
    const request = await t.database.db
      .selectFrom('account_closures')
      .selectAll()
      .where('user_id', '=', ada.id)
      .executeTakeFirstOrThrow();
    expect(request.reason).toBe('Switching to a different fintech app');

    expect(await logIn(t, phone, '4821')).toEqual({
      status: 403,
      body: {
        message: 'This account has been closed. Please contact support if you need help with it.',
      },
    });
    // A wrong PIN still gets the ordinary answer: the closure is told only to the PIN's holder.
    expect((await logIn(t, phone, '0000')).status).toBe(401);
    // Money can no longer land in it.
    const credit = await inboundTransfer(t, { account_number: ada.main, amount: 100 });
    expect(credit.statusCode).toBe(409);
    expect(await balanceKobo(t, ada.main)).toBe(0);
    // The closure ended every session (docs/decisions/015-sessions-ended-on-the-server.md), so the
    // token that asked is refused before the closure is looked at; many requests at once are below.
    const again = await close(ada);
    expect(again.statusCode).toBe(401);
    expect(await walletStatuses(ada)).toEqual(['closed', 'closed']);
  });

  it('refuses while any wallet holds money, saying how much, and changes nothing', async () => {
    const bola = await fundedCustomer(t, 1250.5);
    const res = await close(bola);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message:
        'Your wallets still hold ₦1,250.50. Please move all your money to another account before closing your account.',
    });
    expect(await walletStatuses(bola)).toEqual(['active', 'active']);
    // Money in the commission wallet counts too.
    const chi = await createCustomer(t);
    await ensureSystemAccounts(t.database.db);
    await createLedger(t.database.db).transfer({
      from: 'commission_pool',
      to: chi.commission,
      amountKobo: 25_000,
      reference: `reward-${chi.id}`,
      type: 'reward',
      narration: 'Referral reward',
    });
    expect((await close(chi)).statusCode).toBe(409);
    expect(
      await t.database.db
        .selectFrom('account_closures')
        .select('user_id')
        .where('user_id', 'in', [bola.id, chi.id])
        .execute(),
    ).toEqual([]);
  });

  it('closes an account once it is emptied', async () => {
    const dayo = await fundedCustomer(t, 300);
    const emeka = await createCustomer(t);
    expect((await walletTransfer(t, dayo, emeka.main, { transfer_amount: 300 })).status).toBe(200);
    expect((await close(dayo)).statusCode).toBe(200);
    expect(await walletStatuses(dayo)).toEqual(['closed', 'closed']);
  });

  describe('refuses while a payment of an emptied wallet is pending (its reversal needs an open wallet)', () => {
    const pendingWords =
      'A transaction is still pending on your account. Please wait until it completes, then try again.';
    const runNow = (kind: string) =>
      t.app.inject({ method: 'POST', url: '/api/sandbox/jobs/run-now', payload: { kind } });
    const closures = (c: Customer) =>
      t.database.db
        .selectFrom('account_closures')
        .select('user_id')
        .where('user_id', '=', c.id)
        .execute();

    it('a bank transfer the bank has not answered yet', async () => {
      const ify = await fundedCustomer(t, 5000);
      const sent = await bankTransfer(t, ify, ACCOUNTS.pendingThenSucceeds, { amount: 5000 });
      expect(sent.body).toMatchObject({ status: 'pending' });
      expect(await balanceKobo(t, ify.main)).toBe(0);

      const refused = await close(ify);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ message: pendingWords });
      expect(await walletStatuses(ify)).toEqual(['active', 'active']);
      expect(await closures(ify)).toEqual([]);

      // Once the bank has answered, nothing is pending and the empty account closes.
      expect((await runNow(NIP_STATUS_QUERY)).statusCode).toBe(200);
      expect((await close(ify)).statusCode).toBe(200);
      expect(await walletStatuses(ify)).toEqual(['closed', 'closed']);
    });

    it('an airtime purchase the aggregator has not answered yet', async () => {
      const jide = await fundedCustomer(t, 500);
      const bought = await buyAirtime(t, jide, {
        amount: 500,
        receiving_phone_number: PHONES.pendingDelivered,
      });
      expect(bought.body.transaction).toMatchObject({ status: 'pending' });
      expect(await balanceKobo(t, jide.main)).toBe(0);

      const refused = await close(jide);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ message: pendingWords });
      expect(await walletStatuses(jide)).toEqual(['active', 'active']);
      expect(await closures(jide)).toEqual([]);

      // The sandbox's pending numbers are delivered once a minute has passed.
      clock.advance(SANDBOX_PENDING_SECONDS);
      expect((await runNow(VEND_STATUS_QUERY)).statusCode).toBe(200);
      expect((await close(jide)).statusCode).toBe(200);
      expect(await walletStatuses(jide)).toEqual(['closed', 'closed']);
    });
  });

  it('never strands a credit that races the closure: either it lands first and closure is refused, or it is refused', async () => {
    for (let round = 0; round < 4; round++) {
      const femi = await createCustomer(t);
      const [closed, credit] = await Promise.all([
        close(femi),
        inboundTransfer(t, { account_number: femi.main, amount: 50 }),
      ]);
      const balance = await balanceKobo(t, femi.main);
      if (closed.statusCode === 200) {
        expect(credit.statusCode).toBe(409);
        expect(balance).toBe(0);
      } else {
        expect(closed.statusCode).toBe(409);
        expect(credit.statusCode).toBe(201);
        expect(balance).toBe(5_000);
      }
    }
  });

  it('closes once when asked many times at once', async () => {
    const gbenga = await createCustomer(t);
    const answers = await Promise.all(Array.from({ length: 5 }, () => close(gbenga)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    // The others are refused: as already closed, or (once the closure has ended the sessions) as
    // signed out.
    for (const refused of answers.filter((a) => a.statusCode !== 200)) {
      expect([
        [409, 'This account is already closed.'],
        [401, 'Unauthorized'],
      ]).toContainEqual([refused.statusCode, refused.json().message]);
    }
  });

  it("refuses another customer's id, no reason and unknown fields", async () => {
    const [hauwa, ify] = [await createCustomer(t), await createCustomer(t)];
    expect((await close(hauwa, undefined, ify.id)).statusCode).toBe(403);
    expect((await close(hauwa, { reason: '   ' })).statusCode).toBe(400);
    expect((await close(hauwa, { reason: 'x', extra: 1 })).statusCode).toBe(400);
    expect((await close(hauwa, { reason: 'x'.repeat(501) })).statusCode).toBe(400);
    expect(await walletStatuses(ify)).toEqual(['active', 'active']);
    expect(await walletStatuses(hauwa)).toEqual(['active', 'active']);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/users/${ify.id}/request-account-closure`,
      payload: { reason: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await plainGet(t, `/api/users/${ify.id}`, ify.auth)).status).toBe(200);
  });
});
