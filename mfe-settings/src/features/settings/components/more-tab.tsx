import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { DELETE_ACCOUNT_REASONS, OTHER_REASONS } from '@ajo/shared/constants';
import type { User } from '@ajo/shared/entities';
import { DELETE_ACCOUNT_WARNING } from '@ajo/shared/messages';
import {
  accountClosureReason,
  deleteAccountFormSchema,
  type DeleteAccountFormValues,
} from '@ajo/shared/schemas';
import { Button, Checkbox, Select } from '@ajo/shared/ui';
import { Modal } from '@ajo/shared/ui/modal';
import { loadHostSession } from '@ajo/remote-kit/host';
import { errorMessage, showToast } from '@ajo/remote-kit/services';
import { schemaResolver } from '@ajo/remote-kit/zod-form';
import { requestAccountClosure } from '../api';
import styles from '../settings.module.css';

/**
 * SPEC §2 More: the Delete Account form (SPEC §9 reasons; 'Other Reasons' reveals a free-text box,
 * SPEC §4), the agreement tick and a confirmation that warns 'this action cannot be undone'. The
 * server refuses while money is left; after closing, the customer is signed out.
 */
export function MoreTab({ user }: { user: User }) {
  const [confirming, setConfirming] = useState<DeleteAccountFormValues | null>(null);
  const [closing, setClosing] = useState(false);
  const form = useForm<DeleteAccountFormValues>({
    resolver: schemaResolver<DeleteAccountFormValues>(deleteAccountFormSchema),
    defaultValues: { other_reason: '' },
  });
  const reason = form.watch('reason');
  const errors = form.formState.errors;

  const close = async () => {
    if (!confirming) return;
    setClosing(true);
    try {
      await showToast(
        'success',
        await requestAccountClosure(user.id, accountClosureReason(confirming)),
      );
      const { session } = await loadHostSession();
      session.signOut();
    } catch (error) {
      setConfirming(null);
      await showToast(
        'error',
        errorMessage(error, 'Could not close your account. Please try again.'),
      );
    } finally {
      setClosing(false);
    }
  };

  return (
    <section className={styles.section} aria-labelledby="settings-more">
      <h2 id="settings-more">Delete Account</h2>
      <p className={styles.muted}>
        Move all your money out of your wallets first: an account with money in it cannot be closed.
      </p>
      <form
        className={styles.form}
        noValidate
        onSubmit={form.handleSubmit((values) => setConfirming(values))}
      >
        <Select
          label="Why are you leaving?"
          placeholder="Choose a reason"
          options={DELETE_ACCOUNT_REASONS.map((r) => ({ value: r, label: r }))}
          error={errors.reason?.message}
          {...form.register('reason')}
        />
        {reason === OTHER_REASONS ? (
          <div>
            <label htmlFor="delete-other-reason">Tell us your reason</label>
            <textarea
              id="delete-other-reason"
              className={styles.textarea}
              maxLength={500}
              aria-invalid={errors.other_reason ? true : undefined}
              aria-describedby={errors.other_reason ? 'delete-other-reason-error' : undefined}
              {...form.register('other_reason')}
            />
            {errors.other_reason ? (
              <p id="delete-other-reason-error" role="alert" className={styles.muted}>
                {errors.other_reason.message}
              </p>
            ) : null}
          </div>
        ) : null}
        <Checkbox
          label="I understand that closing my account is permanent and my wallets will be deactivated."
          error={errors.agreed?.message}
          {...form.register('agreed')}
        />
        <Button type="submit" variant="danger">
          Delete Account
        </Button>
      </form>
      <Modal
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title="Delete your account?"
        role="alertdialog"
        footer={
          <div className={styles.row}>
            <Button variant="secondary" onClick={() => setConfirming(null)} disabled={closing}>
              Cancel
            </Button>
            <Button variant="danger" onClick={close} loading={closing}>
              Yes, delete my account
            </Button>
          </div>
        }
      >
        <p>
          Your wallets will be deactivated and you will be signed out. Please note that{' '}
          <strong>{DELETE_ACCOUNT_WARNING}</strong>.
        </p>
      </Modal>
    </section>
  );
}
