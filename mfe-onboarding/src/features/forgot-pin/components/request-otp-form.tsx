import { useForm } from 'react-hook-form';
import { PHONE_LENGTH } from '@ajo/shared/constants';
import { ERROR_REQUESTING_OTP, PLACEHOLDER_PHONE } from '@ajo/shared/messages';
import {
  securityPinResetRequestSchema,
  toInternationalPhone,
  type SecurityPinResetRequestValues,
} from '@ajo/shared/schemas';
import { Button, TextField } from '@ajo/shared/ui';
import { errorMessage, showToast } from '@ajo/remote-kit/services';
import { schemaResolver } from '@ajo/remote-kit/zod-form';
import styles from '../../../lib/form.module.css';
import { requestPinResetOtp } from '../api';

/** Step 1 (SPEC §4 Security PIN reset: request-otp). Calls back with the 234 number on success. */
export function RequestOtpForm({ onRequested }: { onRequested: (phoneNumber: string) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SecurityPinResetRequestValues>({
    resolver: schemaResolver<SecurityPinResetRequestValues>(securityPinResetRequestSchema),
    defaultValues: { phone_number: '' },
  });

  const requestOtp = async (values: SecurityPinResetRequestValues) => {
    // SPEC §7: phone_number=234{number without leading 0}.
    const phoneNumber = toInternationalPhone(values.phone_number);
    try {
      const { message } = await requestPinResetOtp(phoneNumber);
      void showToast('success', message);
      onRequested(phoneNumber);
    } catch (error) {
      void showToast('error', errorMessage(error, ERROR_REQUESTING_OTP));
    }
  };

  return (
    <form className={styles.form} onSubmit={handleSubmit(requestOtp)} noValidate>
      <TextField
        label="Phone number"
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        maxLength={PHONE_LENGTH}
        placeholder={PLACEHOLDER_PHONE}
        required
        error={errors.phone_number?.message}
        {...register('phone_number')}
      />
      <div className={styles.actions}>
        <Button type="submit" fullWidth loading={isSubmitting}>
          Request OTP
        </Button>
      </div>
    </form>
  );
}
