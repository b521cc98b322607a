import { Screen } from '../../../app/screen';

/** Start NIN Verification (/nin-verification-start). Placeholder until the feature issue lands. */
export function NinVerificationStartScreen() {
  return (
    <Screen title="Start NIN Verification">
      <p>This screen is on its way.</p>
    </Screen>
  );
}
