import { useForm } from 'react-hook-form';
import { NIN_LENGTH } from '@ajo/shared/constants';
import {
  HINT_NUMBERS_ONLY,
  NIN_INVALID,
  NIN_START_TEXT,
  NIN_START_TITLE,
  NIN_VERIFY_ERROR,
  PLACEHOLDER_NIN,
} from '@ajo/shared/messages';
import { ninSchema, ninStartFormSchema, type NinStartFormValues } from '@ajo/shared/schemas';
import { Button, TextField } from '@ajo/shared/ui';
import { errorMessage, showToast } from '@ajo/remote-kit/services';
import { schemaResolver } from '@ajo/remote-kit/zod-form';
import { FormScreen } from '../../../lib/form-screen';
import formStyles from '../../../lib/form.module.css';
import { startNinVerification } from '../api';
import { ninStore } from '../nin-store';
import styles from './nin-verification.module.css';

/**
 * SPEC §2 NIN start screen: one numeric input, Submit disabled until the NIN is valid (11 digits).
 * Success stores the answer as nin.verificationData (the screen then shows the follow-on view);
 * failure toasts the server's message and stays on the form (SPEC §8).
 */
export function NinStartForm() {
  const {
    register,
    handleSubmit,
    watch,
    formState: { isSubmitting },
  } = useForm<NinStartFormValues>({
    resolver: schemaResolver<NinStartFormValues>(ninStartFormSchema),
    defaultValues: { nin: '' },
    mode: 'onChange',
  });
  const nin = watch('nin');
  const isValid = ninSchema.safeParse(nin).success;
  const typed = nin.length > 0;

  const submitNin = async ({ nin: value }: NinStartFormValues) => {
    try {
      ninStore.set(await startNinVerification(value));
    } catch (error) {
      void showToast('error', errorMessage(error, NIN_VERIFY_ERROR));
    }
  };

  return (
    <FormScreen title={NIN_START_TITLE} lead={NIN_START_TEXT}>
      <form className={formStyles.form} onSubmit={handleSubmit(submitNin)} noValidate>
        <TextField
          label="NIN"
          numeric
          maxLength={NIN_LENGTH}
          placeholder={PLACEHOLDER_NIN}
          hint={HINT_NUMBERS_ONLY}
          error={typed && !isValid ? NIN_INVALID : undefined}
          className={typed ? (isValid ? styles.valid : styles.invalid) : undefined}
          {...register('nin')}
        />
        <div className={formStyles.actions}>
          <Button type="submit" fullWidth disabled={!isValid} loading={isSubmitting}>
            Submit
          </Button>
        </div>
      </form>
    </FormScreen>
  );
}
