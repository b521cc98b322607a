import { Screen } from '@ajo/shared/ui/screen';

/** Airtime (/dashboard/payments/airtime). Placeholder until the feature issue lands. */
export function AirtimeScreen() {
  return (
    <Screen title="Airtime">
      <p>This screen is on its way.</p>
    </Screen>
  );
}
