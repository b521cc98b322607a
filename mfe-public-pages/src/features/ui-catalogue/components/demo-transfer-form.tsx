import { useState, type FormEvent } from 'react';
import { NARRATION_MAX_LENGTH } from '@ajo/shared/constants';
import type { MoneyFlowInitiate } from '@ajo/shared/money-flow';
import { Button, TextField } from '@ajo/shared/ui';
import { AmountField, WalletSelect } from '@ajo/shared/ui/money-fields';
import { DEMO_WALLETS, demoTransferSchema, type DemoTransfer } from '../demo-transfer';
import styles from './ui-catalogue.module.css';

type Errors = Partial<Record<keyof DemoTransfer, string>>;
const EMPTY = { wallet_account_number: '', amount: '', narration: '' };

/**
 * The initiate step as a screen writes it: the shared fields, Proceed enabled once the required
 * fields are filled (SPEC §4), the shared schema's messages on Proceed.
 */
export function DemoTransferForm({ proceed, draft }: MoneyFlowInitiate<DemoTransfer>) {
  const [values, setValues] = useState({ ...EMPTY, ...draft });
  const [errors, setErrors] = useState<Errors>({});
  const set = (field: keyof DemoTransfer) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = demoTransferSchema.safeParse(values);
    if (parsed.success) {
      proceed(parsed.data);
      return;
    }
    const next: Errors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof DemoTransfer;
      next[field] ??= issue.message;
    }
    setErrors(next);
  };

  const filled = values.wallet_account_number !== '' && values.amount.trim() !== '';
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <WalletSelect
        wallets={DEMO_WALLETS}
        required
        value={values.wallet_account_number}
        onChange={set('wallet_account_number')}
        error={errors.wallet_account_number}
      />
      <AmountField required value={values.amount} onChange={set('amount')} error={errors.amount} />
      <TextField
        label="Narration (optional)"
        maxLength={NARRATION_MAX_LENGTH}
        value={values.narration ?? ''}
        onChange={set('narration')}
        error={errors.narration}
      />
      <Button type="submit" disabled={!filled}>
        Proceed
      </Button>
    </form>
  );
}
