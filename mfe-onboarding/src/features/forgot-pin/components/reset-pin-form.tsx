import { useForm } from 'react-hook-form';
import { OTP_LENGTH, SECURITY_PIN_LENGTH } from '@ajo/shared/constants';
import { AN_ERROR_OCCURRED, HINT_SECURITY_PIN } from '@ajo/shared/messages';
import { securityPinResetFormSchema, type SecurityPinResetFormValues } from '@ajo/shared/schemas';
import { Button, TextField } from '@ajo/shared/ui';
import { errorMessage, navigateAcrossApps, showToast } from '@ajo/remote-kit/services';
import { schemaResolver } from '@ajo/remote-kit/zod-form';
import styles from '../../../lib/form.module.css';
import { resetSecurityPin } from '../api';

/** Step 2 (SPEC §4: submit-otp, then /login): the 6-digit OTP and the new 4-digit security PIN. */
export function ResetPinForm({
  phoneNumber,
  onChangeNumber,
}: {
  phoneNumber: string;
  onChangeNumber: () => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SecurityPinResetFormValues>({
    resolver: schemaResolver<SecurityPinResetFormValues>(securityPinResetFormSchema),
    defaultValues: { otp: '', security_pin: '' },
  });

  const resetPin = async (values: SecurityPinResetFormValues) => {
    try {
      const { message } = await resetSecurityPin({ ...values, phone_number: phoneNumber });
      void showToast('success', message);
      void navigateAcrossApps('/login');
    } catch (error) {
      // The SPEC gives no fallback for this step; the server's message (e.g. a bad OTP) comes first.
      void showToast('error', errorMessage(error, AN_ERROR_OCCURRED));
    }
  };

  return (
    <form className={styles.form} onSubmit={handleSubmit(resetPin)} noValidate>
      <TextField
        label="OTP"
        numeric
        autoComplete="one-time-code"
        maxLength={OTP_LENGTH}
        required
        error={errors.otp?.message}
        {...register('otp')}
      />
      <TextField
        label="New security PIN"
        type="password"
        numeric
        autoComplete="new-password"
        maxLength={SECURITY_PIN_LENGTH}
        hint={HINT_SECURITY_PIN}
        required
        error={errors.security_pin?.message}
        {...register('security_pin')}
      />
      <div className={styles.actions}>
        <Button type="submit" fullWidth loading={isSubmitting}>
          Reset PIN
        </Button>
        <Button variant="ghost" fullWidth onClick={onChangeNumber} disabled={isSubmitting}>
          Use a different number
        </Button>
      </div>
    </form>
  );
}
