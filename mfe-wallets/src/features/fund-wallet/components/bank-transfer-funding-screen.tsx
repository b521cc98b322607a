import { Screen } from '@ajo/shared/ui/screen';

/** Bank Transfer (/dashboard/fund-wallet/bank-transfer). Placeholder until the feature issue lands. */
export function BankTransferFundingScreen() {
  return (
    <Screen title="Bank Transfer">
      <p>This screen is on its way.</p>
    </Screen>
  );
}
