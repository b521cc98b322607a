import { Screen } from '../../../app/screen';

/** Verify Details (/verify). Placeholder until the feature issue lands. */
export function VerifyDetailsScreen() {
  return (
    <Screen title="Verify Details">
      <p>This screen is on its way.</p>
    </Screen>
  );
}
