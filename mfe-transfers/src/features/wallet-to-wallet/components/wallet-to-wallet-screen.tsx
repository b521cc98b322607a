// SPEC §2 wallet-to-wallet (/dashboard/transfers/other-wallet): source wallet, receiver wallet
// number with Validate, amount, narration, Save Beneficiary, then the four steps of SPEC §4.
import { useMemo } from 'react';
import { ERROR_INITIATING_TRANSFER } from '@ajo/shared/messages';
import {
  MoneyFlow,
  type MoneyRecover,
  type MoneySubmit,
  type MoneySubmitResult,
} from '@ajo/shared/money-flow';
import type { WalletTransferResponse } from '@ajo/shared/schemas';
import { Screen, Spinner } from '@ajo/shared/ui';
import { CrossAppLink } from '@ajo/remote-kit/cross-app-link';
import { announceMoneyMoved, showToast } from '@ajo/remote-kit/services';
import { useCurrentUser } from '@ajo/remote-kit/use-current-user';
import { beneficiaryWalletOf, saveBeneficiaryAfterTransfer } from '../../../lib/beneficiaries';
import { ReceiptActions } from '../../../lib/receipt';
import {
  recoverWalletTransfer,
  sendWalletTransfer,
  type MoneyAnswer,
} from '../../../lib/transfers-api';
import {
  parseWalletTransferDetails,
  WalletTransferForm,
  type WalletTransferDetails,
} from './wallet-transfer-form';

const PERSIST = {
  storageKey: 'ajo.money-flow.wallet-to-wallet',
  parseDetails: parseWalletTransferDetails,
};

function summary(details: WalletTransferDetails) {
  return [
    { label: 'From', value: `${details.wallet_name} - ${details.sender_wallet_number}` },
    { label: 'To', value: `${details.receiver_name} - ${details.receiver_wallet_number}` },
    { label: 'Amount', amount: Number(details.amount) },
    { label: 'Narration', value: details.narration || '—' },
  ];
}

export function WalletToWalletScreen() {
  const { user } = useCurrentUser();
  const beneficiaryWallet = user ? beneficiaryWalletOf(user.wallets) : undefined;

  // The answer of the call, fresh or found again after it was lost: the balances reload once.
  const { submit, recover } = useMemo(() => {
    const finish = (
      answer: MoneyAnswer<WalletTransferResponse>,
      details: WalletTransferDetails,
    ): MoneySubmitResult<WalletTransferResponse> => {
      if (answer.kind === 'challenge') return { kind: 'challenge', ...answer.challenge };
      void announceMoneyMoved(details.sender_wallet_number);
      if (details.save_beneficiary && beneficiaryWallet) {
        saveBeneficiaryAfterTransfer({
          name: details.receiver_name,
          recipient_account_number: details.receiver_wallet_number,
          account_number: beneficiaryWallet,
          account_type: 'wallet',
          bank_code: null,
          bank_image: null,
        });
      }
      return {
        kind: 'done',
        status: 'successful',
        reference: answer.result.transfer.tx_ref,
        details: answer.result,
      };
    };
    const send: MoneySubmit<WalletTransferDetails, WalletTransferResponse> = async (
      { transaction_pin, otp },
      { idempotencyKey, details },
    ) =>
      finish(
        await sendWalletTransfer(
          {
            sender_wallet_number: details.sender_wallet_number,
            wallet_name: details.wallet_name,
            receiver_wallet_number: details.receiver_wallet_number,
            transfer_amount: Number(details.amount),
            narration: details.narration ?? '',
            transaction_pin,
            ...(otp ? { otp } : {}),
          },
          idempotencyKey,
        ),
        details,
      );
    const find: MoneyRecover<WalletTransferDetails, WalletTransferResponse> = async ({
      idempotencyKey,
      details,
    }) => {
      const found = await recoverWalletTransfer(idempotencyKey);
      return found.kind === 'running' || found.kind === 'absent' ? found : finish(found, details);
    };
    return { submit: send, recover: find };
  }, [beneficiaryWallet]);

  if (!user) {
    return (
      <Screen title="Transfer to Other Wallet">
        <Spinner size="large" label="Loading your wallets…" />
      </Screen>
    );
  }

  return (
    <Screen title="Transfer to Other Wallet">
      <MoneyFlow<WalletTransferDetails, WalletTransferResponse>
        submit={submit}
        recover={recover}
        errorFallback={ERROR_INITIATING_TRANSFER}
        showToast={(kind, message) => void showToast(kind, message)}
        persist={PERSIST}
        initiateHeading="Transfer details"
        restartLabel="Make another transfer"
        linkComponent={CrossAppLink}
        summary={summary}
        renderInitiate={(initiate) => <WalletTransferForm {...initiate} wallets={user.wallets} />}
        renderStatus={({ outcome, details }) =>
          outcome.status === 'successful' && outcome.reference ? (
            <ReceiptActions
              receipt={{
                title: 'Wallet to Wallet Transfer',
                status: 'successful',
                reference: outcome.reference,
                amount: Number(details.amount),
                lines: [
                  ['From', `${details.wallet_name} - ${details.sender_wallet_number}`],
                  ['To', `${details.receiver_name} - ${details.receiver_wallet_number}`],
                  ['Narration', details.narration || '—'],
                ],
              }}
            />
          ) : null
        }
      />
    </Screen>
  );
}
