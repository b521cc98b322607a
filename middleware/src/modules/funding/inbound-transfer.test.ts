import { inboundTransferResponseSchema } from '@ajo/shared/schemas';
import { createLedger } from '../../ledger/index.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import {
  balanceKobo,
  createCustomer,
  inboundTransfer,
  setWalletStatus,
  type Customer,
} from './funding-test-kit.js';

let t: TestApp;
let ada: Customer;

beforeAll(async () => {
  t = await createTestApp();
  ada = await createCustomer(t);
});
afterAll(() => t.close());

describe('POST /api/sandbox/inbound-transfer', () => {
  it('credits the wallet as inter-inward from bank settlement with the sender in the narration', async () => {
    const before = await balanceKobo(t, ada.main);
    const res = await inboundTransfer(t, { account_number: ada.main, amount: 1500.25 });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(inboundTransferResponseSchema.safeParse(body).success).toBe(true);
    expect(body.credited).toBe(1500.25);
    expect(await balanceKobo(t, ada.main)).toBe(before + 150_025);
    const [latest] = await createLedger(t.database.db).listEntries(ada.main, { limit: 1 });
    expect(latest).toMatchObject({
      transactionType: 'inter-inward',
      amountKobo: 150_025,
      narration: 'From Chidi Eze (GTBank)',
      reference: body.reference,
    });
    expect((await createLedger(t.database.db).reconcile()).mismatches).toEqual([]);
  });

  it('moves money once when the same reference arrives twice', async () => {
    const before = await balanceKobo(t, ada.main);
    const first = await inboundTransfer(t, {
      account_number: ada.main,
      amount: 100,
      reference: 'nip-dup-1',
    });
    const second = await inboundTransfer(t, {
      account_number: ada.main,
      amount: 100,
      reference: 'nip-dup-1',
    });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await balanceKobo(t, ada.main)).toBe(before + 10_000);
  });

  it('moves money once when the same reference arrives concurrently', async () => {
    const before = await balanceKobo(t, ada.main);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        inboundTransfer(t, { account_number: ada.main, amount: 40, reference: 'nip-race-1' }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(await balanceKobo(t, ada.main)).toBe(before + 4_000);
  });

  it('refuses an unknown account number with 404 and moves nothing', async () => {
    const settlement = await createLedger(t.database.db).getAccount('bank_settlement');
    const res = await inboundTransfer(t, { account_number: '9999999999', amount: 10 });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Account not found' });
    const after = await createLedger(t.database.db).getAccount('bank_settlement');
    expect(after.balanceKobo).toBe(settlement.balanceKobo);
  });

  it('refuses a blocked wallet and a closed one with 409 and moves nothing', async () => {
    const bola = await createCustomer(t);
    await setWalletStatus(t, bola.main, 'blocked');
    const blocked = await inboundTransfer(t, { account_number: bola.main, amount: 10 });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json()).toEqual({ message: 'This wallet is blocked.' });
    await setWalletStatus(t, bola.main, 'closed');
    const closed = await inboundTransfer(t, { account_number: bola.main, amount: 10 });
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toEqual({ message: 'This wallet is closed.' });
    expect(await balanceKobo(t, bola.main)).toBe(0);
  });

  it('refuses float-noise amounts with a 400 {message} and moves nothing', async () => {
    const before = await balanceKobo(t, ada.main);
    for (const amount of [0.30000000000000004, 1e-9, 5e-324, 10.000000001]) {
      const res = await inboundTransfer(t, { account_number: ada.main, amount });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Amount can have at most 2 decimal places' });
    }
    expect(await balanceKobo(t, ada.main)).toBe(before);
  });

  it('refuses a zero amount, more than 2 decimals and a malformed account number', async () => {
    for (const body of [
      { account_number: ada.main, amount: 0 },
      { account_number: ada.main, amount: 1.005 },
      { account_number: '12345', amount: 10 },
    ]) {
      expect((await inboundTransfer(t, body)).statusCode).toBe(400);
    }
  });
});
