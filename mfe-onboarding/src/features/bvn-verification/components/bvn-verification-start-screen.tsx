import { Screen } from '../../../app/screen';

/** BVN Verification (/bvn-verification-start). Placeholder until the feature issue lands. */
export function BvnVerificationStartScreen() {
  return (
    <Screen title="BVN Verification">
      <p>This screen is on its way.</p>
    </Screen>
  );
}
