// The initiate step of wallet to wallet (SPEC §2, §4, §5): Proceed is enabled once every field but
// the narration is filled, the receiver validated; the shared schema's messages on Proceed.
import { useState, type FormEvent } from 'react';
import type { Wallet } from '@ajo/shared/entities';
import { NARRATION_MAX_LENGTH, WALLET_NUMBER_MAX_LENGTH } from '@ajo/shared/constants';
import { transferSourceWallets } from '@ajo/shared/format';
import {
  ERROR_VERIFYING_WALLET_NUMBER,
  HINT_NUMBERS_ONLY,
  SOURCE_WALLET_REQUIRED,
} from '@ajo/shared/messages';
import type { MoneyFlowInitiate } from '@ajo/shared/money-flow';
import {
  requiredString,
  walletNumberSchema,
  walletTransferFormSchema,
  z,
} from '@ajo/shared/schemas';
import { Button, Checkbox, TextField } from '@ajo/shared/ui';
import { AmountField, WalletSelect } from '@ajo/shared/ui/money-fields';
import { errorMessage, showToast } from '@ajo/remote-kit/services';
import {
  BeneficiariesModal,
  beneficiaryWalletOf,
  isSaved,
  useBeneficiaries,
  type Beneficiary,
} from '../../../lib/beneficiaries';
import { checkDetails, detailsParser, type FieldErrors } from '../../../lib/initiate-details';
import { LimitLine, useLimits } from '../../../lib/limits';
import { verifyWalletNumber } from '../../../lib/transfers-api';
import styles from '../../../lib/transfers.module.css';

const detailsSchema = z.object({
  ...walletTransferFormSchema.shape,
  wallet_name: requiredString(SOURCE_WALLET_REQUIRED),
});
export type WalletTransferDetails = z.infer<typeof detailsSchema>;

export const parseWalletTransferDetails = detailsParser(detailsSchema);

type Field = keyof WalletTransferDetails;
type Errors = FieldErrors<WalletTransferDetails>;

const EMPTY = {
  sender_wallet_number: '',
  receiver_wallet_number: '',
  receiver_name: '',
  amount: '',
  narration: '',
  save_beneficiary: false,
};

export interface WalletTransferFormProps extends MoneyFlowInitiate<WalletTransferDetails> {
  wallets: readonly Wallet[];
}

export function WalletTransferForm({ proceed, draft, offline, wallets }: WalletTransferFormProps) {
  const sources = transferSourceWallets(wallets);
  const [values, setValues] = useState({
    ...EMPTY,
    sender_wallet_number: sources.length === 1 ? (sources[0]?.account_no ?? '') : '',
    ...draft,
  });
  const [errors, setErrors] = useState<Errors>({});
  const [validating, setValidating] = useState(false);
  const [picked, setPicked] = useState(false);
  const [choosing, setChoosing] = useState(false);
  const limits = useLimits(values.sender_wallet_number);
  // SPEC §7: the beneficiaries of the user's first wallet; on this screen only those with no bank.
  const beneficiaries = useBeneficiaries(beneficiaryWalletOf(wallets));
  const walletBeneficiaries: Beneficiary[] = beneficiaries.list.filter((b) => !b.bank_code);

  const set = (field: Field) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((current) => ({
      ...current,
      [field]: value,
      // A new number is not the validated one.
      ...(field === 'receiver_wallet_number' ? { receiver_name: '' } : {}),
    }));
    if (field === 'receiver_wallet_number') setPicked(false);
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const validate = async () => {
    const number = walletNumberSchema.safeParse(values.receiver_wallet_number);
    if (!number.success) {
      setErrors((e) => ({ ...e, receiver_wallet_number: number.error.issues[0]?.message }));
      return;
    }
    setValidating(true);
    try {
      const name = await verifyWalletNumber(number.data);
      setValues((current) => ({ ...current, receiver_name: name }));
    } catch (error) {
      void showToast('error', errorMessage(error, ERROR_VERIFYING_WALLET_NUMBER));
    } finally {
      setValidating(false);
    }
  };

  const pick = (beneficiary: Beneficiary) => {
    setValues((current) => ({
      ...current,
      receiver_wallet_number: beneficiary.recipient_account_number,
      receiver_name: beneficiary.name,
      save_beneficiary: false,
    }));
    setPicked(true);
    setChoosing(false);
  };

  const saved = isSaved(beneficiaries.list, values.receiver_wallet_number, null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkDetails(detailsSchema, values, {
      sourceWallet: sources.find((w) => w.account_no === values.sender_wallet_number),
      canSave: !picked && !saved,
      limits,
    });
    if (checked.ok) proceed(checked.details);
    else setErrors(checked.errors);
  };
  // SPEC §4: every field except the PIN and the narration.
  const filled =
    values.sender_wallet_number !== '' &&
    values.receiver_wallet_number.trim() !== '' &&
    values.receiver_name !== '' &&
    values.amount.trim() !== '';

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <WalletSelect
        wallets={wallets}
        required
        value={values.sender_wallet_number}
        onChange={set('sender_wallet_number')}
        error={errors.sender_wallet_number}
      />
      <LimitLine limits={limits} />
      <div className={styles.row}>
        <TextField
          label="Receiver wallet number"
          numeric
          required
          maxLength={WALLET_NUMBER_MAX_LENGTH}
          hint={HINT_NUMBERS_ONLY}
          value={values.receiver_wallet_number}
          onChange={set('receiver_wallet_number')}
          error={errors.receiver_wallet_number ?? errors.receiver_name}
        />
        <Button
          type="button"
          variant="secondary"
          onClick={() => void validate()}
          disabled={validating || values.receiver_wallet_number.trim() === ''}
        >
          {validating ? 'Validating…' : 'Validate'}
        </Button>
      </div>
      <Button
        type="button"
        variant="secondary"
        className={styles.choose}
        onClick={() => setChoosing(true)}
      >
        Choose Beneficiary
      </Button>
      {values.receiver_name ? (
        <p className={styles.resolved} aria-live="polite">
          <span className={styles.muted}>Receiver: </span>
          {values.receiver_name}
        </p>
      ) : null}
      <AmountField required value={values.amount} onChange={set('amount')} error={errors.amount} />
      <TextField
        label="Narration (optional)"
        maxLength={NARRATION_MAX_LENGTH}
        value={values.narration ?? ''}
        onChange={set('narration')}
        error={errors.narration}
      />
      {picked || saved ? null : (
        <Checkbox
          label="Save Beneficiary"
          checked={Boolean(values.save_beneficiary)}
          onChange={(event) =>
            setValues((current) => ({ ...current, save_beneficiary: event.target.checked }))
          }
        />
      )}
      <Button type="submit" disabled={!filled || offline}>
        Proceed
      </Button>
      <BeneficiariesModal
        open={choosing}
        onClose={() => setChoosing(false)}
        beneficiaries={walletBeneficiaries}
        onPick={pick}
        onDeleted={beneficiaries.reload}
      />
    </form>
  );
}
