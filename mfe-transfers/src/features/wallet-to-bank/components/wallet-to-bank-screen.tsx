import { Screen } from '@ajo/shared/ui/screen';

/** Wallet to Bank Transfer (/dashboard/transfers/wallet-to-bank). Placeholder until the feature issue lands. */
export function WalletToBankScreen() {
  return (
    <Screen title="Wallet to Bank Transfer">
      <p>This screen is on its way.</p>
    </Screen>
  );
}
