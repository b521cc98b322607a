import { forwardRef } from 'react';
import type { ReactNode, SelectHTMLAttributes } from 'react';
import styles from './field.module.css';
import { FieldShell } from './field-shell';
import { useFieldIds } from './use-field-ids';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: ReactNode;
  options: readonly SelectOption[];
  /** First, empty option ('' value), e.g. 'Select wallet'. */
  placeholder?: string;
  hint?: ReactNode;
  error?: ReactNode;
  fieldClassName?: string;
}

/** A labelled native select: the most accessible choice for short lists (wallets, networks). */
export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select(
  {
    label,
    options,
    placeholder,
    hint,
    error,
    id,
    className,
    fieldClassName,
    required,
    ...selectProps
  },
  ref,
) {
  const ids = useFieldIds(id, Boolean(hint), Boolean(error), selectProps['aria-describedby']);
  return (
    <FieldShell
      inputId={ids.inputId}
      label={label}
      hint={hint}
      hintId={ids.hintId}
      error={error}
      errorId={ids.errorId}
      required={required}
      className={fieldClassName}
    >
      <select
        ref={ref}
        {...selectProps}
        id={ids.inputId}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        className={[styles.control, className].filter(Boolean).join(' ')}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
});
