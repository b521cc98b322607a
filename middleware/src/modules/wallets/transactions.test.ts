import { transactionHistoryResponseSchema } from '@ajo/shared/schemas';
import { createLedger } from '../../ledger/index.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { createCustomer, inboundTransfer, type Customer } from '../funding/funding-test-kit.js';

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
});
