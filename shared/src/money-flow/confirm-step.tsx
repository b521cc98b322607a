import { useRef, useState, type FormEvent } from 'react';
import { transactionPinSchema } from '@ajo/shared/schemas';
import { Button } from '@ajo/shared/ui';
import { PinField } from '../ui/pin-field';
import { SummaryList, type SummaryRow } from '../ui/summary-list';
import { firstIssue } from './first-issue';
import styles from './money-flow.module.css';

export interface ConfirmStepProps {
  rows: readonly SummaryRow[];
  processing: boolean;
  /** The link is down: Next is disabled and described by the flow's reason (this element id). */
  offlineReasonId?: string;
  onConfirm: (transactionPin: string) => void;
  onBack: () => void;
}

/**
 * SPEC §2 / §5 confirm step: a read-only summary and the 6-digit transaction PIN; Next is disabled
 * while processing.
 */
export function ConfirmStep({
  rows,
  processing,
  offlineReasonId,
  onConfirm,
  onBack,
}: ConfirmStepProps) {
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string>();
  const pinRef = useRef<HTMLInputElement>(null);

  const next = (event: FormEvent) => {
    event.preventDefault();
    const checked = transactionPinSchema.safeParse(pin);
    if (!checked.success) {
      setError(firstIssue(checked));
      pinRef.current?.focus();
      return;
    }
    setError(undefined);
    onConfirm(checked.data);
  };

  return (
    <>
      <p className={styles.lead}>Check the details, then enter your transaction PIN.</p>
      <SummaryList rows={rows} label="Transaction details" />
      <form className={styles.form} onSubmit={next} noValidate>
        <PinField
          ref={pinRef}
          required
          value={pin}
          onChange={(event) => setPin(event.target.value)}
          error={error}
        />
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onBack} disabled={processing}>
            Back
          </Button>
          <Button
            type="submit"
            loading={processing}
            loadingLabel="Processing…"
            disabled={Boolean(offlineReasonId)}
            aria-describedby={offlineReasonId}
          >
            Next
          </Button>
        </div>
      </form>
    </>
  );
}
