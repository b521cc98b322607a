import { Link, Navigate, useSearchParams } from '@ajo/shared/router';
import { BVN_DATA_NOT_FOUND, BVN_VERIFY_ERROR } from '@ajo/shared/messages';
import { UhOhPage, VerificationFailed } from '../../verify/components/verification-outcome';
import styles from '../../verify/components/verification.module.css';

/**
 * /bvn-verification-status?status=&tid= (SPEC §2 "BVN result page"), where the identity provider
 * sends the browser back. Success goes on to /onboarding?tid=; failure links to /signup with the
 * SPEC §8 messages; without both parameters, the 'Uh Oh!' page.
 */
export function BvnVerificationStatusScreen() {
  const [params] = useSearchParams();
  const status = params.get('status');
  const tid = params.get('tid');

  if (!status || !tid) return <UhOhPage message={BVN_DATA_NOT_FOUND} />;
  if (status === 'success') {
    return <Navigate to={`/onboarding?tid=${encodeURIComponent(tid)}`} replace />;
  }
  // 'failed': the provider found no match or refused it; anything else ('cancelled'): no data came back.
  const message = status === 'failed' ? BVN_VERIFY_ERROR : BVN_DATA_NOT_FOUND;
  return (
    <VerificationFailed title="BVN Verification Failed" message={message} kinds={['bvn', 'nin']}>
      <Link className={styles.linkButtonSecondary} to="/signup">
        Go to Sign up
      </Link>
    </VerificationFailed>
  );
}
