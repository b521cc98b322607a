// SPEC §2 wallet-to-bank (/dashboard/transfers/wallet-to-bank): the four steps of SPEC §4; the
// status says honestly whether the bank paid, refused (money returned) or has not answered yet.
import { useMemo, useState } from 'react';
import { parseBankOptionValue } from '@ajo/shared/format';
import { BENEFICIARY_SAVED, ERROR_INITIATING_TRANSFER } from '@ajo/shared/messages';
import { MoneyFlow, type MoneySubmit } from '@ajo/shared/money-flow';
import { TRANSFER_CHANNEL_CODE } from '@ajo/shared/constants';
import type { BankTransferResponse } from '@ajo/shared/schemas';
import { Button, Screen, Spinner } from '@ajo/shared/ui';
import { CrossAppLink } from '@ajo/remote-kit/cross-app-link';
import { announceMoneyMoved, errorMessage, showToast } from '@ajo/remote-kit/services';
import { useCurrentUser } from '@ajo/remote-kit/use-current-user';
import { saveErrorMessage } from '../../../lib/beneficiaries';
import { ReceiptActions } from '../../../lib/receipt';
import { fetchBankTransfer, saveBeneficiary, sendBankTransfer } from '../../../lib/transfers-api';
import styles from '../../../lib/transfers.module.css';
import {
  BankTransferForm,
  parseBankTransferDetails,
  type BankTransferDetails,
} from './bank-transfer-form';

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

/** A pending transfer's "Check again": the server's current answer, money returned or paid. */
function PendingCheck({ reference }: { reference: string }) {
  const [answer, setAnswer] = useState<BankTransferResponse | null>(null);
  const [checking, setChecking] = useState(false);
  const check = async () => {
    setChecking(true);
    try {
      const now = await fetchBankTransfer(reference);
      setAnswer(now);
      if (now.status !== 'pending') void announceMoneyMoved();
    } catch (error) {
      void showToast(
        'error',
        errorMessage(error, 'Could not check the transfer. Please try again.'),
      );
    } finally {
      setChecking(false);
    }
  };
  return (
    <>
      {answer && answer.status !== 'pending' ? (
        <p className={styles.limit} role="status">
          {answer.message}
        </p>
      ) : null}
      {answer?.status === 'pending' || !answer ? (
        <Button variant="secondary" onClick={() => void check()} disabled={checking}>
          {checking ? 'Checking…' : 'Check status'}
        </Button>
      ) : null}
    </>
  );
}

export function WalletToBankScreen() {
  const { user } = useCurrentUser();

  const submit = useMemo<MoneySubmit<BankTransferDetails, BankTransferResponse>>(
    () =>
      async ({ transaction_pin, otp }, { idempotencyKey, details }) => {
        const bank = parseBankOptionValue(details.bank);
        const answer = await sendBankTransfer(
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
        );
        if (answer.kind === 'challenge') return { kind: 'challenge', ...answer.challenge };
        const result = answer.result;
        void announceMoneyMoved(details.wallet_account_number);
        if (details.save_beneficiary && bank && result.status !== 'failed') {
          saveBeneficiary({
            name: details.account_name,
            recipient_account_number: details.account_number,
            account_number: details.wallet_account_number,
            account_type: 'bank',
            bank_code: bank.code,
            bank_image: null,
          })
            .then(() => showToast('success', BENEFICIARY_SAVED))
            .catch(() => showToast('error', saveErrorMessage()));
        }
        return {
          kind: 'done',
          status: result.status,
          reference: result.paymentReference,
          details: result,
        };
      },
    [],
  );

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
        errorFallback={ERROR_INITIATING_TRANSFER}
        showToast={(kind, message) => void showToast(kind, message)}
        persist={PERSIST}
        initiateHeading="Transfer details"
        restartLabel="Make another transfer"
        linkComponent={CrossAppLink}
        summary={summary}
        renderInitiate={(initiate) => <BankTransferForm {...initiate} wallets={user.wallets} />}
        renderStatus={({ outcome, details }) => {
          const result = outcome.details;
          if (!result || !outcome.reference) return null;
          return (
            <>
              {/* The server's own words: what happens next, or that the money is back. */}
              {result.status !== 'successful' ? (
                <p className={styles.note}>{result.message}</p>
              ) : null}
              {result.status === 'pending' ? <PendingCheck reference={outcome.reference} /> : null}
              {result.status !== 'failed' ? (
                <ReceiptActions
                  receipt={{
                    title: 'Wallet to Bank Transfer',
                    status: result.status,
                    reference: outcome.reference,
                    amount: result.amount,
                    lines: [
                      ['From', `${details.wallet_name} - ${details.wallet_account_number}`],
                      ['To', `${result.account_name} - ${result.account_number}`],
                      ['Bank', result.bank_name],
                      ['Narration', details.narration || '—'],
                    ],
                    date: new Date(),
                  }}
                />
              ) : null}
            </>
          );
        }}
      />
    </Screen>
  );
}
