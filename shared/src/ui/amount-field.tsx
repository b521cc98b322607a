import { forwardRef } from 'react';
import type { ReactNode } from 'react';
import { AMOUNT_MAX_LENGTH } from '@ajo/shared/constants';
import { HINT_POSITIVE_NUMBERS } from '@ajo/shared/messages';
import { TextField, type TextFieldProps } from './text-field';

export interface AmountFieldProps extends Omit<TextFieldProps, 'type' | 'numeric' | 'label'> {
  /** Defaults to 'Amount'. */
  label?: ReactNode;
}

/**
 * SPEC §5 amount: numeric, step 0.01, max length 10, hint 'Positive numbers only'. A text input with
 * the decimal keypad rather than type="number": maxlength only works on text inputs, and a number
 * input changes on a scroll wheel and accepts 'e'. Step 0.01 (at most 2 decimals) and > 0 are
 * `amountSchema`'s checks, with its messages.
 */
export const AmountField = forwardRef<HTMLInputElement, AmountFieldProps>(function AmountField(
  { label = 'Amount', hint = HINT_POSITIVE_NUMBERS, ...rest },
  ref,
) {
  return (
    <TextField
      ref={ref}
      label={label}
      hint={hint}
      inputMode="decimal"
      maxLength={AMOUNT_MAX_LENGTH}
      autoComplete="off"
      {...rest}
    />
  );
});
