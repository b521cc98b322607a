import { useForm } from 'react-hook-form';
import { useNavigate } from '@ajo/shared/router';
import { SECURITY_PIN_LENGTH } from '@ajo/shared/constants';
import { HINT_SECURITY_PIN } from '@ajo/shared/messages';
import { securityPinPairSchema, type SecurityPinPairValues } from '@ajo/shared/schemas';
import { Button, TextField } from '@ajo/shared/ui';
import { schemaResolver } from '@ajo/remote-kit/zod-form';
import { FormScreen } from '../../../lib/form-screen';
import styles from '../../../lib/form.module.css';

/** What /security-pin hands to /register (SPEC §2 "carrying both values"). */
export interface SecurityPinHandOff {
  pin: string;
  confirm_pin: string;
}

/**
 * /security-pin (SPEC §2): set and confirm a 4-digit PIN, then /register with both values in
 * navigation state only: a PIN never goes to browser storage.
 */
export function SecurityPinScreen() {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SecurityPinPairValues>({
    resolver: schemaResolver<SecurityPinPairValues>(securityPinPairSchema),
    defaultValues: { pin: '', confirm_pin: '' },
  });

  const continueToAccountSetup = (values: SecurityPinPairValues) => {
    const state: SecurityPinHandOff = { pin: values.pin, confirm_pin: values.confirm_pin };
    navigate('/register', { state });
  };

  return (
    <FormScreen
      title="Set Security PIN"
      lead="You will use this 4-digit PIN to log in to your account."
    >
      <form className={styles.form} onSubmit={handleSubmit(continueToAccountSetup)} noValidate>
        <TextField
          label="Security PIN"
          type="password"
          numeric
          autoComplete="new-password"
          maxLength={SECURITY_PIN_LENGTH}
          hint={HINT_SECURITY_PIN}
          required
          error={errors.pin?.message}
          {...register('pin')}
        />
        <TextField
          label="Confirm Security PIN"
          type="password"
          numeric
          autoComplete="new-password"
          maxLength={SECURITY_PIN_LENGTH}
          required
          error={errors.confirm_pin?.message}
          {...register('confirm_pin')}
        />
        <div className={styles.actions}>
          <Button type="submit" fullWidth>
            Continue
          </Button>
        </div>
      </form>
    </FormScreen>
  );
}
