import { useNavigate } from '@ajo/shared/router';
import { Button } from '@ajo/shared/ui';
import { FormScreen } from '../../../lib/form-screen';
import formStyles from '../../../lib/form.module.css';
import { ninStore, type NinVerificationData } from '../nin-store';
import styles from './nin-verification.module.css';

/**
 * SPEC §2/§4 follow-on view, shown while nin.verificationData is held: the masked holder details the
 * server returned, then on to the NIN result page. 'Use a different NIN' drops the data.
 */
export function NinDetailsView({ data }: { data: NinVerificationData }) {
  const navigate = useNavigate();
  return (
    <FormScreen title="Confirm your NIN details" lead="We found these details for your NIN.">
      <dl className={styles.details} aria-label="NIN holder details">
        <dt>NIN</dt>
        <dd>{data.nin}</dd>
        <dt>First name</dt>
        <dd>{data.first_name}</dd>
        <dt>Last name</dt>
        <dd>{data.last_name}</dd>
        <dt>Date of birth</dt>
        <dd>{data.date_of_birth}</dd>
      </dl>
      <div className={formStyles.actions}>
        <Button fullWidth onClick={() => navigate('/nin-verification-start/result')}>
          Continue
        </Button>
        <Button fullWidth variant="secondary" onClick={() => ninStore.clear()}>
          Use a different NIN
        </Button>
      </div>
    </FormScreen>
  );
}
