import { Screen } from '@ajo/shared/ui/screen';

/** Dashboard (/dashboard). Placeholder until the feature issue lands. */
export function DashboardOverviewScreen() {
  return (
    <Screen title="Dashboard">
      <p>This screen is on its way.</p>
    </Screen>
  );
}
