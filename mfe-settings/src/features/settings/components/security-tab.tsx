import { Button } from '@ajo/shared/ui';
import { PinField } from '@ajo/shared/ui/money-fields';
import { CrossAppLink } from '@ajo/remote-kit/cross-app-link';
import styles from '../settings.module.css';

/**
 * SPEC §2 Security: the security PIN form is shown with its inputs and button disabled (the PIN is
 * changed through the reset flow); 'Forgot your security pin?' goes to /dashboard.
 */
export function SecurityTab() {
  return (
    <section className={styles.section} aria-labelledby="settings-security">
      <h2 id="settings-security">Security</h2>
      <form className={styles.form} onSubmit={(event) => event.preventDefault()}>
        <PinField length={4} label="Current security PIN" disabled />
        <PinField length={4} label="New security PIN" disabled />
        <PinField length={4} label="Confirm security PIN" disabled />
        <Button type="submit" disabled>
          Update
        </Button>
      </form>
      <CrossAppLink href="/dashboard" className={styles.link}>
        Forgot your security pin?
      </CrossAppLink>
    </section>
  );
}
