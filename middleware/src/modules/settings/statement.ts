import { formatKobo, transactionTypeLabel } from '@ajo/shared/format';
import { sql, type Kysely } from 'kysely';
import PDFDocument from 'pdfkit';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { transactionTypeFor } from '../../ledger/history.js';
import type { EntryType } from '../../ledger/types.js';
import { narrationsAsSeen } from '../wallets/counterparty.js';
import { END_IN_FUTURE } from '@ajo/shared/messages';
import { STATEMENT_TOO_LONG } from './messages.js';

/** Longest period one statement covers. */
export const MAX_STATEMENT_DAYS = 366;

export interface StatementLine {
  date: Date;
  reference: string;
  type: string;
  narration: string;
  /** Signed: positive credit, negative debit. */
  amountKobo: number;
  /** The wallet's balance just after this entry. */
  balanceKobo: number;
}

export interface Statement {
  accountNumber: string;
  walletName: string;
  customerName: string;
  startDate: string;
  endDate: string;
  openingKobo: number;
  closingKobo: number;
  creditsKobo: number;
  debitsKobo: number;
  lines: StatementLine[];
}

const DAY_MS = 86_400_000;

/** Lagos (UTC+1, no daylight saving) midnight at the start of a YYYY-MM-DD day. */
const lagosMidnight = (day: string) => new Date(`${day}T00:00:00+01:00`);
/** Today's date in Lagos, YYYY-MM-DD. */
export const lagosToday = (now: Date) =>
  new Date(now.getTime() + 3_600_000).toISOString().slice(0, 10);

/** The period rules the schema cannot know: not in the future (Lagos days), at most a year. */
export function assertStatementPeriod(startDate: string, endDate: string, now: Date): void {
  if (endDate > lagosToday(now)) throw new AppError(400, END_IN_FUTURE, 'END_IN_FUTURE');
  const days = (lagosMidnight(endDate).getTime() - lagosMidnight(startDate).getTime()) / DAY_MS + 1;
  if (days > MAX_STATEMENT_DAYS) throw new AppError(400, STATEMENT_TOO_LONG, 'PERIOD_TOO_LONG');
}

/**
 * The wallet's account statement from the ledger: opening balance (every posting before the first
 * day), each entry of the period in posting order with the running balance, closing balance.
 * Lagos days, as the daily limits count them.
 */
export async function buildStatement(
  db: Kysely<Database>,
  accountNumber: string,
  startDate: string,
  endDate: string,
): Promise<Statement> {
  const from = lagosMidnight(startDate);
  const to = new Date(lagosMidnight(endDate).getTime() + DAY_MS);
  const account = await db
    .selectFrom('ledger_accounts as a')
    .leftJoin('users as u', 'u.id', 'a.owner_user_id')
    .select(['a.id', 'a.name', 'u.first_name', 'u.last_name'])
    .where('a.account_number', '=', accountNumber)
    .executeTakeFirstOrThrow();
  const { rows: opening } = await sql<{ total: string | number }>`
    select coalesce(sum(p.amount_kobo), 0) as total
      from ledger_postings p join ledger_entries e on e.id = p.entry_id
     where p.account_id = ${account.id} and e.created_at < ${from}`.execute(db);
  const rows = await db
    .selectFrom('ledger_postings as p')
    .innerJoin('ledger_entries as e', 'e.id', 'p.entry_id')
    .select(['e.reference', 'e.type', 'e.narration', 'e.created_at', 'p.amount_kobo'])
    .where('p.account_id', '=', account.id)
    .where('e.created_at', '>=', from)
    .where('e.created_at', '<', to)
    // Postings of one account are written under its row lock, so their ids follow commit order.
    .orderBy('p.id')
    .execute();
  const openingKobo = Number(opening[0]?.total ?? 0);
  let balance = openingKobo;
  let creditsKobo = 0;
  let debitsKobo = 0;
  const narrations = await narrationsAsSeen(
    db,
    rows.map((r) => ({ ...r, amountKobo: r.amount_kobo })),
  );
  const lines = rows.map((r, i) => {
    balance += r.amount_kobo;
    if (r.amount_kobo > 0) creditsKobo += r.amount_kobo;
    else debitsKobo -= r.amount_kobo;
    return {
      date: new Date(r.created_at),
      reference: r.reference,
      type: transactionTypeFor(r.type as EntryType, r.amount_kobo),
      narration: narrations[i] ?? r.narration,
      amountKobo: r.amount_kobo,
      balanceKobo: balance,
    };
  });
  return {
    accountNumber,
    walletName: account.name,
    customerName: [account.first_name, account.last_name].filter(Boolean).join(' '),
    startDate,
    endDate,
    openingKobo,
    closingKobo: balance,
    creditsKobo,
    debitsKobo,
    lines,
  };
}

/**
 * Naira with 2 decimals. The PDF's standard fonts (WinAnsi) have no ₦ glyph, so the statement
 * writes the currency code instead.
 */
export const pdfNaira = (kobo: number) => formatKobo(kobo).replace('₦', 'NGN ');

const lagosDateTime = (date: Date) =>
  new Date(date.getTime() + 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

/** The statement as an A4 PDF (pdfkit), with totals and a running balance on every line. */
export function renderStatementPdf(statement: Statement, generatedAt: Date): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 40,
    info: {
      Title: `Account statement ${statement.accountNumber} ${statement.startDate} to ${statement.endDate}`,
      Author: 'Ajo Wallet',
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  // Date | Description | Debit | Credit | Balance
  const cols = [
    { x: left, w: 78 },
    { x: left + 80, w: 190 },
    { x: left + 272, w: 78 },
    { x: left + 352, w: 78 },
    { x: left + 432, w: width - 432 },
  ];
  const row = (cells: string[], bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
    const heights = cells.map((text, i) => doc.heightOfString(text, { width: cols[i]!.w }));
    const height = Math.max(...heights) + 4;
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      if (!bold) row(['Date', 'Description', 'Debit', 'Credit', 'Balance'], true);
    }
    const y = doc.y;
    cells.forEach((text, i) =>
      doc.text(text, cols[i]!.x, y, { width: cols[i]!.w, align: i >= 2 ? 'right' : 'left' }),
    );
    doc.x = left;
    doc.y = y + height;
  };

  doc.font('Helvetica-Bold').fontSize(16).text('Ajo Wallet - Account statement');
  doc.moveDown(0.5).font('Helvetica').fontSize(10);
  doc.text(`Customer: ${statement.customerName || '-'}`);
  doc.text(`Wallet: ${statement.walletName} (${statement.accountNumber})`);
  doc.text(`Period: ${statement.startDate} to ${statement.endDate} (Lagos time)`);
  doc.text(`Generated: ${lagosDateTime(generatedAt)}`);
  doc.moveDown(0.5);
  doc.text(`Opening balance: ${pdfNaira(statement.openingKobo)}`);
  doc.text(`Total credits: ${pdfNaira(statement.creditsKobo)}`);
  doc.text(`Total debits: ${pdfNaira(statement.debitsKobo)}`);
  doc.font('Helvetica-Bold').text(`Closing balance: ${pdfNaira(statement.closingKobo)}`);
  doc.moveDown();

  row(['Date', 'Description', 'Debit', 'Credit', 'Balance'], true);
  row(['', 'Opening balance', '', '', pdfNaira(statement.openingKobo)]);
  for (const line of statement.lines) {
    const label = transactionTypeLabel(line.type, statement.walletName);
    row([
      lagosDateTime(line.date),
      `${label}\n${line.narration}\nRef: ${line.reference}`,
      line.amountKobo < 0 ? pdfNaira(-line.amountKobo) : '',
      line.amountKobo > 0 ? pdfNaira(line.amountKobo) : '',
      pdfNaira(line.balanceKobo),
    ]);
  }
  if (statement.lines.length === 0) row(['', 'No transactions in this period.', '', '', '']);
  row(['', 'Closing balance', '', '', pdfNaira(statement.closingKobo)], true);
  doc.end();
  return done;
}
