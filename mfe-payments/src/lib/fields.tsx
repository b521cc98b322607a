// The fields the three payment forms share, preset for SPEC §5: ref-forwarding, so
// react-hook-form's register() spreads onto them.
import { forwardRef, useId } from 'react';
import { PHONE_LENGTH, TELCOS } from '@ajo/shared/constants';
import { Button, Select, TextField, type SelectProps, type TextFieldProps } from '@ajo/shared/ui';
import styles from './payments.module.css';

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

/**
 * Proceed, disabled until the form is complete, saying what is still missing (a disabled button
 * alone tells a customer nothing). `missing` lists the fields in the order the form shows them.
 * Disabled too while the link is down (`offline`, from the money flow, which says why).
 */
export function ProceedButton({
  missing,
  offline = false,
}: {
  missing: readonly string[];
  offline?: boolean;
}) {
  const id = useId();
  const waiting = missing.length > 0;
  return (
    <>
      <Button
        type="submit"
        fullWidth
        disabled={waiting || offline}
        aria-describedby={waiting ? id : undefined}
      >
        Proceed
      </Button>
      {waiting ? (
        <p id={id} className={styles.muted}>
          Still needed: {missing.join(', ')}.
        </p>
      ) : null}
    </>
  );
}

/** The labels of the entries whose value is empty. */
export function missingOf(entries: ReadonlyArray<readonly [string, unknown]>): string[] {
  return entries.filter(([, value]) => !value).map(([label]) => label);
}
