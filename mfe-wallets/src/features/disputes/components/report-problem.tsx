// "Report a problem" on a history line: a category, what happened, and at once a tracking number
// and the date by which the customer hears back (docs/decisions/034-complaints-with-a-clock.md).
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from '@ajo/shared/router';
import { Button, Select, VisuallyHidden } from '@ajo/shared/ui';
import { Modal } from '@ajo/shared/ui/modal';
import { errorMessage } from '@ajo/remote-kit/services';
import styles from './disputes.module.css';
import { DISPUTE_CATEGORIES, fileDispute, formatDateTime, MAX_DESCRIPTION } from '../api';

const ERROR_REPORTING = 'We could not send your report. Please try again.';

type Filed = { trackingNumber: string; respondBy: string };

export function ReportProblem(props: { reference: string; about: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="ghost" className={styles.reportButton} onClick={() => setOpen(true)}>
        Report a problem<VisuallyHidden> with {props.about}</VisuallyHidden>
      </Button>
      {open ? (
        <ReportProblemDialog
          reference={props.reference}
          about={props.about}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}

export function ReportProblemDialog(props: {
  reference: string;
  about: string;
  onClose: () => void;
  /** Told once the complaint exists (My reports reloads its list). */
  onFiled?: () => void;
}) {
  const [category, setCategory] = useState('');
  const [description, setDescription] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [filed, setFiled] = useState<Filed | null>(null);
  const descriptionId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setError(null);
    try {
      const answer = await fileDispute(props.reference, { category, description });
      setFiled({ trackingNumber: answer.tracking_number, respondBy: answer.respond_by });
      props.onFiled?.();
    } catch (failure) {
      setError(errorMessage(failure, ERROR_REPORTING));
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal open onClose={props.onClose} title="Report a problem">
      {filed ? (
        <div className={styles.stack} role="status">
          <p>
            Your tracking number is <strong>{filed.trackingNumber}</strong>.
          </p>
          <p>We will answer by {formatDateTime(filed.respondBy)}.</p>
          <Link to="/dashboard/reports">See My reports</Link>
        </div>
      ) : (
        <form className={styles.stack} onSubmit={submit} noValidate>
          <p className={styles.muted}>{props.about}</p>
          <Select
            label="What went wrong?"
            placeholder="Choose one"
            value={category}
            onChange={(event) => setCategory(event.target.value)}
            options={DISPUTE_CATEGORIES.map((c) => ({ value: c.value, label: c.label }))}
            required
          />
          <label htmlFor={descriptionId} className={styles.fieldLabel}>
            What happened?
          </label>
          <textarea
            id={descriptionId}
            className={styles.textArea}
            value={description}
            maxLength={MAX_DESCRIPTION}
            rows={4}
            onChange={(event) => setDescription(event.target.value)}
            required
          />
          {error ? (
            <p role="alert" className={styles.error}>
              {error}
            </p>
          ) : null}
          <Button type="submit" disabled={!category || description.trim().length === 0 || sending}>
            {sending ? 'Sending…' : 'Send report'}
          </Button>
        </form>
      )}
    </Modal>
  );
}
