import { forwardRef } from 'react';
import type { ReactNode } from 'react';
import { SECURITY_PIN_LENGTH, TRANSACTION_PIN_LENGTH } from '@ajo/shared/constants';
import { TextField, type TextFieldProps } from './text-field';

export interface PinFieldProps extends Omit<TextFieldProps, 'type' | 'numeric' | 'label'> {
  /** SPEC §9: transaction PIN 6 digits (the default), login / security PIN 4. */
  length?: typeof TRANSACTION_PIN_LENGTH | typeof SECURITY_PIN_LENGTH;
  /** Defaults to 'Transaction PIN' (6 digits) or 'Security PIN' (4). */
  label?: ReactNode;
}

/**
 * A PIN: masked like a password, the numeric keypad on phones, at most `length` digits. The exact
 * rule and its message are the shared schema's (`transactionPinSchema`, `securityPinSchema`).
 */
export const PinField = forwardRef<HTMLInputElement, PinFieldProps>(function PinField(
  { length = TRANSACTION_PIN_LENGTH, label, ...rest },
  ref,
) {
  return (
    <TextField
      ref={ref}
      label={label ?? (length === SECURITY_PIN_LENGTH ? 'Security PIN' : 'Transaction PIN')}
      type="password"
      numeric
      maxLength={length}
      // Password managers must not offer to save a PIN.
      autoComplete="off"
      {...rest}
    />
  );
});
