import { isCreditTransaction, transactionTypeLabel } from '@ajo/shared/format';
import { transactionHistoryResponseSchema } from '@ajo/shared/schemas';
import { createLedger } from '../../ledger/index.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import {
  createCustomer,
  fundedCustomer,
  inboundTransfer,
  type Customer,
} from '../funding/funding-test-kit.js';

let t: TestApp;
let ada: Customer;
let bola: Customer;

beforeAll(async () => {
  t = await createTestApp();
  ada = await createCustomer(t);
  bola = await createCustomer(t);
});
afterAll(() => t.close());

const history = (user: Customer, query: string) =>
  t.app.inject({ method: 'GET', url: `/api/transactions?${query}`, headers: user.auth });

describe('GET /api/transactions (mini statement)', () => {
  it('lists the wallet entries newest first with positive naira amounts and directions', async () => {
    expect((await inboundTransfer(t, { account_number: ada.main, amount: 5000 })).statusCode).toBe(
      201,
    );
    await createLedger(t.database.db).transfer({
      from: ada.main,
      to: bola.main,
      amountKobo: 120_050,
      reference: 'w2w-1',
      type: 'intra-outward',
      narration: 'Lunch',
    });
    const res = await history(ada, `wallet_account_number=${ada.main}&type=mini`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(transactionHistoryResponseSchema.safeParse(body).success).toBe(true);
    expect(body.transactionHistory).toEqual([
      expect.objectContaining({
        transaction_type: 'intra-outward',
        amount: 1200.5,
        narration: 'Lunch',
      }),
      expect.objectContaining({
        transaction_type: 'inter-inward',
        amount: 5000,
        narration: 'From Chidi Eze (GTBank)',
      }),
    ]);
    expect(Number.isNaN(Date.parse(body.transactionHistory[0].transaction_date))).toBe(false);
    const bolas = (await history(bola, `wallet_account_number=${bola.main}&type=mini`)).json();
    expect(bolas.transactionHistory[0]).toMatchObject({
      transaction_type: 'intra-inward',
      amount: 1200.5,
    });
  });

  it('returns only the latest 20 entries', async () => {
    const cara = await createCustomer(t);
    for (let i = 1; i <= 22; i++) {
      await inboundTransfer(t, { account_number: cara.main, amount: i, reference: `many-${i}` });
    }
    const rows = (await history(cara, `wallet_account_number=${cara.main}&type=mini`)).json()
      .transactionHistory as Array<{ amount: number }>;
    expect(rows).toHaveLength(20);
    expect(rows[0]?.amount).toBe(22);
    expect(rows[19]?.amount).toBe(3);
  });

  it("answers 403 for another user's wallet and for an unknown number", async () => {
    const other = await history(ada, `wallet_account_number=${bola.main}&type=mini`);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ message: 'Forbidden' });
    expect((await history(ada, 'wallet_account_number=9999999999&type=mini')).statusCode).toBe(403);
  });

  it('answers 400 for a malformed number or a statement type other than mini, 401 without a token', async () => {
    expect((await history(ada, 'wallet_account_number=12ab&type=mini')).statusCode).toBe(400);
    expect((await history(ada, `wallet_account_number=${ada.main}&type=full`)).statusCode).toBe(
      400,
    );
    expect((await history(ada, `wallet_account_number=${ada.main}`)).statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/transactions?wallet_account_number=${ada.main}&type=mini`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('shows the commission wallet history to its owner (empty at first)', async () => {
    const res = await history(ada, `wallet_account_number=${ada.commission}&type=mini`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ transactionHistory: [] });
  });

  it('reports every credit with a type the web app shows as money in, named for what it was', async () => {
    // docs/decisions/014-money-in-is-never-red.md
    const dayo = await fundedCustomer(t, 2000);
    const ledger = createLedger(t.database.db);
    await ledger.transfer({
      from: dayo.main,
      to: bola.main,
      amountKobo: 30_000,
      reference: 'refunded-1',
      type: 'intra-outward',
      narration: 'Sent by mistake',
    });
    await ledger.reverse('refunded-1', 'refunded-1-reversal', 'Refund');
    await ledger.transfer({
      from: 'commission_pool',
      to: dayo.commission,
      amountKobo: 25_000,
      reference: 'reward-1',
      type: 'reward',
      narration: 'Referral bonus',
    });
    const rows = (await history(dayo, `wallet_account_number=${dayo.main}&type=mini`)).json()
      .transactionHistory as Array<{ transaction_type: string; amount: number }>;
    expect(rows.map((r) => [r.transaction_type, r.amount])).toEqual([
      ['reversal-inward', 300],
      ['intra-outward', 300],
      ['card-top-up-inward', 2000],
    ]);
    const rewards = (
      await history(dayo, `wallet_account_number=${dayo.commission}&type=mini`)
    ).json().transactionHistory as Array<{ transaction_type: string }>;
    expect(rewards.map((r) => r.transaction_type)).toEqual(['reward-inward']);
    const shown = [...rows, ...rewards].map((r) => [
      transactionTypeLabel(r.transaction_type, 'Ajo'),
      isCreditTransaction(r.transaction_type),
    ]);
    expect(shown).toEqual([
      ['Reversal (Credit)', true],
      ['Ajo Transfer (Debit)', false],
      ['Card Top-up (Credit)', true],
      ['Referral Reward (Credit)', true],
    ]);
    // The reversal takes the money back from the receiver: a debit on their side.
    const bolas = (await history(bola, `wallet_account_number=${bola.main}&type=mini`)).json()
      .transactionHistory as Array<{ transaction_type: string }>;
    expect(bolas[0]?.transaction_type).toBe('reversal-outward');
    expect(isCreditTransaction('reversal-outward')).toBe(false);
  });
});
