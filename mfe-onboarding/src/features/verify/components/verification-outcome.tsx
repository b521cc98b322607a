// The outcome panels the BVN, NIN and onboarding screens share: SPEC §2's 'Uh Oh!' error page and
// the restart screens (BVN restart to /bvn-verification-start, NIN restart to
// /nin-verification-start, Back to Home to /).
import type { ReactNode } from 'react';
import { Link } from '@ajo/shared/router';
import { ERROR_PAGE_TITLE } from '@ajo/shared/messages';
import { Button } from '@ajo/shared/ui';
import { CrossAppLink } from '@ajo/remote-kit/cross-app-link';
import { navigateAcrossApps } from '@ajo/remote-kit/services';
import { FormScreen } from '../../../lib/form-screen';
import styles from './verification.module.css';

/** SPEC §2: the error page titled 'Uh Oh!' with a button to / (the home page is another app's). */
export function UhOhPage({ message }: { message: string }) {
  return (
    <FormScreen title={ERROR_PAGE_TITLE}>
      <p className={styles.message} role="alert">
        {message}
      </p>
      <Button fullWidth onClick={() => void navigateAcrossApps('/')}>
        Back to Home
      </Button>
    </FormScreen>
  );
}

export type RestartKind = 'bvn' | 'nin';

/** SPEC §2 restart screens: links to start the chosen verification again, and Back to Home. */
export function RestartLinks({ kinds }: { kinds: readonly RestartKind[] }) {
  return (
    <nav className={styles.stack} aria-label="Restart verification">
      {kinds.includes('bvn') ? (
        <Link className={styles.linkButton} to="/bvn-verification-start">
          Restart BVN Verification
        </Link>
      ) : null}
      {kinds.includes('nin') ? (
        <Link className={styles.linkButton} to="/nin-verification-start">
          Restart NIN Verification
        </Link>
      ) : null}
      <CrossAppLink className={styles.linkButtonSecondary} href="/">
        Back to Home
      </CrossAppLink>
    </nav>
  );
}

/** A failed verification: the SPEC message, then the restart links (and any extra action). */
export function VerificationFailed(props: {
  title: string;
  message: string;
  kinds: readonly RestartKind[];
  children?: ReactNode;
}) {
  return (
    <FormScreen title={props.title}>
      <p className={styles.message} role="alert">
        {props.message}
      </p>
      {props.children}
      <RestartLinks kinds={props.kinds} />
    </FormScreen>
  );
}
