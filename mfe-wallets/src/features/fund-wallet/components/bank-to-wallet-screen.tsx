// SPEC §2 / §5 / §7 fund by debit card: wallet (not the commission wallet), amount and a 6-digit
// transaction PIN; the amount goes as a number, platform 'web'; the answer's link opens the checkout.
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { AMOUNT_MAX_LENGTH, TRANSACTION_PIN_LENGTH } from '@ajo/shared/constants';
import { transferSourceWallets } from '@ajo/shared/format';
import { ERROR_INITIATING_TRANSFER } from '@ajo/shared/messages';
import { isAnswerUnknown, newIdempotencyKey } from '@ajo/shared/money-flow';
import {
  bankToWalletFormSchema,
  bankToWalletPayloadSchema,
  type BankToWalletFormValues,
} from '@ajo/shared/schemas';
import { Button, Screen, Select, Spinner, TextField } from '@ajo/shared/ui';
import { errorMessage, showToast } from '@ajo/remote-kit/services';
import { schemaResolver } from '@ajo/remote-kit/zod-form';
import { isSafeRedirect, redirectBrowser } from '@ajo/remote-kit/browser-redirect';
import { useCurrentUser } from '@ajo/remote-kit/use-current-user';
import styles from '../../../lib/wallets.module.css';
import { initiateBankToWallet } from '../../../lib/wallets-api';

/** Waits before each repeat of a call whose answer was lost (same key: the same checkout). */
export const NO_ANSWER_RETRY_MS = [1000, 2000, 4000] as const;
export const NO_ANSWER =
  'We did not get an answer from the server. Press Proceed again: it continues the same payment, it does not start a second one.';

/** Still no answer after every repeat: the customer is told so, never that it failed. */
class AnswerLost extends Error {}

/** The call, repeated under the same key while its answer is lost (the server answers it once). */
async function untilAnswered(send: () => Promise<string>): Promise<string> {
  for (const wait of [0, ...NO_ANSWER_RETRY_MS]) {
    if (wait) await new Promise((resolve) => setTimeout(resolve, wait));
    try {
      return await send();
    } catch (error) {
      if (!isAnswerUnknown(error)) throw error;
    }
  }
  throw new AnswerLost();
}

export function BankToWalletScreen() {
  const { user } = useCurrentUser();
  const [submitting, setSubmitting] = useState(false);
  // One client reference per attempt: pressing Proceed again with the same details (after a lost
  // answer) is a retry of that attempt, so the server answers it with the same checkout link.
  const attempt = useRef<{ key: string; details: string } | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<BankToWalletFormValues>({
    resolver: schemaResolver<BankToWalletFormValues>(bankToWalletFormSchema),
    defaultValues: { wallet_account_number: '', amount: '', transaction_pin: '' },
  });

  if (!user) {
    return (
      <Screen title="Fund Wallet">
        <Spinner size="large" label="Loading your wallets…" />
      </Screen>
    );
  }

  const fundByCard = async (values: BankToWalletFormValues) => {
    setSubmitting(true);
    try {
      // SPEC §5: "the amount is sent as a number"; SPEC §9: platform is fixed 'web'.
      const payload = bankToWalletPayloadSchema.parse({
        wallet_account_number: values.wallet_account_number,
        transfer_amount: Number(values.amount),
        transaction_pin: values.transaction_pin,
        phone_number: user.phone_number,
        platform: 'web',
      });
      const details = JSON.stringify(payload);
      if (attempt.current?.details !== details)
        attempt.current = { key: newIdempotencyKey(), details };
      const { key } = attempt.current;
      const link = await untilAnswered(() => initiateBankToWallet(payload, key));
      if (!isSafeRedirect(link)) throw new Error('unsafe checkout link');
      redirectBrowser(link);
    } catch (error) {
      setSubmitting(false);
      const said =
        error instanceof AnswerLost ? NO_ANSWER : errorMessage(error, ERROR_INITIATING_TRANSFER);
      void showToast('error', said);
    }
  };

  return (
    <Screen title="Fund Wallet">
      <form className={styles.form} onSubmit={handleSubmit(fundByCard)} noValidate>
        <p className={styles.muted}>Fund your wallet with your debit card.</p>
        <Select
          label="Wallet"
          placeholder="Select wallet"
          required
          options={transferSourceWallets(user.wallets).map((wallet) => ({
            value: wallet.account_no,
            label: `${wallet.name} - ${wallet.account_no}`,
          }))}
          error={errors.wallet_account_number?.message}
          {...register('wallet_account_number')}
        />
        <TextField
          label="Amount"
          inputMode="decimal"
          maxLength={AMOUNT_MAX_LENGTH}
          hint="Positive numbers only"
          required
          error={errors.amount?.message}
          {...register('amount')}
        />
        <TextField
          label="Transaction PIN"
          type="password"
          numeric
          autoComplete="off"
          maxLength={TRANSACTION_PIN_LENGTH}
          required
          error={errors.transaction_pin?.message}
          {...register('transaction_pin')}
        />
        <Button type="submit" fullWidth loading={submitting}>
          Proceed
        </Button>
      </form>
    </Screen>
  );
}
