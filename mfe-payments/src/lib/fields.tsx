// The fields the three payment forms share, preset for SPEC §5: ref-forwarding, so
// react-hook-form's register() spreads onto them.
import { forwardRef } from 'react';
import { PHONE_LENGTH, TELCOS } from '@ajo/shared/constants';
import { Select, TextField, type SelectProps, type TextFieldProps } from '@ajo/shared/ui';

/** SPEC §5: 0 + 10 digits (sent as 234…). */
export const PhoneNumberField = forwardRef<HTMLInputElement, Omit<TextFieldProps, 'label'>>(
  function PhoneNumberField(props, ref) {
    return (
      <TextField
        ref={ref}
        label="Phone number"
        inputMode="numeric"
        autoComplete="tel"
        maxLength={PHONE_LENGTH}
        hint="Like 08031234567"
        required
        {...props}
      />
    );
  },
);

/** SPEC §3: exactly the four telcos. */
export const NetworkSelect = forwardRef<HTMLSelectElement, Omit<SelectProps, 'label' | 'options'>>(
  function NetworkSelect(props, ref) {
    return (
      <Select
        ref={ref}
        label="Network"
        placeholder="Select network"
        required
        options={TELCOS.map((t) => ({ value: t.code, label: t.name }))}
        {...props}
      />
    );
  },
);
