import { Screen } from '../../../app/screen';

/** Set Security PIN (/security-pin). Placeholder until the feature issue lands. */
export function SecurityPinScreen() {
  return (
    <Screen title="Set Security PIN">
      <p>This screen is on its way.</p>
    </Screen>
  );
}
