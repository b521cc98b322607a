// A receipt the customer can keep (docs/domain.md "What customers ask for": receipts with the
// reference to report). Share uses the Web Share API where the browser has it, else copies the
// text; the PDF library is loaded only when Download is pressed, so it never weighs on the first
// load.
import { useState } from 'react';
import { formatDateTime, formatNaira } from '@ajo/shared/format';
import { Button } from '@ajo/shared/ui';
import { SummaryList } from '@ajo/shared/ui/money-fields';
import { showToast } from '@ajo/remote-kit/services';
import styles from './transfers.module.css';

export interface ReceiptData {
  title: string;
  status: 'successful' | 'pending' | 'failed';
  reference: string;
  amount: number;
  /** Label and value lines: From, To, Bank, Narration. */
  lines: ReadonlyArray<readonly [string, string]>;
  date: Date;
}

const STATUS_WORDS = { successful: 'Successful', pending: 'Pending', failed: 'Failed' } as const;

/** Transfers cost the customer nothing; the receipt says so, as a bank's does. */
export const TRANSFER_FEE = 0;

/** Dated as every receipt is (Lagos time). */
export const receiptDate = formatDateTime;

export function receiptText(receipt: ReceiptData): string {
  return [
    `Ajo Wallet — ${receipt.title}`,
    `Status: ${STATUS_WORDS[receipt.status]}`,
    `Amount: ${formatNaira(receipt.amount)}`,
    ...receipt.lines.map(([label, value]) => `${label}: ${value}`),
    `Fee: ${formatNaira(TRANSFER_FEE)}`,
    `Reference: ${receipt.reference}`,
    `Date: ${receiptDate(receipt.date)}`,
  ].join('\n');
}

/** Builds the PDF with jsPDF, fetched on demand (its own chunk). */
export async function downloadReceiptPdf(receipt: ReceiptData): Promise<void> {
  const { jsPDF } = await import(/* webpackChunkName: "receipt-pdf" */ 'jspdf');
  const doc = new jsPDF({ unit: 'pt', format: 'a5' });
  // jsPDF's standard fonts have no ₦ glyph: the PDF spells the currency out.
  const text = receiptText(receipt).replace(/₦/g, 'NGN ');
  doc.setFontSize(16);
  const [first, ...rest] = text.split('\n');
  doc.text(first ?? '', 32, 48);
  doc.setFontSize(11);
  rest.forEach((line, index) => doc.text(line, 32, 84 + index * 20));
  doc.save(`ajo-receipt-${receipt.reference}.pdf`);
}

export async function shareReceipt(receipt: ReceiptData): Promise<void> {
  const text = receiptText(receipt);
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: `Ajo Wallet receipt ${receipt.reference}`, text });
      return;
    } catch (error) {
      // The customer closed the share sheet: nothing to do.
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  await navigator.clipboard.writeText(text);
  void showToast('success', 'Receipt copied. You can paste it anywhere.');
}

/**
 * The receipt on screen (amount, who got it, fee, date and time; the reference is just above, on
 * the status step) with Share and Download PDF, for a successful or pending transfer. It is dated
 * when the status step first shows it (the transfer's answer), not again on every render.
 */
export function ReceiptActions({ receipt: details }: { receipt: Omit<ReceiptData, 'date'> }) {
  const [date] = useState(() => new Date());
  const receipt: ReceiptData = { ...details, date };
  const [busy, setBusy] = useState(false);
  const run = (action: () => Promise<void>) => async () => {
    setBusy(true);
    try {
      await action();
    } catch {
      void showToast('error', 'Could not prepare the receipt. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <SummaryList
        label="Receipt"
        rows={[
          { label: 'Amount', amount: receipt.amount },
          ...receipt.lines.map(([label, value]) => ({ label, value })),
          { label: 'Fee', amount: TRANSFER_FEE },
          { label: 'Date and time', value: receiptDate(receipt.date) },
        ]}
      />
      <div className={styles.actions} aria-label="Receipt actions">
        <Button variant="secondary" onClick={run(() => shareReceipt(receipt))} disabled={busy}>
          Share receipt
        </Button>
        <Button
          variant="secondary"
          onClick={run(() => downloadReceiptPdf(receipt))}
          disabled={busy}
        >
          Download PDF
        </Button>
      </div>
    </>
  );
}
