// SPEC §2 / §5 / §7 electricity: source wallet, service provider (a DisCo, prepaid or postpaid),
// meter number with Validate (name and address shown), phone number, amount. Proceed needs every
// field including the verified account details; changing the meter or provider clears them.
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { METER_NUMBER_MAX_LENGTH } from '@ajo/shared/constants';
import type { User } from '@ajo/shared/entities';
import {
  ERROR_GETTING_SERVICE_PROVIDERS,
  ERROR_INITIATING_ELECTRICITY_PURCHASE,
  ERROR_VERIFYING_ACCOUNT_NUMBER,
} from '@ajo/shared/messages';
import type { MoneyFlowInitiate } from '@ajo/shared/money-flow';
import {
  electricityFormSchema,
  toInternationalPhone,
  type ElectricityFormValues,
  type ServiceTypesResponse,
  type VerifyMeterResponse,
} from '@ajo/shared/schemas';
import { formatNaira } from '@ajo/shared/format';
import { Button, Select, TextField } from '@ajo/shared/ui';
import { AmountField, WalletSelect } from '@ajo/shared/ui/money-fields';
import { errorMessage, showToast } from '@ajo/remote-kit/services';
import { schemaResolver } from '@ajo/remote-kit/zod-form';
import { missingOf, PhoneNumberField, ProceedButton } from '../../../lib/fields';
import { defaultWallet, walletName } from '../../../lib/names';
import { electricityPurchase, fetchServiceTypes, verifyMeter } from '../../../lib/payments-api';
import { PaymentScreen, storedDetails } from '../../../lib/payment-screen';
import styles from '../../../lib/payments.module.css';

type Meter = VerifyMeterResponse['meter'];
type ServiceType = ServiceTypesResponse['serviceTypes'][number];

/** The form's values plus the verified meter and the names the summary shows. */
type ElectricityDetails = ElectricityFormValues & {
  wallet_name: string;
  provider_name: string;
  meter: Meter;
};

const EMPTY: ElectricityFormValues = {
  wallet_account_number: '',
  service_type: '',
  meter_number: '',
  account_details: '',
  phone_number: '',
  amount: '',
};

const PERSIST = {
  storageKey: 'ajo.money-flow.electricity',
  parseDetails: storedDetails<ElectricityDetails>(electricityFormSchema, [
    'wallet_name',
    'provider_name',
    'meter',
  ]),
};

const calls = electricityPurchase((d: ElectricityDetails) => ({
  phone_number: toInternationalPhone(d.phone_number),
  amount: Number(d.amount),
  meter_number: d.meter_number,
  service_type: d.service_type,
  wallet_account_number: d.wallet_account_number,
  account_details: { name: d.meter.name, address: d.meter.address },
  wallet_name: d.wallet_name,
}));

export function ElectricityScreen() {
  return (
    <PaymentScreen<ElectricityDetails>
      title="Electricity"
      initiateHeading="Electricity details"
      restartLabel="Buy more electricity"
      errorFallback={ERROR_INITIATING_ELECTRICITY_PURCHASE}
      {...calls}
      persist={PERSIST}
      renderForm={(user, initiate) => <ElectricityForm user={user} {...initiate} />}
      summary={(d) => [
        { label: 'Service provider', value: d.provider_name },
        { label: 'Meter number', value: d.meter_number },
        { label: 'Name', value: d.meter.name },
        { label: 'Address', value: d.meter.address },
        { label: 'Amount', amount: d.amount },
      ]}
    />
  );
}

function ElectricityForm({
  user,
  proceed,
  draft,
  offline,
}: { user: User } & MoneyFlowInitiate<ElectricityDetails>) {
  const [serviceTypes, setServiceTypes] = useState<ServiceType[]>([]);
  const [meter, setMeter] = useState<Meter | null>(draft?.meter ?? null);
  const [verifying, setVerifying] = useState(false);
  useEffect(() => {
    let cancelled = false;
    fetchServiceTypes()
      .then((types) => !cancelled && setServiceTypes(types))
      .catch((error: unknown) => {
        if (!cancelled)
          void showToast('error', errorMessage(error, ERROR_GETTING_SERVICE_PROVIDERS));
      });
    return () => {
      cancelled = true;
    };
  }, []);

  const {
    register,
    handleSubmit,
    setValue,
    watch,
    formState: { errors },
  } = useForm<ElectricityFormValues>({
    resolver: schemaResolver<ElectricityFormValues>(electricityFormSchema),
    defaultValues: draft ?? { ...EMPTY, wallet_account_number: defaultWallet(user.wallets) },
  });
  const values = watch();

  // The verified details belong to one meter of one provider: a change makes them stale.
  const forget = () => {
    setMeter(null);
    setValue('account_details', '');
  };
  const validate = async () => {
    setVerifying(true);
    try {
      const found = await verifyMeter(values.meter_number.trim(), values.service_type);
      setMeter(found);
      setValue('account_details', found.name, { shouldValidate: true });
    } catch (error) {
      forget();
      void showToast('error', errorMessage(error, ERROR_VERIFYING_ACCOUNT_NUMBER));
    } finally {
      setVerifying(false);
    }
  };
  const below = meter && values.amount !== '' && Number(values.amount) < meter.minimum_amount;
  const missing = missingOf([
    ['source wallet', values.wallet_account_number],
    ['service provider', values.service_type],
    ['meter number', values.meter_number],
    // A number typed but not yet looked up: the customer must press Validate.
    ['a validated meter (press Validate)', !values.meter_number || values.account_details],
    ['phone number', values.phone_number],
    [below ? 'an amount at or above the minimum' : 'amount', values.amount && !below],
  ]);

  return (
    <form
      className={styles.form}
      onSubmit={handleSubmit((v) => {
        if (!meter) return;
        proceed({
          ...v,
          wallet_name: walletName(user.wallets, v.wallet_account_number),
          provider_name: serviceTypes.find((s) => s.service_type === v.service_type)?.name ?? '',
          meter,
        });
      })}
      noValidate
    >
      <WalletSelect
        wallets={user.wallets}
        includeCommission
        required
        error={errors.wallet_account_number?.message}
        {...register('wallet_account_number')}
      />
      <Select
        label="Service provider"
        placeholder="Select service provider"
        required
        options={serviceTypes.map((s) => ({ value: s.service_type, label: s.name }))}
        error={errors.service_type?.message}
        {...register('service_type', { onChange: forget })}
      />
      <div className={styles.row}>
        <TextField
          label="Meter number"
          inputMode="numeric"
          maxLength={METER_NUMBER_MAX_LENGTH}
          required
          error={errors.meter_number?.message ?? errors.account_details?.message}
          {...register('meter_number', { onChange: forget })}
        />
        <Button
          variant="secondary"
          loading={verifying}
          disabled={!values.meter_number.trim() || !values.service_type}
          onClick={() => void validate()}
        >
          Validate
        </Button>
      </div>
      {meter ? (
        <p className={styles.meter} aria-live="polite">
          <strong>{meter.name}</strong>
          <br />
          {meter.address}
          <br />
          <span className={styles.muted}>
            Minimum purchase {formatNaira(meter.minimum_amount)}
            {meter.arrears > 0 ? `, including ${formatNaira(meter.arrears)} of arrears` : ''}
          </span>
        </p>
      ) : null}
      <PhoneNumberField error={errors.phone_number?.message} {...register('phone_number')} />
      <AmountField
        required
        error={
          errors.amount?.message ??
          (below
            ? `The minimum purchase for this meter is ${formatNaira(meter.minimum_amount)}.`
            : undefined)
        }
        {...register('amount')}
      />
      <ProceedButton missing={missing} offline={offline} />
    </form>
  );
}
