// The status step's own content for a purchase (SPEC §2): the server's sentence on where the money
// is, and for a delivered prepaid meter the token (0000-0000-0000-0000-0000), its units and Copy.
import { useState } from 'react';
import type { MoneyFlowStatusSlot } from '@ajo/shared/money-flow';
import { Button } from '@ajo/shared/ui';
import { SummaryList } from '@ajo/shared/ui/money-fields';
import { showToast } from '@ajo/remote-kit/services';
import type { PurchaseResult } from './payments-api';
import styles from './payments.module.css';
import { formatToken } from './token';

export const TOKEN_COPIED = 'Token copied to clipboard.';

export function PurchaseStatus<T>({ outcome }: MoneyFlowStatusSlot<T, PurchaseResult>) {
  const result = outcome.details;
  if (!result) return null;
  const { transaction } = result;
  return (
    <>
      <p className={styles.muted}>{result.message}</p>
      {transaction.token ? (
        <TokenPanel token={transaction.token} units={transaction.units} />
      ) : null}
      <SummaryList
        label="Purchase details"
        rows={[
          { label: 'Provider', value: transaction.provider },
          {
            label: transaction.product === 'electricity' ? 'Meter number' : 'Phone number',
            value: transaction.recipient,
          },
          { label: 'Item', value: transaction.description },
          { label: 'Amount', amount: transaction.amount },
        ]}
      />
    </>
  );
}

function TokenPanel({ token, units }: { token: string; units: string | null }) {
  const [copied, setCopied] = useState(false);
  const shown = formatToken(token);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(shown);
      setCopied(true);
      void showToast('success', TOKEN_COPIED);
    } catch {
      // No clipboard (permissions, old browser): the token stays on screen to copy by hand.
      setCopied(false);
    }
  };
  return (
    <div className={styles.token}>
      <span className={styles.muted} id="token-label">
        Electricity token
      </span>
      <output className={styles.tokenValue} aria-labelledby="token-label">
        {shown}
      </output>
      {units ? <span>{units} kWh</span> : null}
      <Button variant="secondary" onClick={() => void copy()}>
        {copied ? 'Copied' : 'Copy token'}
      </Button>
    </div>
  );
}
