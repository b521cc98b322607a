import { Screen } from '../../../app/screen';

/** BVN Verification Status (/bvn-verification-status). Placeholder until the feature issue lands. */
export function BvnVerificationStatusScreen() {
  return (
    <Screen title="BVN Verification Status">
      <p>This screen is on its way.</p>
    </Screen>
  );
}
