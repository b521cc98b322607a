import { Screen } from '../../../app/screen';

/** Account Setup (/register). Placeholder until the feature issue lands. */
export function AccountSetupScreen() {
  return (
    <Screen title="Account Setup">
      <p>This screen is on its way.</p>
    </Screen>
  );
}
