// A purchase receipt the customer can keep (docs/domain.md "What customers ask for": receipts with
// the reference to report), as the transfer screens give one: Share uses the Web Share API where
// the browser has it, else copies the text; the PDF library is loaded only when Download is
// pressed, so it never weighs on the first load. The receipt's lines are the purchase's, as the
// status step lists them.
import { useState } from 'react';
import { formatDateTime, formatNaira } from '@ajo/shared/format';
import type { BillPayment } from '@ajo/shared/schemas';
import { Button } from '@ajo/shared/ui';
import { showToast } from '@ajo/remote-kit/services';
import styles from './payments.module.css';

export interface PurchaseReceipt {
  title: string;
  transaction: BillPayment;
  /** Label and value lines, as the status step shows them. */
  lines: ReadonlyArray<readonly [string, string]>;
}

const STATUS_WORDS = { successful: 'Successful', pending: 'Pending', failed: 'Failed' } as const;

export const RECEIPT_COPIED = 'Receipt copied. You can paste it anywhere.';
export const RECEIPT_FAILED = 'Could not prepare the receipt. Please try again.';

export function receiptText({ title, transaction, lines }: PurchaseReceipt): string {
  return [
    `Ajo Wallet — ${title}`,
    `Status: ${STATUS_WORDS[transaction.status]}`,
    `Amount: ${formatNaira(transaction.amount)}`,
    ...lines.map(([label, value]) => `${label}: ${value}`),
    `Fee: ${formatNaira(0)}`,
    `Reference: ${transaction.reference}`,
    `Date: ${formatDateTime(transaction.created_at)}`,
  ].join('\n');
}

/** Builds the PDF with jsPDF, fetched on demand (its own chunk). */
async function downloadReceiptPdf(receipt: PurchaseReceipt): Promise<void> {
  const { jsPDF } = await import(/* webpackChunkName: "receipt-pdf" */ 'jspdf');
  const doc = new jsPDF({ unit: 'pt', format: 'a5' });
  // jsPDF's standard fonts have no ₦ glyph: the PDF spells the currency out.
  const text = receiptText(receipt).replace(/₦/g, 'NGN ');
  doc.setFontSize(16);
  const [first, ...rest] = text.split('\n');
  doc.text(first ?? '', 32, 48);
  doc.setFontSize(11);
  rest.forEach((line, index) => doc.text(line, 32, 84 + index * 20));
  doc.save(`ajo-receipt-${receipt.transaction.reference}.pdf`);
}

async function shareReceipt(receipt: PurchaseReceipt): Promise<void> {
  const text = receiptText(receipt);
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({
        title: `Ajo Wallet receipt ${receipt.transaction.reference}`,
        text,
      });
      return;
    } catch (error) {
      // The customer closed the share sheet: nothing to do.
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  await navigator.clipboard.writeText(text);
  void showToast('success', RECEIPT_COPIED);
}

/** Share receipt and Download PDF, for a successful or pending purchase. */
export function ReceiptActions({ receipt }: { receipt: PurchaseReceipt }) {
  const [busy, setBusy] = useState(false);
  const run = (action: () => Promise<void>) => async () => {
    setBusy(true);
    try {
      await action();
    } catch {
      void showToast('error', RECEIPT_FAILED);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.actions} aria-label="Receipt actions">
      <Button variant="secondary" onClick={run(() => shareReceipt(receipt))} disabled={busy}>
        Share receipt
      </Button>
      <Button variant="secondary" onClick={run(() => downloadReceiptPdf(receipt))} disabled={busy}>
        Download PDF
      </Button>
    </div>
  );
}
