import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { PIN_SUCCESS_RELOAD_MS, TRANSACTION_PIN_LENGTH } from '@ajo/shared/constants';
import { HINT_TRANSACTION_PIN, TRANSACTION_PIN_CREATED } from '@ajo/shared/messages';
import { transactionPinPairSchema, type TransactionPinPairValues } from '@ajo/shared/schemas';
import { Button, TextField } from '@ajo/shared/ui';
import { Modal } from '@ajo/shared/ui/modal';
import { createTransactionPin, serverMessageOf } from './prompt-api';
import type { PromptModalProps } from './prompt-types';
import styles from './prompts.module.css';

const resolver = zodResolver(
  transactionPinPairSchema,
) as unknown as Resolver<TransactionPinPairValues>;

export interface TransactionPinModalProps extends PromptModalProps {
  /** Reloads the page once the PIN exists; injectable because jsdom cannot stub location.reload. */
  reload?: () => void;
}

const reloadPage = () => window.location.reload();

/**
 * SPEC §4 / §5: Transaction PIN setup, 6 digits twice, a hint that it should differ from the login
 * PIN, 'Transaction PIN mismatch!'. SPEC §8 / §9: 'Transaction PIN Created!' then a reload after 1.5 s.
 */
export function TransactionPinModal({
  userId,
  services,
  onClose,
  reload = reloadPage,
}: TransactionPinModalProps) {
  const [created, setCreated] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TransactionPinPairValues>({
    resolver,
    defaultValues: { transaction_pin: '', confirm_transaction_pin: '' },
  });

  const toast = (kind: 'success' | 'error', message: string) =>
    services.bus.emit({ type: 'toast', toast: { kind, message } });

  const create = async (values: TransactionPinPairValues) => {
    try {
      const { api } = await services.loadApi();
      await createTransactionPin(api, userId, values);
    } catch (error) {
      toast('error', serverMessageOf(error));
      return;
    }
    setCreated(true);
    toast('success', TRANSACTION_PIN_CREATED);
    // SPEC §9 "PIN success reload 1.5 s": the reload brings back a user whose PIN is enabled.
    // Not cleared on close: the PIN exists either way and the page must pick that up.
    setTimeout(reload, PIN_SUCCESS_RELOAD_MS);
  };

  return (
    <Modal open onClose={onClose} title="Create Transaction PIN">
      <form className={styles.form} onSubmit={handleSubmit(create)} noValidate>
        <p className={styles.lead}>
          Set a 6-digit transaction PIN. You will use it to confirm transfers and payments.
        </p>
        <TextField
          label="Transaction PIN"
          type="password"
          numeric
          autoComplete="new-password"
          maxLength={TRANSACTION_PIN_LENGTH}
          hint={HINT_TRANSACTION_PIN}
          error={errors.transaction_pin?.message}
          {...register('transaction_pin')}
        />
        <TextField
          label="Confirm Transaction PIN"
          type="password"
          numeric
          autoComplete="new-password"
          maxLength={TRANSACTION_PIN_LENGTH}
          error={errors.confirm_transaction_pin?.message}
          {...register('confirm_transaction_pin')}
        />
        <Button type="submit" fullWidth loading={isSubmitting} disabled={created}>
          Create PIN
        </Button>
      </form>
    </Modal>
  );
}
