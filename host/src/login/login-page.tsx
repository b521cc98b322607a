import { type FormEvent, useId } from 'react';
import { HINT_SECURITY_PIN } from '@ajo/shared/messages';
import { NavLink } from '../layout/nav-link';
import styles from './login-page.module.css';

/**
 * /login belongs to the host (ARCHITECTURE: it owns auth). SPEC §2: phone number plus 4-digit
 * security PIN (hint 'Numbers only, e.g. 1234'), links to /forgot-pin and /signup.
 * Placeholder form: the auth issue wires the submit.
 */
export function LoginPage() {
  const phoneId = useId();
  const pinId = useId();
  const hintId = useId();
  const onSubmit = (event: FormEvent) => event.preventDefault();
  return (
    <section className={styles.card} aria-labelledby="login-title">
      <h1 id="login-title">Login</h1>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <label htmlFor={phoneId}>Phone number</label>
        <input
          id={phoneId}
          name="phone_number"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={11}
          placeholder="08012345678"
        />
        <label htmlFor={pinId}>Security PIN</label>
        <input
          id={pinId}
          name="security_pin"
          type="password"
          inputMode="numeric"
          autoComplete="current-password"
          maxLength={4}
          aria-describedby={hintId}
        />
        <small id={hintId} className={styles.hint}>
          {HINT_SECURITY_PIN}
        </small>
        <button type="submit" className={styles.submit}>
          Login
        </button>
      </form>
      <p className={styles.links}>
        <NavLink href="/forgot-pin">Forgot your security PIN?</NavLink>
        <NavLink href="/signup">Don&apos;t have an account? Sign up</NavLink>
      </p>
    </section>
  );
}

export default LoginPage;
