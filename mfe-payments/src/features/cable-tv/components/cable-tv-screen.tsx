// Cable TV, in the four steps of SPEC §4 as electricity: source wallet (the commission wallet too,
// SPEC §9), provider, smartcard / IUC number with Validate (name, current bouquet and its due date
// shown), renew the current bouquet or choose another (the amount is the bouquet's price,
// read-only), phone number for the receipt SMS. Proceed needs every field and the validated
// smartcard; changing the provider or the number clears the validation. The status step offers
// the receipt to share or download, as the transfer screens do.
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { User } from '@ajo/shared/entities';
import {
  ERROR_GETTING_CABLE_TV_PROVIDERS,
  ERROR_INITIATING_CABLE_TV_PURCHASE,
  ERROR_VERIFYING_SMARTCARD_NUMBER,
} from '@ajo/shared/messages';
import type { MoneyFlowInitiate } from '@ajo/shared/money-flow';
import {
  cableTvFormSchema,
  toInternationalPhone,
  type CableBouquetRecord,
  type CableProviderRecord,
  type CableTvFormValues,
  type VerifySmartcardResponse,
} from '@ajo/shared/schemas';
import { formatNaira } from '@ajo/shared/format';
import { Button, Select, TextField } from '@ajo/shared/ui';
import { AmountField, WalletSelect } from '@ajo/shared/ui/money-fields';
import { errorMessage, showToast } from '@ajo/remote-kit/services';
import { schemaResolver } from '@ajo/remote-kit/zod-form';
import { missingOf, PhoneNumberField, ProceedButton } from '../../../lib/fields';
import { defaultWallet, walletName } from '../../../lib/names';
import {
  cableTvPurchase,
  fetchCableBouquets,
  fetchCableProviders,
  verifySmartcard,
} from '../../../lib/payments-api';
import { PaymentScreen, storedDetails } from '../../../lib/payment-screen';
import styles from '../../../lib/payments.module.css';

type Customer = VerifySmartcardResponse['customer'];
type Choice = 'renew' | 'change';

/** The form's values plus the validated customer and the names the summary shows. */
type CableTvDetails = CableTvFormValues & {
  wallet_name: string;
  provider_name: string;
  number_label: string;
  bouquet_name: string;
  customer: Customer;
};

const EMPTY: CableTvFormValues = {
  wallet_account_number: '',
  provider: '',
  smartcard_number: '',
  customer_name: '',
  bouquet_code: '',
  phone_number: '',
  amount: '',
};

const PERSIST = {
  storageKey: 'ajo.money-flow.cable-tv',
  parseDetails: storedDetails<CableTvDetails>(cableTvFormSchema, [
    'wallet_name',
    'provider_name',
    'number_label',
    'bouquet_name',
    'customer',
  ]),
};

const calls = cableTvPurchase((d: CableTvDetails) => ({
  wallet_account_number: d.wallet_account_number,
  wallet_name: d.wallet_name,
  provider: d.provider,
  smartcard_number: d.smartcard_number,
  bouquet_code: d.bouquet_code,
  amount: Number(d.amount),
  phone_number: toInternationalPhone(d.phone_number),
}));

/** '2026-03-13' as a person reads it: '13 Mar 2026' (a calendar day, no time zone shift). */
export function formatDueDate(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-NG', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
}

export function CableTvScreen() {
  return (
    <PaymentScreen<CableTvDetails>
      title="Cable TV"
      initiateHeading="Cable TV details"
      restartLabel="Pay for another subscription"
      receiptTitle="Cable TV Subscription"
      recipientLabel={(d) => d.number_label}
      errorFallback={ERROR_INITIATING_CABLE_TV_PURCHASE}
      {...calls}
      persist={PERSIST}
      renderForm={(user, initiate) => <CableTvForm user={user} {...initiate} />}
      summary={(d) => [
        { label: 'Provider', value: d.provider_name },
        { label: d.number_label, value: d.smartcard_number },
        { label: 'Name', value: d.customer.name },
        { label: 'Bouquet', value: d.bouquet_name },
        { label: 'Phone number', value: d.phone_number },
        { label: 'Amount', amount: d.amount },
      ]}
    />
  );
}

function CableTvForm({
  user,
  proceed,
  draft,
  offline,
}: { user: User } & MoneyFlowInitiate<CableTvDetails>) {
  const [providers, setProviders] = useState<CableProviderRecord[]>([]);
  const [bouquets, setBouquets] = useState<CableBouquetRecord[]>([]);
  const [customer, setCustomer] = useState<Customer | null>(draft?.customer ?? null);
  const [choice, setChoice] = useState<Choice>(
    draft && draft.customer.current_bouquet_code !== draft.bouquet_code ? 'change' : 'renew',
  );
  const [verifying, setVerifying] = useState(false);
  useEffect(() => {
    let cancelled = false;
    fetchCableProviders()
      .then((list) => !cancelled && setProviders(list))
      .catch((error: unknown) => {
        if (!cancelled)
          void showToast('error', errorMessage(error, ERROR_GETTING_CABLE_TV_PROVIDERS));
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
  } = useForm<CableTvFormValues>({
    resolver: schemaResolver<CableTvFormValues>(cableTvFormSchema),
    defaultValues: draft ?? { ...EMPTY, wallet_account_number: defaultWallet(user.wallets) },
  });
  const values = watch();
  const provider = providers.find((p) => p.code === values.provider);
  const numberLabel = provider?.number_label ?? 'Smartcard number';

  // The bouquets are the chosen provider's.
  useEffect(() => {
    setBouquets([]);
    if (!values.provider) return;
    let cancelled = false;
    fetchCableBouquets(values.provider)
      .then((list) => !cancelled && setBouquets(list))
      .catch((error: unknown) => {
        if (!cancelled)
          void showToast('error', errorMessage(error, ERROR_GETTING_CABLE_TV_PROVIDERS));
      });
    return () => {
      cancelled = true;
    };
  }, [values.provider]);

  const chooseBouquet = (code: string) => {
    const bouquet = bouquets.find((b) => b.code === code);
    setValue('bouquet_code', bouquet ? code : '');
    // Read-only: the amount is the bouquet's price, whatever was there.
    setValue('amount', bouquet ? String(bouquet.amount) : '', {
      shouldValidate: Boolean(bouquet),
    });
  };
  // Renewing pays for the current bouquet, once both it and the price list are known.
  const renewing = choice === 'renew' ? customer?.current_bouquet_code : undefined;
  useEffect(() => {
    if (renewing && bouquets.length > 0) chooseBouquet(renewing);
    // chooseBouquet reads `bouquets`, already a dependency.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [renewing, bouquets]);

  // The validated customer belongs to one number of one provider: a change makes it stale.
  const forget = () => {
    setCustomer(null);
    setValue('customer_name', '');
    setValue('bouquet_code', '');
    setValue('amount', '');
  };
  const number = values.smartcard_number.trim();
  const wrongLength =
    provider && number !== '' && /^\d+$/.test(number) && number.length !== provider.number_length
      ? `A ${provider.name} ${provider.number_label.toLowerCase()} is ${provider.number_length} digits.`
      : undefined;
  const validate = async () => {
    setVerifying(true);
    try {
      const found = await verifySmartcard(values.provider, number);
      setCustomer(found);
      setChoice('renew');
      setValue('customer_name', found.name, { shouldValidate: true });
    } catch (error) {
      forget();
      void showToast('error', errorMessage(error, ERROR_VERIFYING_SMARTCARD_NUMBER));
    } finally {
      setVerifying(false);
    }
  };
  const choose = (next: Choice) => {
    setChoice(next);
    if (next === 'change') chooseBouquet('');
  };
  const bouquet = bouquets.find((b) => b.code === values.bouquet_code);
  const missing = missingOf([
    ['source wallet', values.wallet_account_number],
    ['provider', values.provider],
    [numberLabel.toLowerCase(), number],
    // A number typed but not yet looked up: the customer must press Validate.
    [`a validated ${numberLabel.toLowerCase()} (press Validate)`, !number || values.customer_name],
    ['bouquet', values.bouquet_code && values.amount],
    ['phone number', values.phone_number],
  ]);

  return (
    <form
      className={styles.form}
      onSubmit={handleSubmit((v) => {
        if (!customer || !provider || !bouquet) return;
        proceed({
          ...v,
          wallet_name: walletName(user.wallets, v.wallet_account_number),
          provider_name: provider.name,
          number_label: provider.number_label,
          bouquet_name: bouquet.name,
          customer,
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
        label="Provider"
        placeholder="Select provider"
        required
        options={providers.map((p) => ({ value: p.code, label: p.name }))}
        error={errors.provider?.message}
        {...register('provider', { onChange: forget })}
      />
      <div className={styles.row}>
        <TextField
          label={numberLabel}
          inputMode="numeric"
          maxLength={provider?.number_length ?? 11}
          hint={provider ? `${provider.number_length} digits` : undefined}
          required
          error={wrongLength ?? errors.smartcard_number?.message ?? errors.customer_name?.message}
          {...register('smartcard_number', { onChange: forget })}
        />
        <Button
          variant="secondary"
          loading={verifying}
          disabled={!number || !values.provider || Boolean(wrongLength)}
          onClick={() => void validate()}
        >
          Validate
        </Button>
      </div>
      {customer ? (
        <p className={styles.meter} aria-live="polite">
          <strong>{customer.name}</strong>
          <br />
          Current bouquet: {customer.current_bouquet}
          <br />
          <span className={styles.muted}>Due date: {formatDueDate(customer.due_date)}</span>
        </p>
      ) : null}
      {customer ? (
        <fieldset className={styles.choice}>
          <legend>Subscription</legend>
          <label>
            <input
              type="radio"
              name="subscription"
              checked={choice === 'renew'}
              onChange={() => choose('renew')}
            />{' '}
            Renew {customer.current_bouquet}
          </label>
          <label>
            <input
              type="radio"
              name="subscription"
              checked={choice === 'change'}
              onChange={() => choose('change')}
            />{' '}
            Choose another bouquet
          </label>
        </fieldset>
      ) : null}
      {customer && choice === 'change' ? (
        <Select
          label="Bouquet"
          placeholder="Select bouquet"
          required
          options={bouquets.map((b) => ({
            value: b.code,
            label: `${b.name} (${formatNaira(b.amount)})`,
          }))}
          error={errors.bouquet_code?.message}
          value={values.bouquet_code}
          onChange={(event) => chooseBouquet(event.target.value)}
        />
      ) : null}
      <PhoneNumberField error={errors.phone_number?.message} {...register('phone_number')} />
      <AmountField
        readOnly
        hint="Set by the bouquet"
        error={errors.amount?.message}
        {...register('amount')}
      />
      <ProceedButton missing={missing} offline={offline} />
    </form>
  );
}
