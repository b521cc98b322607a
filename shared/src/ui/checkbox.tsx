import { forwardRef } from 'react';
import type { InputHTMLAttributes, ReactNode } from 'react';
import styles from './field.module.css';
import { useFieldIds } from './use-field-ids';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
}

/** A checkbox with its label beside it (terms, Save Beneficiary, delete-account agreement). */
export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox(
  { label, hint, error, id, className, ...inputProps },
  ref,
) {
  const ids = useFieldIds(id, Boolean(hint), Boolean(error), inputProps['aria-describedby']);
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <div className={styles.checkboxRow}>
        <input
          ref={ref}
          type="checkbox"
          {...inputProps}
          id={ids.inputId}
          className={styles.checkbox}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
        />
        <label htmlFor={ids.inputId}>{label}</label>
      </div>
      {hint ? (
        <span id={ids.hintId} className={styles.hint}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={ids.errorId} className={styles.error} role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
});
