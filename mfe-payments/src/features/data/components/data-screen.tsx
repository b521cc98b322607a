// SPEC §2 / §5 / §7 data: source wallet, phone number, network (pre-selected from the prefix,
// changeable), a plan of that network; the amount is read-only, set from the plan, and choosing a
// network resets the plan.
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { User } from '@ajo/shared/entities';
import { ERROR_INITIATING_DATA_PURCHASE } from '@ajo/shared/messages';
import type { MoneyFlowInitiate } from '@ajo/shared/money-flow';
import {
  dataFormSchema,
  toInternationalPhone,
  type DataFormValues,
  type DataPlanRecord,
} from '@ajo/shared/schemas';
import { Select } from '@ajo/shared/ui';
import { AmountField, WalletSelect } from '@ajo/shared/ui/money-fields';
import { errorMessage, showToast } from '@ajo/remote-kit/services';
import { schemaResolver } from '@ajo/remote-kit/zod-form';
import { defaultWallet, telcoName, walletName } from '../../../lib/names';
import { missingOf, NetworkSelect, PhoneNumberField, ProceedButton } from '../../../lib/fields';
import { networkFromPhone } from '../../../lib/network-prefix';
import { dataPurchase, fetchDataPlans } from '../../../lib/payments-api';
import { PaymentScreen, storedDetails } from '../../../lib/payment-screen';
import styles from '../../../lib/payments.module.css';

/** The form's values plus what the summary and payload need: the wallet's and the plan's names. */
type DataDetails = DataFormValues & { wallet_name: string; plan_name: string };

const EMPTY: DataFormValues = {
  wallet_account_number: '',
  network: '',
  dataplan: '',
  phoneNumber: '',
  amount: '',
};

const PERSIST = {
  storageKey: 'ajo.money-flow.data',
  parseDetails: storedDetails<DataDetails>(dataFormSchema, ['wallet_name', 'plan_name']),
};

const calls = dataPurchase((d: DataDetails) => ({
  amount: Number(d.amount),
  dataplan: d.dataplan,
  phoneNumber: toInternationalPhone(d.phoneNumber),
  network: d.network,
  wallet_account_number: d.wallet_account_number,
  wallet_name: d.wallet_name,
}));

export function DataScreen() {
  return (
    <PaymentScreen<DataDetails>
      title="Data"
      initiateHeading="Data details"
      restartLabel="Buy more data"
      errorFallback={ERROR_INITIATING_DATA_PURCHASE}
      {...calls}
      persist={PERSIST}
      renderForm={(user, initiate) => <DataForm user={user} {...initiate} />}
      summary={(d) => [
        { label: 'Phone number', value: d.phoneNumber },
        { label: 'Network', value: telcoName(d.network) },
        { label: 'Data plan', value: d.plan_name },
        { label: 'Amount', amount: d.amount },
      ]}
    />
  );
}

function DataForm({
  user,
  proceed,
  draft,
  offline,
}: { user: User } & MoneyFlowInitiate<DataDetails>) {
  const [plans, setPlans] = useState<DataPlanRecord[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    fetchDataPlans(controller.signal)
      .then(setPlans)
      .catch((error: unknown) => {
        if (!controller.signal.aborted) {
          void showToast('error', errorMessage(error, ERROR_INITIATING_DATA_PURCHASE));
        }
      });
    return () => controller.abort();
  }, []);

  const {
    register,
    handleSubmit,
    setValue,
    watch,
    formState: { errors },
  } = useForm<DataFormValues>({
    resolver: schemaResolver<DataFormValues>(dataFormSchema),
    defaultValues: draft ?? { ...EMPTY, wallet_account_number: defaultWallet(user.wallets) },
  });
  const values = watch();
  const networkPlans = plans.filter((plan) => plan.OPERATOR === values.network);

  const chooseNetwork = (network: string) => {
    setValue('network', network);
    setValue('dataplan', '');
    setValue('amount', '');
  };
  const detected = useRef(draft ? networkFromPhone(draft.phoneNumber) : null);
  const phone = register('phoneNumber', {
    onChange: (event: { target: { value: string } }) => {
      const network = networkFromPhone(event.target.value);
      if (network && network !== detected.current && network !== values.network) {
        chooseNetwork(network);
      }
      detected.current = network;
    },
  });
  const network = register('network', {
    onChange: (event: { target: { value: string } }) => chooseNetwork(event.target.value),
  });
  const plan = register('dataplan', {
    onChange: (event: { target: { value: string } }) => {
      const chosen = plans.find((p) => p.DATA_PLAN === event.target.value);
      setValue('amount', chosen ? String(chosen.AMOUNT) : '', { shouldValidate: Boolean(chosen) });
    },
  });
  const missing = missingOf([
    ['source wallet', values.wallet_account_number],
    ['phone number', values.phoneNumber],
    ['network', values.network],
    ['data plan', values.dataplan && values.amount],
  ]);

  return (
    <form
      className={styles.form}
      onSubmit={handleSubmit((v) =>
        proceed({
          ...v,
          wallet_name: walletName(user.wallets, v.wallet_account_number),
          plan_name: plans.find((p) => p.DATA_PLAN === v.dataplan)?.DATAPLAN_DESC ?? v.dataplan,
        }),
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
      <PhoneNumberField error={errors.phoneNumber?.message} {...phone} />
      <NetworkSelect error={errors.network?.message} {...network} />
      <Select
        label="Data plan"
        placeholder={values.network ? 'Select data plan' : 'Select a network first'}
        required
        disabled={!values.network}
        options={networkPlans.map((p) => ({ value: p.DATA_PLAN, label: p.DATAPLAN_DESC }))}
        error={errors.dataplan?.message}
        {...plan}
      />
      <AmountField
        readOnly
        hint="Set by the data plan"
        error={errors.amount?.message}
        {...register('amount')}
      />
      <ProceedButton missing={missing} offline={offline} />
    </form>
  );
}
