// The status step's own part for a bank transfer: what the bank answered in plain words, "Check
// status" while it has not answered, and the receipt. A later answer (pending turned successful or
// returned) replaces the first one everywhere below the heading: the receipt never says pending
// for a transfer the bank has since refused.
import { useState } from 'react';
import type { BankTransferResponse } from '@ajo/shared/schemas';
import { Button } from '@ajo/shared/ui';
import { announceMoneyMoved, errorMessage, showToast } from '@ajo/remote-kit/services';
import { ReceiptActions } from '../../../lib/receipt';
import { fetchBankTransfer } from '../../../lib/transfers-api';
import styles from '../../../lib/transfers.module.css';

/** Said when the server gave no words of its own: where the money is, and what happens next. */
export const BANK_STATUS_TEXTS = {
  successful: 'The bank has paid this transfer.',
  pending:
    'We are confirming this transfer with the bank. If the bank does not pay it, your money comes back to your wallet automatically.',
  failed: 'The bank could not complete this transfer. Your money has been returned to your wallet.',
} as const;

export const CHECK_STATUS_FAILED = 'Could not check the transfer. Please try again.';
export const STILL_PENDING = 'The bank has not answered yet. We keep checking for you.';

/** The bank's answer in plain words: said once, in the flow's status box (wallet-to-bank-screen). */
export const wordsOf = (answer: BankTransferResponse) =>
  answer.message.trim() || BANK_STATUS_TEXTS[answer.status];

export interface BankTransferStatusProps {
  /** The transfer call's answer. */
  answer: BankTransferResponse;
  /** The wallet it was paid from, for the receipt and the balance refresh. */
  from: { name: string; accountNumber: string };
  narration: string;
  /** A pending transfer got the bank's answer: the flow's heading and box change with it. */
  onSettled?: (status: 'successful' | 'failed') => void;
}

export function BankTransferStatus({
  answer,
  from,
  narration,
  onSettled,
}: BankTransferStatusProps) {
  const [latest, setLatest] = useState(answer);
  const [checked, setChecked] = useState(false);
  const [checking, setChecking] = useState(false);
  const changed = latest.status !== answer.status;

  const check = async () => {
    setChecking(true);
    try {
      const now = await fetchBankTransfer(answer.paymentReference);
      setLatest(now);
      setChecked(true);
      if (now.status !== 'pending') {
        onSettled?.(now.status);
        // Returned money is back in the wallet: balances shown elsewhere reload.
        void announceMoneyMoved(from.accountNumber);
      }
    } catch (error) {
      void showToast('error', errorMessage(error, CHECK_STATUS_FAILED));
    } finally {
      setChecking(false);
    }
  };

  return (
    <>
      {changed ? (
        <p className={styles.update} role="status">
          <strong>Update: </strong>
          {wordsOf(latest)}
        </p>
      ) : null}
      {latest.status === 'pending' ? (
        <>
          {checked ? (
            <p className={styles.muted} role="status">
              {STILL_PENDING}
            </p>
          ) : null}
          <Button variant="secondary" onClick={() => void check()} disabled={checking}>
            {checking ? 'Checking…' : 'Check status'}
          </Button>
        </>
      ) : null}
      {latest.status !== 'failed' ? (
        <ReceiptActions
          receipt={{
            title: 'Wallet to Bank Transfer',
            status: latest.status,
            reference: latest.paymentReference,
            amount: latest.amount,
            lines: [
              ['From', `${from.name} - ${from.accountNumber}`],
              ['To', `${latest.account_name} - ${latest.account_number}`],
              ['Bank', latest.bank_name],
              ['Narration', narration || '—'],
            ],
          }}
        />
      ) : null}
    </>
  );
}
