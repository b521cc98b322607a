import { Screen } from '@ajo/shared/ui/screen';

/** Transaction History (/dashboard/transaction-history). Placeholder until the feature issue lands. */
export function TransactionHistoryScreen() {
  return (
    <Screen title="Transaction History">
      <p>This screen is on its way.</p>
    </Screen>
  );
}
