import { Link } from '@ajo/shared/router';
import { NIN_DATA_NOT_FOUND, NIN_VERIFY_ERROR } from '@ajo/shared/messages';
import { FormScreen } from '../../../lib/form-screen';
import { UhOhPage, VerificationFailed } from '../../verify/components/verification-outcome';
import verificationStyles from '../../verify/components/verification.module.css';
import { useNinVerificationData } from '../nin-store';

/**
 * /nin-verification-start/result (SPEC §2 "NIN result page"): success when nin is present, with a
 * link to /onboarding?tid=; otherwise a link to /signup; the error page without verification data.
 */
export function NinResultScreen() {
  const data = useNinVerificationData();
  if (!data) return <UhOhPage message={NIN_DATA_NOT_FOUND} />;
  if (!data.nin) {
    return (
      <VerificationFailed
        title="NIN Verification Failed"
        message={NIN_VERIFY_ERROR}
        kinds={['nin']}
      >
        <Link className={verificationStyles.linkButtonSecondary} to="/signup">
          Go to Sign up
        </Link>
      </VerificationFailed>
    );
  }
  return (
    <FormScreen
      title="NIN Verified"
      lead="Your NIN was found. Next, confirm your details and take a photo."
    >
      <Link
        className={verificationStyles.linkButton}
        to={`/onboarding?tid=${encodeURIComponent(data.tid)}`}
      >
        Continue to onboarding
      </Link>
    </FormScreen>
  );
}
