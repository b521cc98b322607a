import { Screen } from '@ajo/shared/ui/screen';

/** Fund Wallet (/dashboard/transfers/bank-to-wallet). Placeholder until the feature issue lands. */
export function BankToWalletScreen() {
  return (
    <Screen title="Fund Wallet">
      <p>This screen is on its way.</p>
    </Screen>
  );
}
