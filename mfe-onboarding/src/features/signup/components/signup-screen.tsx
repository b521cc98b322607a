import { useForm } from 'react-hook-form';
import { useNavigate } from '@ajo/shared/router';
import { PHONE_LENGTH, SESSION_PHONE_KEY } from '@ajo/shared/constants';
import { ERROR_SIGNING_UP, PLACEHOLDER_PHONE } from '@ajo/shared/messages';
import {
  signupPhoneFormSchema,
  toInternationalPhone,
  type SignupPhoneFormValues,
} from '@ajo/shared/schemas';
import { Button, Checkbox, TextField } from '@ajo/shared/ui';
import { CrossAppLink } from '@ajo/remote-kit/cross-app-link';
import { errorMessage, showToast } from '@ajo/remote-kit/services';
import { schemaResolver } from '@ajo/remote-kit/zod-form';
import { FormScreen } from '../../../lib/form-screen';
import styles from '../../../lib/form.module.css';
import { requestSignupOtp } from '../api';

/** /signup (SPEC §2): phone number plus the required terms checkbox; success goes to /otp. */
export function SignupScreen() {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignupPhoneFormValues>({
    resolver: schemaResolver<SignupPhoneFormValues>(signupPhoneFormSchema),
    defaultValues: { phone_number: '' },
  });

  const startSignup = async (values: SignupPhoneFormValues) => {
    // SPEC §5: sent with the leading 0 replaced by 234; /otp reads the same number back.
    const phoneNumber = toInternationalPhone(values.phone_number);
    try {
      const { message } = await requestSignupOtp(phoneNumber);
      localStorage.setItem(SESSION_PHONE_KEY, phoneNumber);
      void showToast('success', message);
      navigate('/otp');
    } catch (error) {
      void showToast('error', errorMessage(error, ERROR_SIGNING_UP));
    }
  };

  return (
    <FormScreen title="Sign up" lead="Create your Ajo Wallet account with your phone number.">
      <form className={styles.form} onSubmit={handleSubmit(startSignup)} noValidate>
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
        <Checkbox
          label={
            <>
              I agree to the{' '}
              <CrossAppLink className={styles.inlineLink} href="/terms-and-conditions/account">
                Terms and Conditions
              </CrossAppLink>
            </>
          }
          error={errors.terms?.message}
          {...register('terms')}
        />
        <div className={styles.actions}>
          <Button type="submit" fullWidth loading={isSubmitting}>
            Sign up
          </Button>
        </div>
      </form>
      <p className={styles.links}>
        <span>
          Already have an account? <CrossAppLink href="/login">Login</CrossAppLink>
        </span>
      </p>
    </FormScreen>
  );
}
