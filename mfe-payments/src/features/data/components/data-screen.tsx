import { Screen } from '@ajo/shared/ui/screen';

/** Data (/dashboard/payments/data). Placeholder until the feature issue lands. */
export function DataScreen() {
  return (
    <Screen title="Data">
      <p>This screen is on its way.</p>
    </Screen>
  );
}
