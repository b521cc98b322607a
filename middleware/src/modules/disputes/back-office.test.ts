import { FakeClock } from '../../test-support/auth-test-kit.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { buyElectricity, METERS } from '../payments/payments-test-kit.js';
import {
  ACCOUNTS,
  balanceKobo,
  bankTransfer,
  fundedCustomer,
  history,
  type Customer,
} from '../transfers/transfers-test-kit.js';
import { DISPUTE_BACK_OFFICE } from './dispute-service.js';
import {
  disputeRows,
  eventRows,
  fileDispute,
  myReports,
  report,
  smsTo,
} from './disputes-test-kit.js';
import { disputesOf } from './routes.js';

/*
 * A complaint's life on a fake clock: opened (by the customer, or by itself for a transfer still
 * pending after DISPUTE_AUTO_OPEN_HOURS), then resolved by the sandbox back office's rules; a
 * refund is the transfer's own reversal, linked to the complaint, once.
 */

let t: TestApp;
const clock = new FakeClock(Date.UTC(2026, 10, 27, 9, 0, 0));

beforeAll(async () => {
  // Tokens outlive the hours the clock moves.
  t = await createTestApp({ DISPUTE_AUTO_OPEN_HOURS: '4', TOKEN_TTL: '7d' }, { clock });
});
afterAll(() => t.close());

/** The switch has no answer (09) until `restore` is called. */
function switchSilent(): () => void {
  const sandbox = t.app.providers.bankSwitch;
  const real = sandbox.transactionStatus.bind(sandbox);
  sandbox.transactionStatus = async () => ({ responseCode: '09' });
  return () => {
    sandbox.transactionStatus = real;
  };
}

const reversals = (reference: string) =>
  t.database.db
    .selectFrom('ledger_entries')
    .select(['reference', 'type'])
    .where('reference', '=', `${reference}:reversal`)
    .execute();

const runBackOffice = () =>
  t.app.inject({
    method: 'POST',
    url: '/api/sandbox/jobs/run-now',
    payload: { kind: DISPUTE_BACK_OFFICE },
  });

async function pendingTransfer(ada: Customer, account: string = ACCOUNTS.pendingThenFails) {
  const res = await bankTransfer(t, ada, account);
  expect(res.body).toMatchObject({ status: 'pending' });
  return String(res.body.paymentReference);
}

describe('a bank transfer still pending', () => {
  it('opens a complaint by itself after 4 hours, tells the customer, and the back office refunds it once, linked and in the history', async () => {
    const ada = await fundedCustomer(t, 20_000);
    const restore = switchSilent();
    let reference: string;
    try {
      reference = await pendingTransfer(ada);
      clock.advance(3 * 3600 + 59 * 60);
      await t.app.jobs.runDue();
      expect(await disputeRows(t, ada.id)).toHaveLength(0);
      clock.advance(2 * 60);
      await t.app.jobs.runDue();
    } finally {
      restore();
    }
    const [opened] = await myReports(t, ada);
    expect(opened).toMatchObject({
      reference,
      category: 'money_not_arrived',
      auto_opened: true,
      status: 'received',
    });
    expect((await smsTo(t, ada)).join('\n')).toContain(
      `We opened it for you because transaction ${reference} is still pending.`,
    );
    expect(await balanceKobo(t, ada.main)).toBe(1_500_000);

    // The sandbox back office, now (the switch answers 91: a definite failure).
    expect((await runBackOffice()).statusCode).toBe(200);
    const { body } = await report(t, ada, opened!.tracking_number);
    expect(body.dispute).toMatchObject({
      status: 'resolved',
      outcome: 'refunded',
      refund_reference: `${reference}:reversal`,
    });
    expect(body.dispute.timeline.map((e: { status: string }) => e.status)).toEqual([
      'received',
      'resolved',
    ]);
    expect(await balanceKobo(t, ada.main)).toBe(2_000_000);
    expect(await reversals(reference)).toHaveLength(1);
    const lines = await history(t, ada);
    expect(lines[0]).toMatchObject({
      transaction_type: 'reversal-inward',
      amount: 5000,
      reference: `${reference}:reversal`,
    });
    await t.app.jobs.runDue();
    expect((await smsTo(t, ada)).join('\n')).toContain('The money is back in your wallet');

    // The auto-opener never opens a second one for the same transfer.
    clock.advance(3600);
    await t.app.jobs.runDue();
    expect(await disputeRows(t, ada.id)).toHaveLength(1);
  });

  it('refunds once when two back-office runners work on it at the same time', async () => {
    const ada = await fundedCustomer(t, 20_000);
    const restore = switchSilent();
    const reference = await pendingTransfer(ada);
    restore();
    const filed = await fileDispute(t, ada, reference);
    const { backOffice } = disputesOf(t.app);
    await Promise.all([
      backOffice.handle(filed.body.tracking_number),
      backOffice.handle(filed.body.tracking_number),
    ]);
    expect(await reversals(reference)).toHaveLength(1);
    expect(await balanceKobo(t, ada.main)).toBe(2_000_000);
    const events = await eventRows(t, filed.body.tracking_number);
    expect(events.map((e) => e.status)).toEqual(['received', 'resolved']);
  });

  it('a crash between the refund and the status change: the retry marks it refunded without refunding again', async () => {
    const ada = await fundedCustomer(t, 20_000);
    const restore = switchSilent();
    const reference = await pendingTransfer(ada);
    restore();
    const filed = await fileDispute(t, ada, reference);
    const { disputes, backOffice } = disputesOf(t.app);
    const real = disputes.resolve.bind(disputes);
    disputes.resolve = async () => {
      throw new Error('the instance died here');
    };
    try {
      await expect(backOffice.handle(filed.body.tracking_number)).rejects.toThrow('died');
    } finally {
      disputes.resolve = real;
    }
    // The refund happened; the complaint does not say so yet.
    expect(await reversals(reference)).toHaveLength(1);
    expect((await report(t, ada, filed.body.tracking_number)).body.dispute.status).toBe('received');
    await backOffice.handle(filed.body.tracking_number);
    expect((await report(t, ada, filed.body.tracking_number)).body.dispute).toMatchObject({
      status: 'resolved',
      outcome: 'refunded',
      refund_reference: `${reference}:reversal`,
    });
    expect(await reversals(reference)).toHaveLength(1);
    expect(await balanceKobo(t, ada.main)).toBe(2_000_000);
  });

  it('never refunds what the switch has not answered: investigating, asked again later', async () => {
    const ada = await fundedCustomer(t, 20_000);
    const restore = switchSilent();
    try {
      const reference = await pendingTransfer(ada);
      const filed = await fileDispute(t, ada, reference);
      await runBackOffice();
      const { body } = await report(t, ada, filed.body.tracking_number);
      expect(body.dispute).toMatchObject({ status: 'investigating', outcome: null });
      expect(await reversals(reference)).toHaveLength(0);
      expect(await balanceKobo(t, ada.main)).toBe(1_500_000);
      const [job] = (await t.app.jobs.list({ kind: DISPUTE_BACK_OFFICE })).filter(
        (j) => j.dedupe_key === filed.body.tracking_number,
      );
      expect(job?.state).toBe('failed');
    } finally {
      restore();
    }
  });

  it("declines, with the bank's word, a complaint about a transfer the switch says was paid", async () => {
    const ada = await fundedCustomer(t, 20_000);
    const reference = await pendingTransfer(ada, ACCOUNTS.pendingThenSucceeds);
    const filed = await fileDispute(t, ada, reference);
    await runBackOffice();
    const { body } = await report(t, ada, filed.body.tracking_number);
    expect(body.dispute).toMatchObject({ status: 'resolved', outcome: 'declined' });
    expect(body.dispute.outcome_reason).toContain('FATIMA BELLO');
    expect(await reversals(reference)).toHaveLength(0);
    expect(await balanceKobo(t, ada.main)).toBe(1_500_000);
  });

  it('declines a "wrong amount" when the wallet was charged exactly what was authorised', async () => {
    const ada = await fundedCustomer(t, 20_000);
    const reference = String((await bankTransfer(t, ada, ACCOUNTS.succeeds)).body.paymentReference);
    const filed = await fileDispute(t, ada, reference, {
      category: 'wrong_amount',
      description: 'I sent less than this.',
    });
    await disputesOf(t.app).backOffice.handle(filed.body.tracking_number);
    const { body } = await report(t, ada, filed.body.tracking_number);
    expect(body.dispute).toMatchObject({ status: 'resolved', outcome: 'declined' });
    expect(body.dispute.outcome_reason).toContain('₦5,000.00');
  });
});

describe('a bill "not delivered"', () => {
  it('is declined with the token sent again when the biller delivered it', async () => {
    const ada = await fundedCustomer(t, 20_000);
    const bought = await buyElectricity(t, ada, { meter_number: METERS.delivered });
    expect(bought.status).toBe(201);
    const reference = String(
      (bought.body.transaction as { transactionRef: string }).transactionRef,
    );
    const filed = await fileDispute(t, ada, reference, {
      category: 'bill_not_delivered',
      description: 'No token arrived.',
    });
    expect(filed.status).toBe(201);
    await disputesOf(t.app).backOffice.handle(filed.body.tracking_number);
    const { body } = await report(t, ada, filed.body.tracking_number);
    expect(body.dispute).toMatchObject({ status: 'resolved', outcome: 'declined' });
    expect(body.dispute.outcome_reason).toMatch(/Your token again: \d{4}-\d{4}-\d{4}-\d{4}-\d{4}/);
    await t.app.jobs.runDue();
    expect((await smsTo(t, ada)).join('\n')).toMatch(/Your token again/);
  });
});

describe('a transaction with no provider behind it', () => {
  it('declines "money did not arrive" on a wallet-to-wallet transfer, and on a funding, in words that fit each', async () => {
    const { createCustomer, walletTransfer } = await import('../transfers/transfers-test-kit.js');
    const ada = await fundedCustomer(t, 20_000);
    const bola = await createCustomer(t);
    const funding = String((await history(t, ada))[0]?.reference);
    expect((await walletTransfer(t, ada, bola.main)).status).toBe(200);
    const sent = String((await history(t, ada))[0]?.reference);
    const office = disputesOf(t.app).backOffice;
    for (const [reference, words] of [
      [sent, /wallet-to-wallet transaction: it completed at once/],
      [funding, /nothing is waiting on a bank or biller/],
    ] as const) {
      const filed = await fileDispute(t, ada, reference);
      await office.handle(filed.body.tracking_number);
      const { body } = await report(t, ada, filed.body.tracking_number);
      expect(body.dispute).toMatchObject({ status: 'resolved', outcome: 'declined' });
      expect(body.dispute.outcome_reason).toMatch(words);
    }
    expect(await balanceKobo(t, ada.main)).toBe(1_900_000);
  });
});
