import { Screen } from '@ajo/shared/ui/screen';

/** Electricity (/dashboard/payments/electricity). Placeholder until the feature issue lands. */
export function ElectricityScreen() {
  return (
    <Screen title="Electricity">
      <p>This screen is on its way.</p>
    </Screen>
  );
}
