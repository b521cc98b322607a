// SPEC §2 / §5 / §7 airtime: source wallet (the commission wallet too, SPEC §9), phone number,
// network pre-selected from the number's prefix and changeable, amount; then the four steps.
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import type { User } from '@ajo/shared/entities';
import { ERROR_INITIATING_AIRTIME_PURCHASE } from '@ajo/shared/messages';
import type { MoneyFlowInitiate } from '@ajo/shared/money-flow';
import {
  airtimeFormSchema,
  toInternationalPhone,
  type AirtimeFormValues,
} from '@ajo/shared/schemas';
import { AmountField, WalletSelect } from '@ajo/shared/ui/money-fields';
import { schemaResolver } from '@ajo/remote-kit/zod-form';
import { missingOf, NetworkSelect, PhoneNumberField, ProceedButton } from '../../../lib/fields';
import { networkFromPhone } from '../../../lib/network-prefix';
import { airtimePurchase } from '../../../lib/payments-api';
import { PaymentScreen, storedDetails } from '../../../lib/payment-screen';
import styles from '../../../lib/payments.module.css';
import { defaultWallet, telcoName, walletName } from '../../../lib/names';

const EMPTY: AirtimeFormValues = {
  wallet_account_number: '',
  telco: '' as AirtimeFormValues['telco'],
  receiving_phone_number: '',
  amount: '',
};

export function AirtimeScreen() {
  return (
    <PaymentScreen<AirtimeDetails>
      title="Airtime"
      initiateHeading="Airtime details"
      restartLabel="Buy more airtime"
      errorFallback={ERROR_INITIATING_AIRTIME_PURCHASE}
      {...calls}
      persist={PERSIST}
      renderForm={(user, initiate) => <AirtimeForm user={user} {...initiate} />}
      summary={(d) => [
        { label: 'Phone number', value: d.receiving_phone_number },
        { label: 'Network', value: telcoName(d.telco) },
        { label: 'Amount', amount: d.amount },
      ]}
    />
  );
}

/** The form's values plus the chosen wallet's name (SPEC §3 Airtime details: wallet_name). */
type AirtimeDetails = AirtimeFormValues & { wallet_name: string };

const PERSIST = {
  storageKey: 'ajo.money-flow.airtime',
  parseDetails: storedDetails<AirtimeDetails>(airtimeFormSchema, ['wallet_name']),
};

const calls = airtimePurchase((d: AirtimeDetails) => ({
  amount: Number(d.amount),
  wallet_account_number: d.wallet_account_number,
  receiving_phone_number: toInternationalPhone(d.receiving_phone_number),
  telco: d.telco,
  wallet_name: d.wallet_name,
}));

function AirtimeForm({
  user,
  proceed,
  draft,
  offline,
}: { user: User } & MoneyFlowInitiate<AirtimeDetails>) {
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    formState: { errors },
  } = useForm<AirtimeFormValues>({
    resolver: schemaResolver<AirtimeFormValues>(airtimeFormSchema),
    defaultValues: draft ?? { ...EMPTY, wallet_account_number: defaultWallet(user.wallets) },
  });
  // The network follows the number's prefix when the prefix changes; a choice the customer makes
  // afterwards stands (numbers are portable between networks).
  const detected = useRef(draft ? networkFromPhone(draft.receiving_phone_number) : null);
  const phone = register('receiving_phone_number', {
    onChange: (event: { target: { value: string } }) => {
      const network = networkFromPhone(event.target.value);
      if (network && network !== detected.current) {
        setValue('telco', network, { shouldValidate: Boolean(errors.telco) });
      }
      detected.current = network;
    },
  });
  const values = watch();
  const missing = missingOf([
    ['source wallet', values.wallet_account_number],
    ['phone number', values.receiving_phone_number],
    ['network', values.telco],
    ['amount', values.amount],
  ]);

  return (
    <form
      className={styles.form}
      onSubmit={handleSubmit((v) =>
        proceed({ ...v, wallet_name: walletName(user.wallets, v.wallet_account_number) }),
      )}
      noValidate
    >
      <WalletSelect
        wallets={user.wallets}
        includeCommission
        required
        error={errors.wallet_account_number?.message}
        {...register('wallet_account_number')}
      />
      <PhoneNumberField error={errors.receiving_phone_number?.message} {...phone} />
      <NetworkSelect error={errors.telco?.message} {...register('telco')} />
      <AmountField required error={errors.amount?.message} {...register('amount')} />
      <ProceedButton missing={missing} offline={offline} />
    </form>
  );
}
