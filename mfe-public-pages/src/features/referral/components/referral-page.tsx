import { Link, useParams } from 'react-router-dom';
import { Screen } from '@ajo/shared/ui/screen';

/** SPEC §2 referral landing /referral/{referral_code}. Placeholder until the referral issue lands. */
export function ReferralPage() {
  const { code } = useParams();
  return (
    <Screen title="Referral">
      <p>Referral code: {code}</p>
      <p>
        {/* SPEC §2: the referral page links to /terms-and-conditions, which falls to home. */}
        <Link to="/terms-and-conditions">Terms and conditions</Link>
      </p>
    </Screen>
  );
}
