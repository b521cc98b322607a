// SPEC §2 "Choose Beneficiary modal", §4 "Beneficiary", §8 beneficiary messages.
import { useCallback, useEffect, useState } from 'react';
import type { Bank, Wallet } from '@ajo/shared/entities';
import { transferSourceWallets } from '@ajo/shared/format';
import {
  BENEFICIARY_DELETED,
  BENEFICIARY_SAVED,
  DELETE_BENEFICIARY_TITLE,
  ERROR_DELETING_BENEFICIARY,
  ERROR_SAVING_BENEFICIARY,
  NO_BENEFICIARIES,
} from '@ajo/shared/messages';
import type { BeneficiaryRecord, NewBeneficiaryValues } from '@ajo/shared/schemas';
import { Button, VisuallyHidden } from '@ajo/shared/ui';
import { Modal } from '@ajo/shared/ui/modal';
import { errorMessage, errorStatus, showToast } from '@ajo/remote-kit/services';
import { deleteBeneficiary, fetchBeneficiaries, saveBeneficiary } from './transfers-api';
import styles from './transfers.module.css';

/** SPEC §3: a beneficiary's bankName is derived from the bank list by code. */
export interface Beneficiary extends BeneficiaryRecord {
  bankName?: string;
}

export function withBankNames(list: BeneficiaryRecord[], banks: readonly Bank[]): Beneficiary[] {
  return list.map((b) => {
    const bankName = b.bank_code
      ? banks.find((bank) => bank.code === b.bank_code)?.name
      : undefined;
    return bankName ? { ...b, bankName } : { ...b };
  });
}

/**
 * SPEC §3/§2: the bank screen's modal lists bank beneficiaries only: those with a bankName (a bank
 * still on the list). A wallet beneficiary could never be sent a bank transfer.
 */
export function bankBeneficiaries(
  list: BeneficiaryRecord[],
  banks: readonly Bank[],
): Beneficiary[] {
  return withBankNames(list, banks).filter((b) => b.bankName !== undefined);
}

/**
 * SPEC §7 "The user's first wallet is used": beneficiaries are listed from it, so they are saved
 * against it too, whichever wallet the transfer was paid from (else one saved while sending from a
 * second wallet would never be listed, nor found when checking whether it is already saved).
 */
export function beneficiaryWalletOf(wallets: readonly Pick<Wallet, 'account_no' | 'product_id'>[]) {
  return transferSourceWallets(wallets)[0]?.account_no;
}

/**
 * The beneficiaries saved on a wallet (SPEC §7: the user's first wallet is used). A failure to list
 * is only logged (SPEC §8).
 */
export function useBeneficiaries(walletAccountNumber: string | undefined) {
  const [list, setList] = useState<BeneficiaryRecord[]>([]);
  const reload = useCallback(() => {
    if (!walletAccountNumber) return;
    fetchBeneficiaries(walletAccountNumber)
      .then(setList)
      .catch((error: unknown) => console.error('Could not list beneficiaries', error));
  }, [walletAccountNumber]);
  useEffect(reload, [reload]);
  return { list, reload };
}

/** SPEC §4: the save checkbox hides when the validated account is already saved. */
export function isSaved(
  list: readonly BeneficiaryRecord[],
  recipient: string,
  bankCode: string | null,
): boolean {
  return list.some(
    (b) => b.recipient_account_number === recipient && (b.bank_code ?? null) === bankCode,
  );
}

/**
 * SPEC §8: a duplicate (409) always reads as the SPEC's save error; any other refusal shows the
 * server's own words when it sent some (too many saved, unknown bank), the same error otherwise.
 */
function saveErrorMessage(error: unknown): string {
  return errorStatus(error) === 409
    ? ERROR_SAVING_BENEFICIARY
    : errorMessage(error, ERROR_SAVING_BENEFICIARY);
}

/** Saved after the money moved: a failed save never turns the transfer into a failure. */
export function saveBeneficiaryAfterTransfer(beneficiary: NewBeneficiaryValues): void {
  saveBeneficiary(beneficiary)
    .then(() => showToast('success', BENEFICIARY_SAVED))
    .catch((error: unknown) => showToast('error', saveErrorMessage(error)));
}

export interface BeneficiariesModalProps {
  open: boolean;
  onClose: () => void;
  beneficiaries: readonly Beneficiary[];
  onPick: (beneficiary: Beneficiary) => void;
  onDeleted: () => void;
}

/** SPEC §2: titled Beneficiaries; each row name, bank name, account number and Delete. */
export function BeneficiariesModal({
  open,
  onClose,
  beneficiaries,
  onPick,
  onDeleted,
}: BeneficiariesModalProps) {
  const [toDelete, setToDelete] = useState<Beneficiary | null>(null);
  const [deleting, setDeleting] = useState(false);

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await deleteBeneficiary(toDelete.id);
      void showToast('success', BENEFICIARY_DELETED);
      onDeleted();
    } catch (error) {
      void showToast('error', errorMessage(error, ERROR_DELETING_BENEFICIARY));
    } finally {
      // SPEC §8: the dialog closes either way.
      setDeleting(false);
      setToDelete(null);
    }
  };

  return (
    <>
      <Modal open={open && !toDelete} onClose={onClose} title="Beneficiaries" size="large">
        {beneficiaries.length === 0 ? (
          <p className={styles.muted}>{NO_BENEFICIARIES}</p>
        ) : (
          <ul className={styles.beneficiaries} aria-label="Saved beneficiaries">
            {beneficiaries.map((b) => (
              <li key={b.id} className={styles.beneficiary}>
                {/* The accessible name is the visible text with "Choose" before it (WCAG 2.5.3:
                    a label that leaves out the visible account number fails voice control). */}
                <button type="button" className={styles.pick} onClick={() => onPick(b)}>
                  <VisuallyHidden>Choose </VisuallyHidden>
                  <span className={styles.beneficiaryName}>{b.name}</span>{' '}
                  {b.bankName ? (
                    <>
                      <span className={styles.muted}>{b.bankName}</span>{' '}
                    </>
                  ) : null}
                  <span className={styles.muted}>{b.recipient_account_number}</span>
                </button>
                <Button
                  variant="secondary"
                  onClick={() => setToDelete(b)}
                  aria-label={`Delete ${b.name}`}
                >
                  Delete
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Modal>
      <Modal
        open={toDelete !== null}
        onClose={() => setToDelete(null)}
        title={DELETE_BENEFICIARY_TITLE}
        role="alertdialog"
        footer={
          <>
            <Button variant="secondary" onClick={() => setToDelete(null)}>
              Cancel
            </Button>
            <Button variant="danger" onClick={() => void confirmDelete()} disabled={deleting}>
              Confirm Delete
            </Button>
          </>
        }
      >
        <p>
          {toDelete?.name} ({toDelete?.recipient_account_number}) will be removed from your saved
          beneficiaries.
        </p>
      </Modal>
    </>
  );
}
