import { Screen } from '@ajo/shared/ui/screen';

/** Transfer to Other Wallet (/dashboard/transfers/other-wallet). Placeholder until the feature issue lands. */
export function WalletToWalletScreen() {
  return (
    <Screen title="Transfer to Other Wallet">
      <p>This screen is on its way.</p>
    </Screen>
  );
}
