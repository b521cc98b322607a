import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Resolver } from 'react-hook-form';
import { PHONE_LENGTH, SECURITY_PIN_LENGTH } from '@ajo/shared/constants';
import { ERROR_LOGGING_IN, HINT_SECURITY_PIN, PLACEHOLDER_PHONE } from '@ajo/shared/messages';
import { loginFormSchema, type LoginFormValues } from '@ajo/shared/schemas';
import { Button, TextField } from '@ajo/shared/ui';
import { loadHostApi } from '../federation/host-modules';
import { NavLink } from '../layout/nav-link';
import type { HostServices } from '../layout/use-host-services';
import { landmark, linkTo } from '../routes/route-table';
import { signIn } from './sign-in';
import styles from './login-page.module.css';

export interface LoginPageProps {
  /** host/bus and host/session; null until the shell has loaded them. */
  services: HostServices | null;
  navigate: (to: string, replace?: boolean) => void;
  /** host/api through federation, fetched on submit only: it stays out of the first load of `/`. */
  loadApi?: typeof loadHostApi;
}

const resolver = zodResolver(loginFormSchema) as unknown as Resolver<LoginFormValues>;

/**
 * /login belongs to the host (docs/architecture.md "The pieces"). SPEC §2: phone number plus
 * 4-digit security PIN (hint 'Numbers only, e.g. 1234'), links to the security PIN reset and to the
 * start of sign-up, where the live remotes declare them. SPEC §4 rules in ./sign-in.ts.
 */
export function LoginPage({ services, navigate, loadApi = loadHostApi }: LoginPageProps) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginFormValues>({ resolver, defaultValues: { phone_number: '', security_pin: '' } });

  const forgotPin = linkTo('reset-pin');

  const login = async (values: LoginFormValues) => {
    if (!services) return;
    try {
      const { api } = await loadApi();
      navigate(await signIn(values, { api, session: services.session }));
    } catch (error) {
      const serverMessage = (error as { serverMessage?: unknown } | null)?.serverMessage;
      const message =
        typeof serverMessage === 'string' && serverMessage ? serverMessage : ERROR_LOGGING_IN;
      services.bus.emit({ type: 'toast', toast: { kind: 'error', message } });
    }
  };

  return (
    <section className={styles.card} aria-labelledby="login-title">
      <h1 id="login-title" className={styles.title}>
        Login
      </h1>
      <p className={styles.lead}>Welcome back. Log in with your phone number and security PIN.</p>
      <form className={styles.form} onSubmit={handleSubmit(login)} noValidate>
        <TextField
          label="Phone number"
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          maxLength={PHONE_LENGTH}
          placeholder={PLACEHOLDER_PHONE}
          error={errors.phone_number?.message}
          {...register('phone_number')}
        />
        <TextField
          label="Security PIN"
          type="password"
          numeric
          autoComplete="current-password"
          maxLength={SECURITY_PIN_LENGTH}
          hint={HINT_SECURITY_PIN}
          error={errors.security_pin?.message}
          {...register('security_pin')}
        />
        <Button
          type="submit"
          fullWidth
          className={styles.submit}
          loading={isSubmitting}
          disabled={!services}
        >
          Login
        </Button>
      </form>
      <p className={styles.links}>
        {forgotPin && <NavLink href={forgotPin}>Forgot your security PIN?</NavLink>}
        <span>
          Don&apos;t have an account? <NavLink href={landmark('sign-up')}>Sign up</NavLink>
        </span>
      </p>
    </section>
  );
}

export default LoginPage;
