import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from '@ajo/shared/router';
import { OTP_LENGTH, SESSION_PHONE_KEY } from '@ajo/shared/constants';
import { ERROR_SIGNING_UP } from '@ajo/shared/messages';
import {
  INTERNATIONAL_PHONE_PATTERN,
  signupOtpFormSchema,
  toLocalPhone,
  type SignupOtpFormValues,
} from '@ajo/shared/schemas';
import { Button, TextField } from '@ajo/shared/ui';
import { ResendOtp } from '@ajo/shared/ui/resend-otp';
import { loadHostSession } from '@ajo/remote-kit/host';
import { errorMessage, showToast } from '@ajo/remote-kit/services';
import { schemaResolver } from '@ajo/remote-kit/zod-form';
import { FormScreen } from '../../../lib/form-screen';
import styles from '../../../lib/form.module.css';
import { resendSignupOtp, verifySignupOtp } from '../api';

/** /otp (SPEC §2): the 6-character sign-up OTP; success goes to /security-pin. */
export function OtpScreen() {
  const phoneNumber = localStorage.getItem(SESSION_PHONE_KEY);
  // SPEC §2: without a stored phone number starting with 234, back to /signup.
  if (!phoneNumber || !INTERNATIONAL_PHONE_PATTERN.test(phoneNumber)) {
    return <Navigate to="/signup" replace />;
  }
  return <OtpForm phoneNumber={phoneNumber} />;
}

function OtpForm({ phoneNumber }: { phoneNumber: string }) {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignupOtpFormValues>({
    resolver: schemaResolver<SignupOtpFormValues>(signupOtpFormSchema),
    defaultValues: { otp: '' },
  });

  const confirmOtp = async ({ otp }: SignupOtpFormValues) => {
    try {
      const { token } = await verifySignupOtp({ phone_number: phoneNumber, otp });
      // The sign-up token proves the phone to POST /users (/register); host/session keeps it.
      const { session } = await loadHostSession();
      session.startSignup(token);
      navigate('/security-pin');
    } catch (error) {
      // SPEC §8 "OTP failure: server message only"; the sign-up fallback covers a network failure.
      void showToast('error', errorMessage(error, ERROR_SIGNING_UP));
    }
  };

  return (
    <FormScreen
      title="OTP Verification"
      lead={
        <>
          Enter the code we sent to{' '}
          <span className={styles.phone}>{toLocalPhone(phoneNumber)}</span>.
        </>
      }
    >
      <form className={styles.form} onSubmit={handleSubmit(confirmOtp)} noValidate>
        <TextField
          label="OTP"
          numeric
          autoComplete="one-time-code"
          maxLength={OTP_LENGTH}
          required
          error={errors.otp?.message}
          {...register('otp')}
        />
        {/* SPEC §4 OTP resend: GET /auth/get-otps (SPEC §7) after the 180-s countdown. */}
        <ResendOtp onResend={() => resendSignupOtp(phoneNumber)} />
        <div className={styles.actions}>
          <Button type="submit" fullWidth loading={isSubmitting}>
            Verify
          </Button>
        </div>
      </form>
      <p className={styles.links}>
        <span>
          Wrong number? <Link to="/signup">Change it</Link>
        </span>
      </p>
    </FormScreen>
  );
}
