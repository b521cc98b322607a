// "Report a problem" on a history line: a category, what happened, and at once a tracking number
// and the date by which the customer hears back (docs/decisions/034-complaints-with-a-clock.md).
import { useId, useRef, useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { Link } from '@ajo/shared/router';
import { Button, Select, TextField, VisuallyHidden } from '@ajo/shared/ui';
import { Modal } from '@ajo/shared/ui/modal';
import { errorMessage } from '@ajo/remote-kit/services';
import styles from './disputes.module.css';
import {
  ACCEPTED_ATTACHMENTS,
  attachmentProblem,
  DISPUTE_CATEGORIES,
  fileDispute,
  formatDateTime,
  MAX_DESCRIPTION,
  uploadAttachment,
} from '../api';

const ERROR_REPORTING = 'We could not send your report. Please try again.';
const ERROR_UPLOADING = 'We could not upload your file. Try again, or send your report without it.';

/** The optional file, uploaded as soon as it is chosen so a resend never uploads it again. */
type Attachment =
  | { file: File; state: 'uploading'; progress: number }
  | { file: File; state: 'uploaded'; url: string }
  | { file: File; state: 'failed'; message: string };

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
  const [attachment, setAttachment] = useState<Attachment | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [pickerKey, setPickerKey] = useState(0);
  // Each upload's number: an upload finishing after its file was removed or replaced is ignored.
  const uploadRun = useRef(0);
  const descriptionId = useId();

  const upload = async (file: File) => {
    const run = ++uploadRun.current;
    setAttachment({ file, state: 'uploading', progress: 0 });
    try {
      const url = await uploadAttachment(file, (progress) => {
        if (run === uploadRun.current) setAttachment({ file, state: 'uploading', progress });
      });
      if (run === uploadRun.current) setAttachment({ file, state: 'uploaded', url });
    } catch (failure) {
      if (run === uploadRun.current)
        setAttachment({ file, state: 'failed', message: errorMessage(failure, ERROR_UPLOADING) });
    }
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    uploadRun.current++;
    setAttachment(null);
    setFileError(null);
    if (!file) return;
    const problem = attachmentProblem(file);
    if (problem) {
      setFileError(problem);
      return;
    }
    void upload(file);
  };

  const remove = () => {
    uploadRun.current++;
    setAttachment(null);
    setFileError(null);
    // A fresh input: the browser forgets the removed file, and choosing it again fires a change.
    setPickerKey((key) => key + 1);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setError(null);
    try {
      // A failed upload is left out: the customer was told and chose to send without it.
      const attachmentUrl = attachment?.state === 'uploaded' ? attachment.url : undefined;
      const answer = await fileDispute(props.reference, {
        category,
        description,
        ...(attachmentUrl ? { attachment_url: attachmentUrl } : {}),
      });
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
          <TextField
            key={pickerKey}
            label="Attach a screenshot or receipt (optional)"
            type="file"
            accept={ACCEPTED_ATTACHMENTS}
            hint="A photo (JPEG or PNG) or a PDF, at most 5 MB"
            error={fileError ?? undefined}
            onChange={choose}
          />
          {attachment ? (
            <div className={styles.attachment}>
              {attachment.state === 'uploading' ? (
                <>
                  <progress
                    className={styles.progress}
                    max={100}
                    value={attachment.progress}
                    aria-label="Upload progress"
                  />
                  <p className={styles.muted} aria-live="polite">
                    Uploading… {attachment.progress}%
                  </p>
                </>
              ) : attachment.state === 'uploaded' ? (
                <p className={styles.muted} aria-live="polite">
                  Attached: {attachment.file.name}
                </p>
              ) : (
                <>
                  <p role="alert" className={styles.error}>
                    {attachment.message}
                  </p>
                  <Button
                    variant="secondary"
                    className={styles.reportButton}
                    onClick={() => void upload(attachment.file)}
                  >
                    Try the upload again
                  </Button>
                </>
              )}
              <Button variant="ghost" className={styles.reportButton} onClick={remove}>
                Remove attachment
              </Button>
            </div>
          ) : null}
          {error ? (
            <p role="alert" className={styles.error}>
              {error}
            </p>
          ) : null}
          <Button
            type="submit"
            disabled={
              !category ||
              description.trim().length === 0 ||
              sending ||
              attachment?.state === 'uploading'
            }
          >
            {sending ? 'Sending…' : 'Send report'}
          </Button>
        </form>
      )}
    </Modal>
  );
}
