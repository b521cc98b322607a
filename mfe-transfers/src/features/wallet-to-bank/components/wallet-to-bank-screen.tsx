// SPEC §2 wallet-to-bank (/dashboard/transfers/wallet-to-bank): the four steps of SPEC §4; the
// status says honestly whether the bank paid, refused (money returned) or has not answered yet.
import { useMemo } from 'react';
import { parseBankOptionValue } from '@ajo/shared/format';
import { ERROR_INITIATING_TRANSFER } from '@ajo/shared/messages';
import {
  MoneyFlow,
  type MoneyRecover,
  type MoneySubmit,
  type MoneySubmitResult,
} from '@ajo/shared/money-flow';
import { TRANSFER_CHANNEL_CODE } from '@ajo/shared/constants';
import type { BankTransferResponse } from '@ajo/shared/schemas';
import { Screen, Spinner } from '@ajo/shared/ui';
import { CrossAppLink } from '@ajo/remote-kit/cross-app-link';
import { announceMoneyMoved, showToast } from '@ajo/remote-kit/services';
import { useCurrentUser } from '@ajo/remote-kit/use-current-user';
import { beneficiaryWalletOf, saveBeneficiaryAfterTransfer } from '../../../lib/beneficiaries';
import {
  recoverBankTransfer,
  sendBankTransfer,
  type MoneyAnswer,
} from '../../../lib/transfers-api';
import {
  BankTransferForm,
  parseBankTransferDetails,
  type BankTransferDetails,
} from './bank-transfer-form';
import { BankTransferStatus, wordsOf } from './bank-transfer-status';

const PERSIST = {
  storageKey: 'ajo.money-flow.wallet-to-bank',
  parseDetails: parseBankTransferDetails,
};

function summary(details: BankTransferDetails) {
  return [
    { label: 'From', value: `${details.wallet_name} - ${details.wallet_account_number}` },
    { label: 'Bank', value: parseBankOptionValue(details.bank)?.name ?? '' },
    { label: 'Account number', value: details.account_number },
    { label: 'Account name', value: details.account_name },
    { label: 'Amount', amount: Number(details.amount) },
    { label: 'Narration', value: details.narration || '—' },
  ];
}

export function WalletToBankScreen() {
  const { user } = useCurrentUser();
  const beneficiaryWallet = user ? beneficiaryWalletOf(user.wallets) : undefined;

  // The answer of the call, fresh or found again after it was lost: the balances reload once.
  const { submit, recover } = useMemo(() => {
    const finish = (
      answer: MoneyAnswer<BankTransferResponse>,
      details: BankTransferDetails,
    ): MoneySubmitResult<BankTransferResponse> => {
      if (answer.kind === 'challenge') return { kind: 'challenge', ...answer.challenge };
      const bank = parseBankOptionValue(details.bank);
      const result = answer.result;
      void announceMoneyMoved(details.wallet_account_number);
      if (details.save_beneficiary && bank && beneficiaryWallet && result.status !== 'failed') {
        saveBeneficiaryAfterTransfer({
          name: details.account_name,
          recipient_account_number: details.account_number,
          account_number: beneficiaryWallet,
          account_type: 'bank',
          bank_code: bank.code,
          bank_image: null,
        });
      }
      return {
        kind: 'done',
        status: result.status,
        reference: result.paymentReference,
        details: result,
        message: wordsOf(result),
      };
    };
    const send: MoneySubmit<BankTransferDetails, BankTransferResponse> = async (
      { transaction_pin, otp },
      { idempotencyKey, details },
    ) => {
      const bank = parseBankOptionValue(details.bank);
      return finish(
        await sendBankTransfer(
          {
            transaction_pin,
            account_number: details.account_number,
            account_name: details.account_name,
            bank_code: bank?.code ?? '',
            amount: Number(details.amount),
            wallet_account_number: details.wallet_account_number,
            narration: details.narration ?? '',
            wallet_name: details.wallet_name,
            channelCode: TRANSFER_CHANNEL_CODE,
            beneficiaryAccountName: details.account_name,
            beneficiaryAccountNumber: details.account_number,
            beneficiaryNameEnquiryRefrenceNumber: details.name_enquiry_ref,
            bankVerificationNumber: details.bank_verification_number,
            kyclevel: details.kyc_level,
            beneficiaryBankCode: bank?.code ?? '',
            ...(otp ? { otp } : {}),
          },
          idempotencyKey,
        ),
        details,
      );
    };
    const find: MoneyRecover<BankTransferDetails, BankTransferResponse> = async ({
      idempotencyKey,
      details,
    }) => {
      const found = await recoverBankTransfer(idempotencyKey);
      return found.kind === 'running' || found.kind === 'absent' ? found : finish(found, details);
    };
    return { submit: send, recover: find };
  }, [beneficiaryWallet]);

  if (!user) {
    return (
      <Screen title="Wallet to Bank Transfer">
        <Spinner size="large" label="Loading your wallets…" />
      </Screen>
    );
  }

  return (
    <Screen title="Wallet to Bank Transfer">
      <MoneyFlow<BankTransferDetails, BankTransferResponse>
        submit={submit}
        recover={recover}
        errorFallback={ERROR_INITIATING_TRANSFER}
        showToast={(kind, message) => void showToast(kind, message)}
        persist={PERSIST}
        initiateHeading="Transfer details"
        restartLabel="Make another transfer"
        linkComponent={CrossAppLink}
        summary={summary}
        renderInitiate={(initiate) => <BankTransferForm {...initiate} wallets={user.wallets} />}
        renderStatus={({ outcome, details, settle }) =>
          outcome.details ? (
            <BankTransferStatus
              answer={outcome.details}
              onSettled={settle}
              from={{ name: details.wallet_name, accountNumber: details.wallet_account_number }}
              narration={details.narration ?? ''}
            />
          ) : null
        }
      />
    </Screen>
  );
}
