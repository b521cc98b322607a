import { Screen } from '@ajo/shared/ui/screen';

/** Cash Deposit (/dashboard/fund-wallet/cash-deposit). Placeholder until the feature issue lands. */
export function CashDepositScreen() {
  return (
    <Screen title="Cash Deposit">
      <p>This screen is on its way.</p>
    </Screen>
  );
}
