import { Screen } from '../../../app/screen';

/** Reset Security PIN (/forgot-pin). Placeholder until the feature issue lands. */
export function ForgotPinScreen() {
  return (
    <Screen title="Reset Security PIN">
      <p>This screen is on its way.</p>
    </Screen>
  );
}
