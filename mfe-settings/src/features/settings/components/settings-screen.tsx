import { Screen } from '@ajo/shared/ui/screen';

/** Settings (/settings). Placeholder until the feature issue lands. */
export function SettingsScreen() {
  return (
    <Screen title="Settings">
      <p>This screen is on its way.</p>
    </Screen>
  );
}
