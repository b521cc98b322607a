import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Resolver } from 'react-hook-form';
import { NIN_LENGTH } from '@ajo/shared/constants';
import { HINT_NUMBERS_ONLY, NIN_SUBMITTED, PLACEHOLDER_NIN } from '@ajo/shared/messages';
import { ninPairSchema, type NinPairValues } from '@ajo/shared/schemas';
import { Button, TextField } from '@ajo/shared/ui';
import { Modal } from '@ajo/shared/ui/modal';
import { serverMessageOf, submitNin } from './prompt-api';
import type { PromptModalProps } from './prompt-types';
import styles from './prompts.module.css';

const resolver = zodResolver(ninPairSchema) as unknown as Resolver<NinPairValues>;

/**
 * SPEC §4 / §5: the NIN update prompt. The NIN twice (11 digits, 'NIN mismatch!'), PUT /users/{id};
 * SPEC §8 success message, then the user is reloaded so the prompt's condition is read again.
 */
export function NinUpdateModal({ userId, services, onClose }: PromptModalProps) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<NinPairValues>({ resolver, defaultValues: { nin: '', confirm_nin: '' } });

  const toast = (kind: 'success' | 'error', message: string) =>
    services.bus.emit({ type: 'toast', toast: { kind, message } });

  const submit = async ({ nin }: NinPairValues) => {
    try {
      const { api } = await services.loadApi();
      await submitNin(api, userId, { nin });
    } catch (error) {
      toast('error', serverMessageOf(error));
      return;
    }
    toast('success', NIN_SUBMITTED);
    try {
      // The status is now 'pending', so the refreshed user no longer meets the SPEC §4 condition.
      await services.session.loadUser();
    } catch (error) {
      console.warn('[prompts] could not refresh the user after the NIN update', error);
    }
    // Closed either way: the NIN is submitted even if the refresh failed.
    onClose();
  };

  return (
    <Modal open onClose={onClose} title="Update your NIN">
      <form className={styles.form} onSubmit={handleSubmit(submit)} noValidate>
        <p className={styles.lead}>
          Please provide your National Identification Number (NIN) to complete your verification.
        </p>
        <TextField
          label="NIN"
          numeric
          maxLength={NIN_LENGTH}
          placeholder={PLACEHOLDER_NIN}
          hint={HINT_NUMBERS_ONLY}
          error={errors.nin?.message}
          {...register('nin')}
        />
        <TextField
          label="Confirm NIN"
          numeric
          maxLength={NIN_LENGTH}
          placeholder={PLACEHOLDER_NIN}
          error={errors.confirm_nin?.message}
          {...register('confirm_nin')}
        />
        <Button type="submit" fullWidth loading={isSubmitting}>
          Submit NIN
        </Button>
      </form>
    </Modal>
  );
}
