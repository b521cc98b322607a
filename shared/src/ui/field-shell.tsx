import type { ReactNode } from 'react';
import styles from './field.module.css';

export interface FieldShellProps {
  inputId: string;
  label: ReactNode;
  hint?: ReactNode;
  hintId?: string;
  error?: ReactNode;
  errorId?: string;
  required?: boolean;
  className?: string;
  children: ReactNode;
}

/** Label above, hint and error below; the ids are the ones the control's aria-describedby names. */
export function FieldShell(props: FieldShellProps) {
  const { inputId, label, hint, hintId, error, errorId, required, className, children } = props;
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label id={`${inputId}-label`} className={styles.label} htmlFor={inputId}>
        {label}
        {required ? (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint ? (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={errorId} className={styles.error} role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}
