import { Checkbox, Select } from '@ajo/shared/ui';
import { CONFIRM_ANSWERS, OTP_ANSWERS, RESEND_ANSWERS, type FakeAnswers } from '../fake-server';
import styles from './ui-catalogue.module.css';

const optionsOf = (labels: Record<string, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

/** The option picked, as one of the record's keys (the select only offers those). */
function keyIn<T extends Record<string, string>>(labels: T, value: string): keyof T | undefined {
  return Object.prototype.hasOwnProperty.call(labels, value) ? value : undefined;
}

/** SLOW_MS lets the developer see Next and Verify busy (and try a double click). */
export const SLOW_MS = 2000;

export function FakeServerAnswers({
  answers,
  onChange,
}: {
  answers: FakeAnswers;
  onChange: (answers: FakeAnswers) => void;
}) {
  const pick = <K extends keyof FakeAnswers>(key: K, value: FakeAnswers[K] | undefined) => {
    if (value !== undefined) onChange({ ...answers, [key]: value });
  };
  return (
    <fieldset className={styles.answers}>
      <legend>Fake server answers</legend>
      <Select
        label="Answer to Next (confirm)"
        options={optionsOf(CONFIRM_ANSWERS)}
        value={answers.confirm}
        onChange={(e) => pick('confirm', keyIn(CONFIRM_ANSWERS, e.target.value))}
      />
      <Select
        label="Answer to Verify (OTP)"
        options={optionsOf(OTP_ANSWERS)}
        value={answers.otp}
        onChange={(e) => pick('otp', keyIn(OTP_ANSWERS, e.target.value))}
      />
      <Select
        label="Answer to Resend OTP"
        options={optionsOf(RESEND_ANSWERS)}
        value={answers.resend}
        onChange={(e) => pick('resend', keyIn(RESEND_ANSWERS, e.target.value))}
      />
      <Checkbox
        label="Answer after 2 seconds"
        checked={answers.delayMs > 0}
        onChange={(e) => pick('delayMs', e.target.checked ? SLOW_MS : 0)}
      />
    </fieldset>
  );
}
