import { Screen } from '@ajo/shared/ui/screen';

/** Settings (/settings/delete-account). Placeholder until the feature issue lands. */
export function SettingsDeleteAccountScreen() {
  return (
    <Screen title="Settings">
      {/* SPEC §2: /settings/delete-account shows the settings screen with the More tab open. */}
      <h2>Delete Account</h2>
      <p>This screen is on its way.</p>
    </Screen>
  );
}
