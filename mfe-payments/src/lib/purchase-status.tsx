// The status step's own content for a purchase (SPEC §2): what was bought, and for a delivered
// prepaid meter the token (0000-0000-0000-0000-0000), its units and Copy. The server's sentence on
// where the money is sits in the flow's status box.
import { lazy, Suspense } from 'react';
import type { MoneyFlowStatusSlot } from '@ajo/shared/money-flow';
import { formatDateTime } from '@ajo/shared/format';
import { toLocalPhone } from '@ajo/shared/schemas';
import { Spinner } from '@ajo/shared/ui';
import { SummaryList } from '@ajo/shared/ui/money-fields';
import type { PurchaseResult } from './payments-api';
import { ReceiptActions } from './receipt';

// Only a delivered prepaid token needs it: fetched then, not with the payments screens.
const TokenPanel = lazy(() => import('./token-panel'));

/**
 * The meter or smartcard number as typed; a phone as Confirm showed it (08…), not the 234… form.
 * `label`: what the provider calls its customer number (a GOtv IUC number, a Showmax phone).
 */
function recipientRow(transaction: PurchaseResult['transaction'], label?: string) {
  if (transaction.product === 'electricity')
    return { label: 'Meter number', value: transaction.recipient };
  if (transaction.product === 'cable-tv')
    return { label: label ?? 'Smartcard number', value: transaction.recipient };
  return { label: 'Phone number', value: toLocalPhone(transaction.recipient) };
}

/**
 * `receiptTitle`: the screen offers a receipt to share or download (a failed purchase has none:
 * its money is back, and the history shows the reversal).
 */
export function PurchaseStatus<T>({
  outcome,
  details,
  receiptTitle,
  recipientLabel,
}: MoneyFlowStatusSlot<T, PurchaseResult> & {
  receiptTitle?: string;
  recipientLabel?: (details: T) => string;
}) {
  const result = outcome.details;
  if (!result) return null;
  const { transaction } = result;
  const recipient = recipientRow(transaction, recipientLabel?.(details));
  return (
    <>
      {transaction.token ? (
        <Suspense fallback={<Spinner label="Loading the token…" />}>
          <TokenPanel token={transaction.token} units={transaction.units} />
        </Suspense>
      ) : null}
      <SummaryList
        label="Purchase details"
        rows={[
          { label: 'Provider', value: transaction.provider },
          recipient,
          { label: 'Item', value: transaction.description },
          { label: 'Amount', amount: transaction.amount },
          // A receipt says what the purchase cost on top (nothing) and when it was made.
          { label: 'Fee', amount: 0 },
          { label: 'Date and time', value: formatDateTime(transaction.created_at) },
        ]}
      />
      {receiptTitle && transaction.status !== 'failed' ? (
        <ReceiptActions
          receipt={{
            title: receiptTitle,
            transaction,
            lines: [
              ['Provider', transaction.provider],
              [recipient.label, recipient.value],
              ['Item', transaction.description],
            ],
          }}
        />
      ) : null}
    </>
  );
}
