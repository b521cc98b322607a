import { randomUUID } from 'node:crypto';
import {
  bankTransferResponseSchema,
  banksResponseSchema,
  verifyAccountResponseSchema,
} from '@ajo/shared/schemas';
import { buildApp } from '../../app.js';
import { createLedger } from '../../ledger/index.js';
import { ensureSystemAccounts } from '../../money/system-accounts.js';
import {
  encryptedCall,
  expectParses,
  FakeClock,
  latestOtp,
} from '../../test-support/auth-test-kit.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { NIP_STATUS_QUERY, outcomeOf, STATUS_QUERY_DELAYS } from './bank-transfers.js';
import {
  ACCOUNTS,
  balanceKobo,
  bankTransfer,
  createCustomer,
  enquire,
  fundedCustomer,
  history,
  sandboxAccount,
  sendBankTransfer,
  verifyAccount,
  type Customer,
} from './transfers-test-kit.js';

let t: TestApp;
const clock = new FakeClock();

beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(() => t.close());

const transferRow = (reference: string) =>
  t.database.db
    .selectFrom('outbound_transfers')
    .selectAll()
    .where('reference', '=', reference)
    .executeTakeFirstOrThrow();

const holdingKobo = async () =>
  (await createLedger(t.database.db).getAccount('outbound_holding')).balanceKobo;

const statusOf = async (user: Customer, reference: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/transfers/wallet-to-bank/${reference}`,
    headers: user.auth,
  });

/** Runs the status job as the queue would, after its first delay. */
async function runStatusQueries(seconds: number = STATUS_QUERY_DELAYS[0]) {
  clock.advance(seconds);
  return t.app.jobs.runDue();
}

describe('POST /api/transfers/wallet-to-bank/get-banks', () => {
  it('lists the banks sorted by name, case-insensitively', async () => {
    const ada = await createCustomer(t);
    const res = await encryptedCall(
      t,
      'POST',
      '/api/transfers/wallet-to-bank/get-banks',
      {},
      ada.auth,
    );
    expect(res.status).toBe(200);
    expectParses(banksResponseSchema, res.body);
    const names = (res.body.bankArray as Array<{ name: string }>).map((b) => b.name);
    expect(names).toEqual(
      [...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
    expect(names).toContain('GTBank');
  });
});

describe('POST /api/transfers/wallet-to-bank/verify-account-number', () => {
  it('resolves a sandbox account through the switch and keeps the enquiry for the transfer', async () => {
    const ada = await createCustomer(t);
    const account = sandboxAccount(ACCOUNTS.succeeds);
    const res = await verifyAccount(t, ada, account.bankCode, account.accountNumber);
    expect(res.status).toBe(200);
    expectParses(verifyAccountResponseSchema, res.body);
    const resolved = res.body.account as Record<string, string>;
    expect(resolved).toMatchObject({
      beneficiaryAccountName: 'ADAEZE OKONKWO',
      beneficiaryAccountNumber: account.accountNumber,
      beneficiaryBankCode: '058',
    });
    expect(resolved.beneficiaryNameEnquiryRefrenceNumber).toMatch(/^\d{30}$/);
  });

  it('refuses a number whose NUBAN check digit is wrong before asking the switch (422)', async () => {
    const ada = await createCustomer(t);
    const account = sandboxAccount(ACCOUNTS.succeeds);
    const typo = `${account.accountNumber.slice(0, 9)}${(Number(account.accountNumber[9]) + 1) % 10}`;
    expect(await verifyAccount(t, ada, '058', typo)).toEqual({
      status: 422,
      body: { message: 'This account number is not valid for the selected bank.' },
    });
  });

  it('answers 404 for a valid NUBAN the bank does not know, and 422 for an unknown bank', async () => {
    const ada = await createCustomer(t);
    const { makeNuban } = await import('../../providers/bank-switch/nuban.js');
    expect((await verifyAccount(t, ada, '058', makeNuban('058', '999999999'))).status).toBe(404);
    expect((await verifyAccount(t, ada, '999', '0123456789')).status).toBe(422);
  });
});

describe('POST /api/transfers/wallet-to-bank/transfer-funds: each sandbox outcome', () => {
  it('00: successful; the wallet is debited once, the holding pays on to settlement', async () => {
    const ada = await fundedCustomer(t, 20_000);
    const holding = await holdingKobo();
    const res = await bankTransfer(t, ada, ACCOUNTS.succeeds, { amount: 5000 });
    expect(res.status).toBe(200);
    expectParses(bankTransferResponseSchema, res.body);
    expect(res.body).toMatchObject({
      status: 'successful',
      message: 'Transfer successful',
      amount: 5000,
      account_name: 'ADAEZE OKONKWO',
      bank_name: 'GTBank',
    });
    expect(await balanceKobo(t, ada.main)).toBe(1_500_000);
    expect(await holdingKobo()).toBe(holding);
    expect((await history(t, ada))[0]).toMatchObject({
      transaction_type: 'inter-outward',
      amount: 5000,
      narration: 'Rent',
    });
  });

  it('51: failed; the money is back in the wallet through a reversal the customer sees', async () => {
    const ada = await fundedCustomer(t, 20_000);
    const res = await bankTransfer(t, ada, ACCOUNTS.fails, { amount: 5000 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'failed',
      message:
        'The bank could not complete this transfer. Your money has been returned to your wallet.',
    });
    expect(await balanceKobo(t, ada.main)).toBe(2_000_000);
    const lines = await history(t, ada);
    expect(lines.map((l) => l.transaction_type).slice(0, 2)).toEqual([
      'reversal-inward',
      'inter-outward',
    ]);
    expect(lines[0]).toMatchObject({ amount: 5000, narration: 'Reversal: Rent' });
  });

  it('01 then approved: pending until the status query after about 60 s settles it', async () => {
    const ada = await fundedCustomer(t, 20_000);
    const holding = await holdingKobo();
    const res = await bankTransfer(t, ada, ACCOUNTS.pendingThenSucceeds);
    expect(res.body).toMatchObject({ status: 'pending' });
    expect(String(res.body.message)).toContain('comes back to your wallet automatically');
    const reference = String(res.body.paymentReference);
    expect(await holdingKobo()).toBe(holding + 500_000);
    // The history says so while the bank has not answered.
    expect((await history(t, ada))[0]?.narration).toBe('Rent · pending');
    // Not yet due: nothing is asked before the first delay.
    clock.advance(STATUS_QUERY_DELAYS[0] - 5);
    await t.app.jobs.runDue();
    expect((await transferRow(reference)).status_queries).toBe(0);
    clock.advance(5);
    await runStatusQueries(0);
    expect((await statusOf(ada, reference)).json()).toMatchObject({ status: 'successful' });
    expect((await history(t, ada))[0]?.narration).toBe('Rent');
    expect(await holdingKobo()).toBe(holding);
    expect(await balanceKobo(t, ada.main)).toBe(1_500_000);
  });

  it('09 then refused: pending, then reversed only once the status query gives the definite answer', async () => {
    const ada = await fundedCustomer(t, 20_000);
    const res = await bankTransfer(t, ada, ACCOUNTS.pendingThenFails);
    expect(res.body).toMatchObject({ status: 'pending' });
    expect(await balanceKobo(t, ada.main)).toBe(1_500_000);
    await runStatusQueries();
    const reference = String(res.body.paymentReference);
    expect((await statusOf(ada, reference)).json()).toMatchObject({ status: 'failed' });
    expect(await balanceKobo(t, ada.main)).toBe(2_000_000);
    expect((await transferRow(reference)).response_code).toBe('91');
  });

  it('a timeout is pending, never a failure; the status query finds it paid', async () => {
    const ada = await fundedCustomer(t, 20_000);
    const res = await bankTransfer(t, ada, ACCOUNTS.timesOut);
    expect(res.body).toMatchObject({ status: 'pending' });
    await runStatusQueries();
    expect((await statusOf(ada, String(res.body.paymentReference))).json()).toMatchObject({
      status: 'successful',
    });
    expect(await balanceKobo(t, ada.main)).toBe(1_500_000);
  });

  it('keeps asking with back-off while the switch has no answer, and never reverses on its own', async () => {
    const ada = await fundedCustomer(t, 20_000);
    const res = await bankTransfer(t, ada, ACCOUNTS.pendingThenSucceeds);
    const reference = String(res.body.paymentReference);
    const sandbox = t.app.providers.bankSwitch;
    const real = sandbox.transactionStatus.bind(sandbox);
    sandbox.transactionStatus = async () => ({ responseCode: '09' });
    try {
      await runStatusQueries();
      await runStatusQueries(STATUS_QUERY_DELAYS[1]);
      const row = await transferRow(reference);
      expect(row).toMatchObject({ status: 'pending', status_queries: 2 });
      expect(await balanceKobo(t, ada.main)).toBe(1_500_000);
    } finally {
      sandbox.transactionStatus = real;
    }
    await runStatusQueries(STATUS_QUERY_DELAYS[2]);
    expect((await transferRow(reference)).status).toBe('successful');
  });
});

describe('POST /api/sandbox/jobs/run-now', () => {
  it("runs a pending transfer's status query at once, so a tester need not wait (sandbox only)", async () => {
    const ada = await fundedCustomer(t, 20_000);
    const res = await bankTransfer(t, ada, ACCOUNTS.pendingThenFails);
    const run = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/jobs/run-now',
      payload: { kind: NIP_STATUS_QUERY },
    });
    expect(run.statusCode).toBe(200);
    expect(run.json().succeeded).toBeGreaterThanOrEqual(1);
    expect((await transferRow(String(res.body.paymentReference))).status).toBe('failed');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/jobs/run-now',
      payload: { kind: 'DROP TABLE' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('wallet to bank: refusals change nothing', () => {
  it('refuses a transfer without the name enquiry it was validated with (422)', async () => {
    const ada = await fundedCustomer(t, 20_000);
    const account = sandboxAccount(ACCOUNTS.succeeds);
    const res = await sendBankTransfer(t, ada, {
      beneficiaryAccountName: 'SOMEBODY ELSE',
      beneficiaryAccountNumber: account.accountNumber,
      beneficiaryBankCode: account.bankCode,
      beneficiaryNameEnquiryRefrenceNumber: '999999260115090000123456789012',
    });
    expect(res).toEqual({
      status: 422,
      body: { message: 'Please validate the account number again before sending.' },
    });
    expect(await balanceKobo(t, ada.main)).toBe(2_000_000);
  });

  it("refuses another customer's name enquiry and an expired one", async () => {
    const [ada, bola] = [await fundedCustomer(t, 20_000), await fundedCustomer(t, 20_000)];
    const account = sandboxAccount(ACCOUNTS.succeeds);
    const verified = await verifyAccount(t, bola, account.bankCode, account.accountNumber);
    const enquiry = verified.body.account as Record<string, string>;
    expect((await sendBankTransfer(t, ada, enquiry)).status).toBe(422);
    clock.advance(31 * 60);
    expect((await sendBankTransfer(t, bola, enquiry)).status).toBe(422);
    expect(await balanceKobo(t, ada.main)).toBe(2_000_000);
    expect(await balanceKobo(t, bola.main)).toBe(2_000_000);
  });

  it("answers 403 for another customer's wallet, insufficient funds 409, a bad amount 400", async () => {
    const ada = await fundedCustomer(t, 100);
    const mallory = await createCustomer(t);
    expect(
      (await bankTransfer(t, mallory, ACCOUNTS.succeeds, { wallet_account_number: ada.main }))
        .status,
    ).toBe(403);
    expect(await bankTransfer(t, ada, ACCOUNTS.succeeds, { amount: 100.01 })).toEqual({
      status: 409,
      body: { message: 'Insufficient funds.' },
    });
    expect((await bankTransfer(t, ada, ACCOUNTS.succeeds, { amount: -5 })).status).toBe(400);
    expect((await bankTransfer(t, ada, ACCOUNTS.succeeds, { amount: 1.234 })).status).toBe(400);
    expect(await balanceKobo(t, ada.main)).toBe(10_000);
  });

  it('refuses the commission wallet as the source (its rewards pay for bills only): nothing moves, nothing is sent', async () => {
    const ada = await fundedCustomer(t, 20_000);
    await ensureSystemAccounts(t.database.db);
    await createLedger(t.database.db).transfer({
      from: 'commission_pool',
      to: ada.commission,
      amountKobo: 600_000,
      reference: `reward-${ada.id}`,
      type: 'reward',
      narration: 'Referral reward',
    });
    const res = await bankTransfer(t, ada, ACCOUNTS.succeeds, {
      wallet_account_number: ada.commission,
      amount: 5000,
    });
    expect(res).toEqual({
      status: 422,
      body: {
        message: 'The commission wallet can only pay for airtime, data, electricity and cable TV.',
      },
    });
    expect(await balanceKobo(t, ada.commission)).toBe(600_000);
    expect(await balanceKobo(t, ada.main)).toBe(2_000_000);
    const rows = await t.database.db
      .selectFrom('outbound_transfers')
      .select('reference')
      .where('user_id', '=', ada.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it("answers 404 for the status of another customer's transfer", async () => {
    const ada = await fundedCustomer(t, 20_000);
    const mallory = await createCustomer(t);
    const res = await bankTransfer(t, ada, ACCOUNTS.succeeds);
    expect((await statusOf(mallory, String(res.body.paymentReference))).statusCode).toBe(404);
  });
});

describe('wallet to bank: exactly once', () => {
  it('a retry with the same client reference answers the first result; the switch was called once', async () => {
    const ada = await fundedCustomer(t, 20_000);
    const key = randomUUID();
    const enquiry = await enquire(t, ada, ACCOUNTS.succeeds);
    const first = await sendBankTransfer(t, ada, enquiry, key);
    const again = await sendBankTransfer(t, ada, enquiry, key);
    expect(again.body.paymentReference).toBe(first.body.paymentReference);
    expect(await balanceKobo(t, ada.main)).toBe(1_500_000);
    const sent = await t.database.db
      .selectFrom('sandbox_nip_transfers')
      .select('transaction_id')
      .where('payment_reference', '=', String(first.body.paymentReference))
      .execute();
    expect(sent).toHaveLength(1);
  });

  it('32 concurrent transfers from a wallet that affords 3: never below zero, each acknowledged one debited once', async () => {
    const ada = await fundedCustomer(t, 15_000);
    const enquiry = await enquire(t, ada, ACCOUNTS.succeeds);
    const answers = await Promise.all(
      Array.from({ length: 32 }, () => sendBankTransfer(t, ada, enquiry)),
    );
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(3);
    for (const a of answers.filter((x) => x.status !== 200)) expect([409, 429]).toContain(a.status);
    for (const a of ok) {
      const debits = await t.database.db
        .selectFrom('ledger_entries')
        .select('id')
        .where('reference', '=', String(a.body.paymentReference))
        .execute();
      expect(debits).toHaveLength(1);
    }
    expect(await balanceKobo(t, ada.main)).toBe(0);
    expect((await createLedger(t.database.db).reconcile()).mismatches).toEqual([]);
  });

  it('a crash between the debit and the switch call: the job finds no record (25), resends with the same id, and it is paid once', async () => {
    const ada = await fundedCustomer(t, 20_000);
    const sandbox = t.app.providers.bankSwitch;
    const real = sandbox.fundsTransfer.bind(sandbox);
    // The process "dies" as it calls the switch: the request never leaves.
    sandbox.fundsTransfer = async () => {
      throw new Error('process killed');
    };
    let reference: string;
    try {
      const res = await bankTransfer(t, ada, ACCOUNTS.succeeds);
      expect(res.body).toMatchObject({ status: 'pending' });
      reference = String(res.body.paymentReference);
    } finally {
      sandbox.fundsTransfer = real;
    }
    expect(await balanceKobo(t, ada.main)).toBe(1_500_000);
    await runStatusQueries();
    const row = await transferRow(reference);
    expect(row.status).toBe('successful');
    const sent = await t.database.db
      .selectFrom('sandbox_nip_transfers')
      .select('transaction_id')
      .where('payment_reference', '=', reference)
      .execute();
    expect(sent).toEqual([{ transaction_id: row.transaction_id }]);
  });

  it('a pending transfer survives a restart: another instance on the same database settles it', async () => {
    const ada = await fundedCustomer(t, 20_000);
    const res = await bankTransfer(t, ada, ACCOUNTS.pendingThenFails);
    const reference = String(res.body.paymentReference);
    const laterClock = new FakeClock(clock.now().getTime() + 61_000);
    const second = await buildApp({
      config: t.config,
      database: t.database,
      clock: laterClock,
      print: () => undefined,
      jobs: { instanceId: 'second-instance' },
    });
    try {
      const summary = await second.jobs.runDue();
      expect(summary.succeeded).toBeGreaterThanOrEqual(1);
    } finally {
      await second.close();
    }
    expect((await transferRow(reference)).status).toBe('failed');
    expect(await balanceKobo(t, ada.main)).toBe(2_000_000);
    const job = await t.database.db
      .selectFrom('jobs')
      .select(['state'])
      .where('kind', '=', NIP_STATUS_QUERY)
      .where('dedupe_key', '=', reference)
      .executeTakeFirstOrThrow();
    expect(job.state).toBe('succeeded');
  });

  it('the request and the status job racing on one answer settle it once', async () => {
    const ada = await fundedCustomer(t, 20_000);
    const res = await bankTransfer(t, ada, ACCOUNTS.pendingThenSucceeds);
    const reference = String(res.body.paymentReference);
    const { bankTransfersOf } = await import('./routes.js');
    const service = bankTransfersOf(t.app);
    await Promise.all([
      service.record(reference, '00'),
      service.record(reference, '00'),
      service.record(reference, '51'),
    ]);
    const settle = await t.database.db
      .selectFrom('ledger_entries')
      .select('reference')
      .where('reference', 'like', `${reference}:%`)
      .execute();
    expect(settle).toHaveLength(1);
    expect((await createLedger(t.database.db).reconcile()).mismatches).toEqual([]);
  });

  it('at or above the step-up amount asks for an OTP before any money moves', async () => {
    const ada = await fundedCustomer(t, 60_000);
    const key = randomUUID();
    const enquiry = { ...(await enquire(t, ada, ACCOUNTS.succeeds)), amount: 50_000 };
    const challenge = await sendBankTransfer(t, ada, enquiry, key);
    expect(challenge.status).toBe(202);
    expect(await balanceKobo(t, ada.main)).toBe(6_000_000);
    const otp = await latestOtp(t, String(challenge.body.recipient));
    const paid = await sendBankTransfer(t, ada, { ...enquiry, otp }, key);
    expect(paid.body).toMatchObject({ status: 'successful' });
    expect(await balanceKobo(t, ada.main)).toBe(1_000_000);
  });
});

describe('switch answers', () => {
  it.each([
    ['00', 'successful'],
    ['51', 'failed'],
    ['07', 'failed'],
    ['91', 'failed'],
    ['01', 'unknown'],
    ['09', 'unknown'],
    ['94', 'unknown'],
    ['96', 'unknown'],
    ['97', 'unknown'],
  ] as const)('%s is %s', (code, outcome) => {
    expect(outcomeOf(code)).toBe(outcome);
  });
});
