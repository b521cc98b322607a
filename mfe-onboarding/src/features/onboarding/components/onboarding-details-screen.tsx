import { Screen } from '../../../app/screen';

/** Onboarding (/onboarding). Placeholder until the feature issue lands. */
export function OnboardingDetailsScreen() {
  return (
    <Screen title="Onboarding">
      <p>This screen is on its way.</p>
    </Screen>
  );
}
