import { messageResponseSchema } from '@ajo/shared/schemas';
import { inflateSync } from 'node:zlib';
import { sql } from 'kysely';
import { createLedger } from '../../ledger/index.js';
import { expectParses, plainGet } from '../../test-support/auth-test-kit.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import {
  balanceKobo,
  createCustomer,
  fundedCustomer,
  inboundTransfer,
  type Customer,
} from '../funding/funding-test-kit.js';
import { walletTransfer } from '../transfers/transfers-test-kit.js';
import {
  assertStatementPeriod,
  buildStatement,
  lagosToday,
  pdfNaira,
  renderStatementPdf,
} from './statement.js';

/**
 * The text pdfkit wrote: page streams are deflated, and standard fonts write each run as hex
 * strings in a TJ array.
 */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const streams = [...raw.matchAll(/stream\r?\n/g)].map((m) => {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    try {
      return inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      return '';
    }
  });
  return [...streams.join('\n').matchAll(/<([0-9a-f]+)>/gi)]
    .map((m) => Buffer.from(m[1]!, 'hex').toString('latin1'))
    .join('');
}

describe('GET /api/transaction-history/statement', () => {
  let t: TestApp;
  const today = lagosToday(new Date());
  const yesterday = lagosToday(new Date(Date.now() - 86_400_000));

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MAX: '1000' });
  });
  afterAll(() => t.close());

  const statement = (c: Customer, query: Record<string, string>) =>
    plainGet(
      t,
      `/api/transaction-history/statement?${new URLSearchParams({
        wallet_number: c.main,
        email: 'ada@example.com',
        start_date: today,
        end_date: today,
        ...query,
      }).toString()}`,
      c.auth,
    );

  /** Test-only: moves the seed entry to yesterday (the ledger refuses updates, so lift that briefly). */
  async function backdateEntries(accountNumber: string) {
    const db = t.database.db;
    const account = await createLedger(db).getAccount(accountNumber);
    await sql`alter table ledger_entries disable trigger ledger_entries_append_only`.execute(db);
    await sql`update ledger_entries set created_at = created_at - interval '2 days'
      where id in (select entry_id from ledger_postings where account_id = ${account.id})`.execute(
      db,
    );
    await sql`alter table ledger_entries enable trigger ledger_entries_append_only`.execute(db);
  }

  it('e-mails a PDF whose opening, entries with running balance and closing reconcile with the ledger', async () => {
    const ada = await fundedCustomer(t, 10_000);
    const bola = await createCustomer(t);
    await backdateEntries(ada.main);
    expect((await walletTransfer(t, ada, bola.main, { transfer_amount: 1500.25 })).status).toBe(
      200,
    );
    expect(
      (await inboundTransfer(t, { account_number: ada.main, amount: 2500.5 })).statusCode,
    ).toBe(201);

    const res = await statement(ada, { start_date: yesterday, email: 'ada.okafor@example.com' });
    expect(res.status).toBe(200);
    expectParses(messageResponseSchema, res.body);
    expect(res.body.message).toBe(
      'Your account statement has been sent to ada.okafor@example.com.',
    );

    const data = await buildStatement(t.database.db, ada.main, yesterday, today);
    expect(data.openingKobo).toBe(1_000_000);
    expect(data.lines.map((l) => [l.amountKobo, l.balanceKobo])).toEqual([
      [-150_025, 849_975],
      [250_050, 1_100_025],
    ]);
    expect(data.closingKobo).toBe(await balanceKobo(t, ada.main));
    // Each total on its own: the identity below holds even with every line counted on one side.
    expect([data.creditsKobo, data.debitsKobo]).toEqual([250_050, 150_025]);
    expect(data.openingKobo + data.creditsKobo - data.debitsKobo).toBe(data.closingKobo);

    const outbox = await plainGet(t, '/api/sandbox/outbox?recipient=ada.okafor@example.com');
    const [mail] = outbox.body.messages as {
      subject: string;
      attachments: { filename: string; contentType: string; url: string }[];
    }[];
    expect(mail?.subject).toBe(`Your Ajo Wallet statement, ${yesterday} to ${today}`);
    expect(mail?.attachments).toHaveLength(1);
    const [file] = mail!.attachments;
    expect(file).toMatchObject({
      filename: `statement-${ada.main}-${yesterday}-to-${today}.pdf`,
      contentType: 'application/pdf',
    });
    const pdf = await t.app.inject({ method: 'GET', url: file!.url });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf.rawPayload);
    for (const expected of [
      'Opening balance: NGN 10,000.00',
      'Total credits: NGN 2,500.50',
      'Total debits: NGN 1,500.25',
      'Closing balance: NGN 11,000.25',
      'NGN 1,500.25',
      'NGN 8,499.75',
      'NGN 2,500.50',
      'Bank Transfer (Credit)',
    ])
      expect(text).toContain(expected);
  });

  it('shows an empty period with opening equal to closing', async () => {
    const chi = await fundedCustomer(t, 700);
    const data = await buildStatement(t.database.db, chi.main, yesterday, yesterday);
    expect(data).toMatchObject({ openingKobo: 0, closingKobo: 0, lines: [] });
    const pdf = await renderStatementPdf(data, new Date());
    expect(pdfText(pdf)).toContain('No transactions in this period.');
    expect(pdfNaira(123_456_789)).toBe('NGN 1,234,567.89');
  });

  it('refuses a future end, an end before the start, a year and more, a bad e-mail, sending nothing', async () => {
    const dayo = await fundedCustomer(t, 100);
    const tomorrow = lagosToday(new Date(Date.now() + 86_400_000));
    const cases: [Record<string, string>, string][] = [
      [{ end_date: tomorrow }, 'End date cannot be in the future.'],
      [{ start_date: today, end_date: yesterday }, 'End date must not be before the start date'],
      [
        { start_date: '2020-01-01', end_date: today },
        'A statement can cover at most 366 days. Please choose a shorter period.',
      ],
      [{ email: 'not-an-email' }, 'Enter a valid email address'],
      [{ start_date: '2026-02-31' }, 'Enter a valid date'],
    ];
    for (const [query, message] of cases) {
      const res = await statement(dayo, { ...query, email: query.email ?? 'dayo@example.com' });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const outbox = await plainGet(t, '/api/sandbox/outbox?recipient=dayo@example.com');
    expect(outbox.body.messages).toEqual([]);
  });

  it('takes a period of 366 days counting both ends, and refuses 367 sending nothing', async () => {
    const gbenga = await fundedCustomer(t, 100);
    const daysBefore = (day: string, n: number) =>
      new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
    const end = lagosToday(t.app.clock.now());
    const tooLong = await statement(gbenga, {
      start_date: daysBefore(end, 366),
      end_date: end,
      email: 'gbenga@example.com',
    });
    expect(tooLong).toEqual({
      status: 400,
      body: { message: 'A statement can cover at most 366 days. Please choose a shorter period.' },
    });
    const outbox = () => plainGet(t, '/api/sandbox/outbox?recipient=gbenga@example.com');
    expect((await outbox()).body.messages).toEqual([]);
    const year = await statement(gbenga, {
      start_date: daysBefore(end, 365),
      end_date: end,
      email: 'gbenga@example.com',
    });
    expect(year.status).toBe(200);
    expect((await outbox()).body.messages).toHaveLength(1);
  });

  it("answers 403 for another customer's wallet and 401 without a token", async () => {
    const [emeka, femi] = [await fundedCustomer(t, 100), await createCustomer(t)];
    expect((await statement(femi, { wallet_number: emeka.main })).status).toBe(403);
    const anonymous = await plainGet(
      t,
      `/api/transaction-history/statement?wallet_number=${emeka.main}&email=a@b.co&start_date=${today}&end_date=${today}`,
    );
    expect(anonymous.status).toBe(401);
  });
});

describe('assertStatementPeriod (Lagos days, both ends counted)', () => {
  // 12:00 UTC on 27 November 2026 is the same day in Lagos.
  const now = new Date('2026-11-27T12:00:00Z');
  const refusal = 'A statement can cover at most 366 days. Please choose a shorter period.';

  it('takes one day, and 366 days from the start day to the end day inclusive', () => {
    expect(() => assertStatementPeriod('2026-11-27', '2026-11-27', now)).not.toThrow();
    expect(() => assertStatementPeriod('2025-11-27', '2026-11-27', now)).not.toThrow();
    // A leap year is 366 days on its own.
    expect(() => assertStatementPeriod('2024-01-01', '2024-12-31', now)).not.toThrow();
  });

  it("refuses 367 days with the 'at most 366 days' words", () => {
    for (const [start, end] of [
      ['2025-11-26', '2026-11-27'],
      ['2023-12-31', '2024-12-31'],
    ] as const) {
      expect(() => assertStatementPeriod(start, end, now)).toThrow(
        expect.objectContaining({ statusCode: 400, message: refusal }),
      );
    }
  });

  it('counts the end day in Lagos: just after 23:00 UTC it is already the next day', () => {
    const lagosMidnightPassed = new Date('2026-11-27T23:30:00Z');
    expect(() =>
      assertStatementPeriod('2026-11-28', '2026-11-28', lagosMidnightPassed),
    ).not.toThrow();
    expect(() => assertStatementPeriod('2026-11-28', '2026-11-28', now)).toThrow(
      expect.objectContaining({ statusCode: 400, message: 'End date cannot be in the future.' }),
    );
  });
});
