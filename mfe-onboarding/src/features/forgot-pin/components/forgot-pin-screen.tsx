import { useState } from 'react';
import { toLocalPhone } from '@ajo/shared/schemas';
import { CrossAppLink } from '@ajo/remote-kit/cross-app-link';
import { FormScreen } from '../../../lib/form-screen';
import styles from '../../../lib/form.module.css';
import { RequestOtpForm } from './request-otp-form';
import { ResetPinForm } from './reset-pin-form';

/**
 * Reset Security PIN (/forgot-pin, SPEC §2 / §4): request an OTP with the phone number, then the OTP
 * and the new security PIN; success goes to /login. A link back to /login on both steps.
 */
export function ForgotPinScreen() {
  const [phoneNumber, setPhoneNumber] = useState<string | null>(null);
  return (
    <FormScreen
      title="Reset Security PIN"
      lead={
        phoneNumber ? (
          <>
            Enter the OTP sent to <span className={styles.phone}>{toLocalPhone(phoneNumber)}</span>{' '}
            and choose a new PIN.
          </>
        ) : (
          'Enter your phone number and we will send you an OTP.'
        )
      }
    >
      {phoneNumber ? (
        <ResetPinForm phoneNumber={phoneNumber} onChangeNumber={() => setPhoneNumber(null)} />
      ) : (
        <RequestOtpForm onRequested={setPhoneNumber} />
      )}
      <p className={styles.links}>
        <span>
          Remember your PIN? <CrossAppLink href="/login">Back to login</CrossAppLink>
        </span>
      </p>
    </FormScreen>
  );
}
