import { Checkbox, Select } from '@ajo/shared/ui';
import { CONFIRM_ANSWERS, OTP_ANSWERS, RESEND_ANSWERS, type FakeAnswers } from '../fake-server';
import styles from './ui-catalogue.module.css';

/** SLOW_MS lets the developer see Next and Verify busy (and try a double click). */
export const SLOW_MS = 2000;

/** One question to the fake server: a select over the answers of `labels`. */
function AnswerSelect<K extends string>(props: {
  label: string;
  labels: Record<K, string>;
  value: K;
  onPick: (value: K) => void;
}) {
  const { label, labels, value, onPick } = props;
  // The option picked, as one of the record's keys (the select only offers those).
  const isAnswer = (picked: string): picked is K =>
    Object.prototype.hasOwnProperty.call(labels, picked);
  return (
    <Select
      label={label}
      options={Object.entries<string>(labels).map(([key, text]) => ({ value: key, label: text }))}
      value={value}
      onChange={(event) => {
        if (isAnswer(event.target.value)) onPick(event.target.value);
      }}
    />
  );
}

export function FakeServerAnswers({
  answers,
  onChange,
}: {
  answers: FakeAnswers;
  onChange: (answers: FakeAnswers) => void;
}) {
  return (
    <fieldset className={styles.answers}>
      <legend>Fake server answers</legend>
      <AnswerSelect
        label="Answer to Next (confirm)"
        labels={CONFIRM_ANSWERS}
        value={answers.confirm}
        onPick={(confirm) => onChange({ ...answers, confirm })}
      />
      <AnswerSelect
        label="Answer to Verify (OTP)"
        labels={OTP_ANSWERS}
        value={answers.otp}
        onPick={(otp) => onChange({ ...answers, otp })}
      />
      <AnswerSelect
        label="Answer to Resend OTP"
        labels={RESEND_ANSWERS}
        value={answers.resend}
        onPick={(resend) => onChange({ ...answers, resend })}
      />
      <Checkbox
        label="Answer after 2 seconds"
        checked={answers.delayMs > 0}
        onChange={(event) => onChange({ ...answers, delayMs: event.target.checked ? SLOW_MS : 0 })}
      />
    </fieldset>
  );
}
