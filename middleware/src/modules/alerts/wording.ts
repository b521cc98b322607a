import { formatDateTime, formatKobo } from '@ajo/shared/format';

/** A movement of a customer's wallet as its alert tells it (docs/domain.md "Complaints and alerts"). */
export interface Movement {
  /** Signed for the wallet: positive credits it. */
  amountKobo: number;
  balanceAfterKobo: number;
  /** As the wallet's history reads it (src/modules/wallets/counterparty.ts). */
  narration: string;
  reference: string;
  accountNumber: string;
  at: Date;
}

export interface AlertText {
  kind: 'credit' | 'debit';
  title: string;
  /** The SMS, and the e-mail's text: amount, account, narration, reference, balance after, time. */
  body: string;
}

/** The last four digits only: an SMS can be read over a shoulder. */
const maskedAccount = (accountNumber: string) => `******${accountNumber.slice(-4)}`;

/**
 * One line a customer reads at a glance, the order Nigerian banks use (amount first, balance last).
 * A reversal is a credit like any other: what matters to the customer is that the money is back.
 */
export function movementAlertText(movement: Movement): AlertText {
  const kind = movement.amountKobo > 0 ? 'credit' : 'debit';
  const title = kind === 'credit' ? 'Credit alert' : 'Debit alert';
  const body = [
    `Ajo Wallet ${title}: ${formatKobo(Math.abs(movement.amountKobo))}`,
    `Acct: ${maskedAccount(movement.accountNumber)}`,
    `Desc: ${movement.narration}`,
    `Ref: ${movement.reference}`,
    `Bal: ${formatKobo(movement.balanceAfterKobo)}`,
    formatDateTime(movement.at),
  ].join(' | ');
  return { kind, title, body };
}
