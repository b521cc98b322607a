// The initiate step of wallet to bank (SPEC §2, §4, §5): from-wallet, searchable bank, account
// number with Validate, the resolved name (read-only), amount, narration, Save Beneficiary and
// Choose Beneficiary. Proceed needs a bank, an account number and an amount above 0 (SPEC §5),
// and the account validated: the transfer carries the name enquiry's reference.
import { useEffect, useState, type FormEvent } from 'react';
import type { Bank, Wallet } from '@ajo/shared/entities';
import { NARRATION_MAX_LENGTH, NUBAN_LENGTH, TRANSFER_CHANNEL_CODE } from '@ajo/shared/constants';
import { parseBankOptionValue, toBankOptionValue, transferSourceWallets } from '@ajo/shared/format';
import {
  ACCOUNT_NOT_VERIFIED,
  BANK_REQUIRED,
  BANK_REQUIRED_TO_SAVE_BENEFICIARY,
  ERROR_GETTING_BANKS,
  ERROR_SELECTING_BENEFICIARY,
  ERROR_VERIFYING_ACCOUNT_NUMBER,
  HINT_NUMBERS_ONLY,
  SOURCE_WALLET_REQUIRED,
} from '@ajo/shared/messages';
import type { MoneyFlowInitiate } from '@ajo/shared/money-flow';
import { nubanSchema, requiredString, walletToBankFormSchema, z } from '@ajo/shared/schemas';
import { Button, Checkbox, TextField } from '@ajo/shared/ui';
import { SearchableSelect } from '@ajo/shared/ui/searchable-select';
import { AmountField, WalletSelect } from '@ajo/shared/ui/money-fields';
import { errorMessage, showToast } from '@ajo/remote-kit/services';
import {
  BeneficiariesModal,
  bankBeneficiaries,
  beneficiaryWalletOf,
  isSaved,
  useBeneficiaries,
  type Beneficiary,
} from '../../../lib/beneficiaries';
import { checkDetails, detailsParser, type FieldErrors } from '../../../lib/initiate-details';
import { LimitLine, useLimits } from '../../../lib/limits';
import { fetchBanks, verifyAccountNumber } from '../../../lib/transfers-api';
import styles from '../../../lib/transfers.module.css';

const detailsSchema = z.object({
  ...walletToBankFormSchema.shape,
  // Spreading the shape drops the form schema's bank check (an empty bank passed): restated here.
  // Saving without a bank is said when the box is ticked, and Proceed needs a bank anyway.
  bank: requiredString(BANK_REQUIRED),
  wallet_name: requiredString(SOURCE_WALLET_REQUIRED),
  name_enquiry_ref: requiredString(ACCOUNT_NOT_VERIFIED),
  bank_verification_number: z.string(),
  kyc_level: z.string(),
});
export type BankTransferDetails = z.infer<typeof detailsSchema>;

export const parseBankTransferDetails = detailsParser(detailsSchema);

type Field = keyof BankTransferDetails;
type Errors = FieldErrors<BankTransferDetails>;

const EMPTY = {
  wallet_account_number: '',
  bank: '',
  account_number: '',
  account_name: '',
  amount: '',
  narration: '',
  save_beneficiary: false,
  name_enquiry_ref: '',
  bank_verification_number: '',
  kyc_level: '',
};

/** Fields a name enquiry resolved: cleared when the bank or the number changes. */
const UNVERIFIED = {
  account_name: '',
  name_enquiry_ref: '',
  bank_verification_number: '',
  kyc_level: '',
};

function useBanks(): Bank[] {
  const [banks, setBanks] = useState<Bank[]>([]);
  useEffect(() => {
    let current = true;
    fetchBanks()
      .then((list) => current && setBanks(list))
      .catch((error: unknown) => showToast('error', errorMessage(error, ERROR_GETTING_BANKS)));
    return () => {
      current = false;
    };
  }, []);
  return banks;
}

export interface BankTransferFormProps extends MoneyFlowInitiate<BankTransferDetails> {
  wallets: readonly Wallet[];
}

export function BankTransferForm({ proceed, draft, offline, wallets }: BankTransferFormProps) {
  const sources = transferSourceWallets(wallets);
  const [values, setValues] = useState({
    ...EMPTY,
    wallet_account_number: sources.length === 1 ? (sources[0]?.account_no ?? '') : '',
    ...draft,
  });
  const [errors, setErrors] = useState<Errors>({});
  const [validating, setValidating] = useState(false);
  const [picked, setPicked] = useState(false);
  const [choosing, setChoosing] = useState(false);
  const banks = useBanks();
  const limits = useLimits(values.wallet_account_number);
  const beneficiaries = useBeneficiaries(beneficiaryWalletOf(wallets));
  const bank = parseBankOptionValue(values.bank);

  const update = (patch: Partial<typeof values>, field?: Field) => {
    setValues((current) => ({ ...current, ...patch }));
    if (field) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const validate = async () => {
    if (!bank) {
      setErrors((e) => ({ ...e, bank: BANK_REQUIRED }));
      return;
    }
    const number = nubanSchema.safeParse(values.account_number);
    if (!number.success) {
      setErrors((e) => ({ ...e, account_number: number.error.issues[0]?.message }));
      return;
    }
    setValidating(true);
    try {
      const account = await verifyAccountNumber({
        channelCode: TRANSFER_CHANNEL_CODE,
        beneficiaryBankCode: bank.code,
        beneficiaryAccountNumber: number.data,
      });
      update({
        account_name: account.beneficiaryAccountName,
        name_enquiry_ref: account.beneficiaryNameEnquiryRefrenceNumber,
        bank_verification_number: account.bankVerificationNumber,
        kyc_level: account.kyclevel,
      });
    } catch (error) {
      void showToast('error', errorMessage(error, ERROR_VERIFYING_ACCOUNT_NUMBER));
    } finally {
      setValidating(false);
    }
  };

  const pick = (beneficiary: Beneficiary) => {
    const chosenBank = banks.find((b) => b.code === beneficiary.bank_code);
    if (!chosenBank) {
      // A wallet beneficiary, or a bank no longer on the list: nothing to send a bank transfer to.
      void showToast('error', ERROR_SELECTING_BENEFICIARY);
      return;
    }
    update({
      ...UNVERIFIED,
      bank: toBankOptionValue(chosenBank),
      account_number: beneficiary.recipient_account_number,
      save_beneficiary: false,
    });
    setPicked(true);
    setChoosing(false);
  };

  // A picked beneficiary is validated at once: the transfer needs a fresh name enquiry.
  useEffect(() => {
    if (picked && bank && values.account_number && !values.name_enquiry_ref) void validate();
    // validate reads the current values; it runs once per pick.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [picked, values.bank, values.account_number]);

  const saved = isSaved(beneficiaries.list, values.account_number, bank?.code ?? null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkDetails(detailsSchema, values, {
      sourceWallet: sources.find((w) => w.account_no === values.wallet_account_number),
      canSave: !picked && !saved,
      limits,
    });
    if (checked.ok) proceed(checked.details);
    else setErrors(checked.errors);
  };
  // SPEC §5: a bank, an account number and an amount above 0 (and the account validated).
  const filled =
    values.wallet_account_number !== '' &&
    bank !== null &&
    values.account_number.trim() !== '' &&
    values.account_name !== '' &&
    Number(values.amount) > 0;

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <WalletSelect
        wallets={wallets}
        label="From wallet"
        required
        value={values.wallet_account_number}
        onChange={(e) => update({ wallet_account_number: e.target.value }, 'wallet_account_number')}
        error={errors.wallet_account_number}
      />
      <LimitLine limits={limits} />
      <SearchableSelect
        label="Receiving bank"
        placeholder="Search for a bank"
        required
        options={banks.map((b) => ({ value: toBankOptionValue(b), label: b.name }))}
        value={values.bank}
        onChange={(value) => {
          update({ bank: value, ...UNVERIFIED }, 'bank');
          setPicked(false);
        }}
        error={errors.bank}
        noOptionsText="No bank matches"
      />
      <div className={styles.row}>
        <TextField
          label="Account number"
          numeric
          required
          maxLength={NUBAN_LENGTH}
          hint={HINT_NUMBERS_ONLY}
          value={values.account_number}
          onChange={(e) => {
            update({ account_number: e.target.value, ...UNVERIFIED }, 'account_number');
            setPicked(false);
          }}
          error={errors.account_number}
        />
        <Button
          type="button"
          variant="secondary"
          onClick={() => void validate()}
          disabled={validating || values.account_number.trim() === ''}
        >
          {validating ? 'Validating…' : 'Validate'}
        </Button>
      </div>
      <TextField
        label="Account name"
        readOnly
        value={values.account_name}
        placeholder="Validate the account number"
        error={errors.account_name ?? errors.name_enquiry_ref}
      />
      <Button
        type="button"
        variant="secondary"
        className={styles.choose}
        onClick={() => setChoosing(true)}
      >
        Choose Beneficiary
      </Button>
      <AmountField
        required
        value={values.amount}
        onChange={(e) => update({ amount: e.target.value }, 'amount')}
        error={errors.amount}
      />
      <TextField
        label="Narration (optional)"
        maxLength={NARRATION_MAX_LENGTH}
        value={values.narration ?? ''}
        onChange={(e) => update({ narration: e.target.value }, 'narration')}
        error={errors.narration}
      />
      {picked || saved ? null : (
        <Checkbox
          label="Save Beneficiary"
          checked={Boolean(values.save_beneficiary)}
          onChange={(event) => {
            update({ save_beneficiary: event.target.checked });
            // SPEC §5: saving needs a bank; said at once, not only on Proceed.
            setErrors((current) => ({
              ...current,
              bank: event.target.checked && !bank ? BANK_REQUIRED_TO_SAVE_BENEFICIARY : undefined,
            }));
          }}
        />
      )}
      <Button type="submit" disabled={!filled || offline}>
        Proceed
      </Button>
      <BeneficiariesModal
        open={choosing}
        onClose={() => setChoosing(false)}
        beneficiaries={bankBeneficiaries(beneficiaries.list, banks)}
        onPick={pick}
        onDeleted={beneficiaries.reload}
      />
    </form>
  );
}
