import { useCallback, useEffect, useRef, useState } from 'react';
import { BVN_VERIFY_ERROR } from '@ajo/shared/messages';
import { Button, Spinner } from '@ajo/shared/ui';
import { errorMessage } from '@ajo/remote-kit/services';
import { isSafeRedirect, redirectBrowser } from '@ajo/remote-kit/browser-redirect';
import { FormScreen } from '../../../lib/form-screen';
import { VerificationFailed } from '../../verify/components/verification-outcome';
import { startBvnVerification } from '../api';

/**
 * /bvn-verification-start (SPEC §2): asks the server for the provider's consent page and sends the
 * browser there. A failure (e.g. 409 already verified) shows the server's message and a retry.
 */
export function BvnVerificationStartScreen() {
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  const start = useCallback(async () => {
    setFailure(null);
    try {
      const { redirectUrl } = await startBvnVerification();
      if (!isSafeRedirect(redirectUrl)) throw new Error('unsafe redirect');
      // replace(): Back from the consent page returns to /verify, not into this redirect.
      redirectBrowser(redirectUrl, { replace: true });
    } catch (error) {
      setFailure(errorMessage(error, BVN_VERIFY_ERROR));
    }
  }, []);

  useEffect(() => {
    // Once per visit: a second GET would open a second consent session.
    if (started.current) return;
    started.current = true;
    void start();
  }, [start]);

  if (failure) {
    return (
      <VerificationFailed title="BVN Verification" message={failure} kinds={[]}>
        <Button fullWidth onClick={() => void start()}>
          Try again
        </Button>
      </VerificationFailed>
    );
  }
  return (
    <FormScreen title="BVN Verification" lead="Taking you to your BVN verification provider…">
      <Spinner size="large" label="Redirecting…" />
    </FormScreen>
  );
}
