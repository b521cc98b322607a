import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from '@ajo/shared/router';
import {
  GENDERS,
  REFERRAL_CODE_KEY,
  SECURITY_PIN_LENGTH,
  SESSION_PHONE_KEY,
} from '@ajo/shared/constants';
import { ACCOUNT_CREATED, AN_ERROR_OCCURED, ERROR_SIGNING_UP } from '@ajo/shared/messages';
import { signupFormSchema, type SignupFormValues } from '@ajo/shared/schemas';
import { Button, Select, TextField } from '@ajo/shared/ui';
import { loadHostSession } from '@ajo/remote-kit/host';
import {
  errorMessage,
  errorStatus,
  isUnexpectedResponse,
  navigateAcrossApps,
  showToast,
} from '@ajo/remote-kit/services';
import { schemaResolver } from '@ajo/remote-kit/zod-form';
import { FormScreen } from '../../../lib/form-screen';
import styles from '../../../lib/form.module.css';
import { createUser } from '../api';
import { useLocations } from '../use-locations';
import { toCreateUserPayload } from '../payload';

/** Form values: selects and inputs hold strings until the schema has checked them. */
type AccountSetupValues = Omit<SignupFormValues, 'gender'> & {
  gender: SignupFormValues['gender'] | '';
};

const REQUIRED_FIELDS = ['gender', 'address', 'state_id', 'lga_id', 'pin', 'confirm_pin'] as const;
const GENDER_OPTIONS = GENDERS.map((g) => ({ value: g, label: g === 'male' ? 'Male' : 'Female' }));

export function AccountSetupForm({ pin, confirmPin }: { pin: string; confirmPin: string }) {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    control,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<AccountSetupValues>({
    resolver: schemaResolver<AccountSetupValues>(signupFormSchema),
    defaultValues: {
      gender: '',
      address: '',
      state_id: '',
      lga_id: '',
      pin,
      confirm_pin: confirmPin,
      // SPEC §3: referrer_code from session storage when a referral link set it.
      referrer_code: sessionStorage.getItem(REFERRAL_CODE_KEY) ?? '',
      email: '',
    },
  });
  const watched = useWatch({ control, name: REQUIRED_FIELDS });
  const stateId = String(watched[2] ?? '');
  const { states, localGovernments, loadingLgas } = useLocations(stateId);

  // A new state means a new list of local governments: the old choice no longer applies.
  useEffect(() => setValue('lga_id', ''), [stateId, setValue]);

  // SPEC §4: submit is enabled once every field except referrer_code and email is filled.
  const complete = watched.every((value) => String(value ?? '').trim() !== '');

  const createAccount = async (values: AccountSetupValues) => {
    try {
      await createUser(toCreateUserPayload(values as SignupFormValues, states, localGovernments));
      // The sign-up token and number are spent; /login starts a fresh session.
      const { session } = await loadHostSession();
      session.endSignup();
      localStorage.removeItem(SESSION_PHONE_KEY);
      void showToast('success', ACCOUNT_CREATED);
      void navigateAcrossApps('/login');
    } catch (error) {
      if (isUnexpectedResponse(error)) return void showToast('error', AN_ERROR_OCCURED);
      void showToast('error', errorMessage(error, ERROR_SIGNING_UP));
      // No or expired sign-up token: the phone must be verified again.
      if (errorStatus(error) === 401) navigate('/signup');
    }
  };

  return (
    <FormScreen title="Account Setup" lead="Tell us a little about yourself to finish sign-up.">
      <form className={styles.form} onSubmit={handleSubmit(createAccount)} noValidate>
        <Select
          label="Gender"
          placeholder="Select gender"
          options={GENDER_OPTIONS}
          required
          error={errors.gender?.message}
          {...register('gender')}
        />
        <TextField
          label="Address"
          autoComplete="street-address"
          required
          error={errors.address?.message}
          {...register('address')}
        />
        <div className={styles.row}>
          <Select
            label="State"
            placeholder="Select state"
            options={states.map((s) => ({ value: String(s.id), label: s.name }))}
            required
            error={errors.state_id?.message}
            {...register('state_id')}
          />
          <Select
            label="Local government"
            placeholder={loadingLgas ? 'Loading…' : 'Select local government'}
            options={localGovernments.map((l) => ({
              value: String(l.id),
              label: l.local_government_name,
            }))}
            required
            disabled={!stateId}
            error={errors.lga_id?.message}
            {...register('lga_id')}
          />
        </div>
        <div className={styles.row}>
          <TextField
            label="Security PIN"
            type="password"
            numeric
            autoComplete="new-password"
            maxLength={SECURITY_PIN_LENGTH}
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
        </div>
        <TextField
          label="Referrer code"
          hint="Optional"
          autoComplete="off"
          error={errors.referrer_code?.message}
          {...register('referrer_code')}
        />
        <TextField
          label="Email"
          type="email"
          hint="Optional"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <div className={styles.actions}>
          <Button type="submit" fullWidth disabled={!complete} loading={isSubmitting}>
            Create account
          </Button>
        </div>
      </form>
    </FormScreen>
  );
}
