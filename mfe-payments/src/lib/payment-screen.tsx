// The frame every payment screen shares: the customer's wallets loaded (SPEC §2 spinner), then the
// shared four-step flow with this remote's toasts, Close link and status content.
import type { ReactNode } from 'react';
import type { User } from '@ajo/shared/entities';
import { MoneyFlow, type MoneyFlowProps } from '@ajo/shared/money-flow';
import { Screen, Spinner } from '@ajo/shared/ui';
import { CrossAppLink } from '@ajo/remote-kit/cross-app-link';
import { showToast } from '@ajo/remote-kit/services';
import type { PurchaseResult } from './payments-api';
import { PurchaseStatus } from './purchase-status';
import { useWalletOwner } from './use-wallet-owner';

type FlowProps<T> = Omit<
  MoneyFlowProps<T, PurchaseResult>,
  'showToast' | 'renderInitiate' | 'linkComponent' | 'renderStatus'
>;

/**
 * Reads back the details of an attempt kept across a reload (the money flow's `persist`): the
 * form's values checked by the form's schema, and each extra field the screen added present.
 */
export function storedDetails<T>(
  schema: { safeParse(value: unknown): { success: boolean } },
  extras: readonly string[],
): (raw: unknown) => T | null {
  return (raw) => {
    if (typeof raw !== 'object' || raw === null || !schema.safeParse(raw).success) return null;
    const fields = raw as Record<string, unknown>;
    const present = (key: string) =>
      typeof fields[key] === 'string' || (typeof fields[key] === 'object' && fields[key] !== null);
    return extras.every(present) ? (raw as T) : null;
  };
}

export function PaymentScreen<T>({
  title,
  renderForm,
  receiptTitle,
  recipientLabel,
  ...flow
}: FlowProps<T> & {
  title: string;
  /** Offer a receipt to share or download on the status step, with this title. */
  receiptTitle?: string;
  /** What the status step calls the recipient, when the details say (cable TV's providers). */
  recipientLabel?: (details: T) => string;
  renderForm: (
    user: User,
    initiate: Parameters<MoneyFlowProps<T>['renderInitiate']>[0],
  ) => ReactNode;
}) {
  const user = useWalletOwner();
  return (
    <Screen title={title}>
      {user ? (
        <MoneyFlow<T, PurchaseResult>
          {...flow}
          showToast={(kind, message) => void showToast(kind, message)}
          renderInitiate={(initiate) => renderForm(user, initiate)}
          renderStatus={(slot) => (
            <PurchaseStatus {...slot} receiptTitle={receiptTitle} recipientLabel={recipientLabel} />
          )}
          linkComponent={CrossAppLink}
        />
      ) : (
        <Spinner size="large" label="Loading your wallets…" />
      )}
    </Screen>
  );
}
