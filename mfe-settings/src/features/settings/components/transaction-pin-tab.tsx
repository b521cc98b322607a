import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { User } from '@ajo/shared/entities';
import { ERROR_REQUESTING_OTP } from '@ajo/shared/messages';
import {
  transactionPinResetFormSchema,
  type TransactionPinResetFormValues,
} from '@ajo/shared/schemas';
import { Button, TextField } from '@ajo/shared/ui';
import { PinField } from '@ajo/shared/ui/money-fields';
import { errorMessage, navigateAcrossApps, showToast } from '@ajo/remote-kit/services';
import { schemaResolver } from '@ajo/remote-kit/zod-form';
import { requestTransactionPinOtp, resetTransactionPin } from '../api';
import styles from '../settings.module.css';
import { toLocalPhone } from '@ajo/shared/schemas';

/** SPEC §4 Transaction PIN reset: request-otp, submit-otp, then /dashboard. */
export function TransactionPinTab({ user }: { user: User }) {
  const [step, setStep] = useState<'request-otp' | 'submit-otp'>('request-otp');
  const [requesting, setRequesting] = useState(false);
  const form = useForm<TransactionPinResetFormValues>({
    resolver: schemaResolver<TransactionPinResetFormValues>(transactionPinResetFormSchema),
    defaultValues: { otp: '', transaction_pin: '', confirm_transaction_pin: '' },
  });

  const requestOtp = async () => {
    setRequesting(true);
    try {
      await showToast('success', await requestTransactionPinOtp(user.phone_number));
      setStep('submit-otp');
    } catch (error) {
      await showToast('error', errorMessage(error, ERROR_REQUESTING_OTP));
    } finally {
      setRequesting(false);
    }
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      const message = await resetTransactionPin(user.id, {
        ...values,
        phone_number: user.phone_number,
      });
      await showToast('success', message);
      await navigateAcrossApps('/dashboard');
    } catch (error) {
      form.setValue('otp', '');
      await showToast('error', errorMessage(error, 'Could not reset your transaction PIN.'));
    }
  });

  const errors = form.formState.errors;
  return (
    <section className={styles.section} aria-labelledby="settings-transaction-pin">
      <h2 id="settings-transaction-pin">Transaction Pin</h2>
      {step === 'request-otp' ? (
        <>
          <p className={styles.muted}>
            We will send a one-time password to {toLocalPhone(user.phone_number)} to confirm it is
            you.
          </p>
          <div>
            <Button onClick={requestOtp} loading={requesting}>
              Request OTP
            </Button>
          </div>
        </>
      ) : (
        <form className={styles.form} onSubmit={submit} noValidate>
          <TextField
            label="OTP"
            numeric
            maxLength={6}
            autoComplete="one-time-code"
            error={errors.otp?.message}
            {...form.register('otp')}
          />
          <PinField
            label="New transaction PIN"
            hint="6 digits, different from your login PIN"
            error={errors.transaction_pin?.message}
            {...form.register('transaction_pin')}
          />
          <PinField
            label="Confirm transaction PIN"
            error={errors.confirm_transaction_pin?.message}
            {...form.register('confirm_transaction_pin')}
          />
          <Button type="submit" loading={form.formState.isSubmitting}>
            Reset Transaction PIN
          </Button>
          <Button variant="ghost" onClick={requestOtp} loading={requesting}>
            Send a new OTP
          </Button>
        </form>
      )}
    </section>
  );
}
