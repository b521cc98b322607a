import { forwardRef } from 'react';
import type { InputHTMLAttributes, ReactNode } from 'react';
import styles from './field.module.css';
import { FieldShell } from './field-shell';
import { useFieldIds } from './use-field-ids';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  label: ReactNode;
  hint?: ReactNode;
  /** The message to show; its presence also sets aria-invalid. */
  error?: ReactNode;
  /**
   * Digits-only fields (PINs, OTPs, NIN, BVN, account numbers): numeric keypad on phones without
   * the spinner and scroll-wheel surprises of type="number", and anything but a digit dropped as it
   * is typed or pasted (SPEC §5 hints "Numbers only"; a desktop keyboard has letters).
   */
  numeric?: boolean;
  fieldClassName?: string;
}

/** A labelled text input with hint and error, ref-forwarding for react-hook-form's register(). */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, hint, error, numeric, id, className, fieldClassName, required, ...inputProps },
  ref,
) {
  const { onChange } = inputProps;
  const ids = useFieldIds(id, Boolean(hint), Boolean(error), inputProps['aria-describedby']);
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
      <input
        ref={ref}
        type="text"
        {...(numeric
          ? { inputMode: 'numeric' as const, pattern: '[0-9]*', autoComplete: 'off' }
          : {})}
        {...inputProps}
        onChange={
          numeric
            ? (event) => {
                const digits = event.target.value.replace(/\D/g, '');
                if (digits !== event.target.value) event.target.value = digits;
                onChange?.(event);
              }
            : onChange
        }
        id={ids.inputId}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        className={[styles.control, className].filter(Boolean).join(' ')}
      />
    </FieldShell>
  );
});
