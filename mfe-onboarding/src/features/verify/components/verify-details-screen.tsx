import { Link } from '@ajo/shared/router';
import { FormScreen } from '../../../lib/form-screen';
import styles from './verification.module.css';

/** /verify (SPEC §2 "Verify Details choice page"): BVN or NIN verification. */
export function VerifyDetailsScreen() {
  return (
    <FormScreen title="Verify Details" lead="Choose how you want to verify your identity.">
      <ul className={styles.choices}>
        <li>
          <Link className={styles.choice} to="/bvn-verification-start">
            <span className={styles.choiceTitle}>BVN Verification</span>
            <span className={styles.choiceText}>Use your Bank Verification Number.</span>
          </Link>
        </li>
        <li>
          <Link className={styles.choice} to="/nin-verification-start">
            <span className={styles.choiceTitle}>NIN Verification</span>
            <span className={styles.choiceText}>Use your National Identification Number.</span>
          </Link>
        </li>
      </ul>
    </FormScreen>
  );
}
