import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from '@ajo/shared/router';
import { REFERRAL_CODE_KEY } from '@ajo/shared/constants';
import { AN_ERROR_OCCURRED, HINT_REFERRAL_PHONE, referralInviteLine } from '@ajo/shared/messages';
import {
  referralFormSchema,
  toInternationalPhone,
  type ReferralFormValues,
} from '@ajo/shared/schemas';
import { Button, TextField } from '@ajo/shared/ui';
import { CrossAppLink } from '@ajo/remote-kit/cross-app-link';
import { redirectBrowser } from '@ajo/remote-kit/browser-redirect';
import { errorMessage, errorStatus, showToast } from '@ajo/remote-kit/services';
import { schemaResolver } from '@ajo/remote-kit/zod-form';
import { loadPublicConfig } from '../../public-config/public-config';
import { lookUpReferrer, submitReferral } from '../api';
import { storePlatform } from '../device';
import styles from './referral-page.module.css';

/** SPEC §2 benefits box (figures: SPEC §9, up to NGN250 welcome bonus). */
const BENEFITS = [
  {
    title: 'Welcome Bonus',
    text: 'Get up to NGN250 in your commission wallet when you fund your wallet with NGN1,000.',
  },
  {
    title: 'Fast & Smooth Bill Payment',
    text: 'Buy airtime and data and pay for electricity in seconds.',
  },
  {
    title: 'Security at its Peak',
    text: 'Your PIN, a one-time code for large amounts and bank-grade encryption protect every naira.',
  },
] as const;

type Lookup =
  | { state: 'loading' }
  | { state: 'found'; referrer: string }
  | { state: 'unknown'; message: string }
  // The lookup failed for another reason (network): the invitation still works.
  | { state: 'unavailable' };

/** SPEC §2 referral landing /referral/{referral_code} (states: SPEC §4; messages: SPEC §8). */
export function ReferralPage() {
  const code = (useParams().code ?? '').trim();
  const [lookup, setLookup] = useState<Lookup>({ state: 'loading' });
  const [done, setDone] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    lookUpReferrer(code).then(
      (referrer) => {
        if (!live) return;
        // SPEC §3: sign-up reads the referrer code from session storage.
        sessionStorage.setItem(REFERRAL_CODE_KEY, code.toUpperCase());
        setLookup({ state: 'found', referrer });
      },
      (error: unknown) => {
        if (!live) return;
        const message = errorMessage(error, AN_ERROR_OCCURRED);
        if (errorStatus(error) === 404 || errorStatus(error) === 400) {
          setLookup({ state: 'unknown', message });
          return;
        }
        void showToast('info', message);
        sessionStorage.setItem(REFERRAL_CODE_KEY, code.toUpperCase());
        setLookup({ state: 'unavailable' });
      },
    );
    return () => {
      live = false;
    };
  }, [code]);

  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ReferralFormValues>({
    resolver: schemaResolver<ReferralFormValues>(referralFormSchema),
    defaultValues: { phone_number: '' },
  });

  const invite = async (values: ReferralFormValues) => {
    try {
      const { message } = await submitReferral(code, toInternationalPhone(values.phone_number));
      const platform = storePlatform();
      if (platform) {
        const config = await loadPublicConfig();
        redirectBrowser(platform === 'android' ? config.androidStoreUrl : config.iosStoreUrl);
        return;
      }
      setDone(message);
    } catch (error) {
      void showToast('info', errorMessage(error, AN_ERROR_OCCURRED));
    }
  };

  if (lookup.state === 'loading') {
    return (
      <p role="status" className={styles.loading}>
        Loading your invitation…
      </p>
    );
  }

  if (lookup.state === 'unknown') {
    return (
      <section className={styles.page} aria-labelledby="referral-unknown">
        <h1 id="referral-unknown">This invitation link does not work</h1>
        <p role="alert">{lookup.message}</p>
        <p>
          Please check the link with the friend who sent it. You can still join Ajo Wallet without a
          referral code.
        </p>
        <div className={styles.actions}>
          <CrossAppLink href="/signup" className={styles.primaryLink}>
            Sign up
          </CrossAppLink>
          <CrossAppLink href="/">Back to Home</CrossAppLink>
        </div>
      </section>
    );
  }

  const referrer = lookup.state === 'found' ? lookup.referrer : 'Your friend';
  return (
    <section className={styles.page} aria-labelledby="referral-title">
      <div className={styles.banner}>
        <span className={styles.logo} aria-label="Ajo Wallet" role="img">
          Ajo<span aria-hidden="true">●</span>Wallet
        </span>
        <h1 id="referral-title">{referralInviteLine(referrer)}</h1>
        <p>Pay bills, send money and fund your wallet from your phone.</p>
      </div>

      {done === null ? (
        <form className={styles.form} onSubmit={handleSubmit(invite)} noValidate>
          <TextField
            label="Phone number"
            placeholder="08012345678"
            hint={HINT_REFERRAL_PHONE}
            inputMode="numeric"
            autoComplete="tel"
            maxLength={11}
            required
            error={errors.phone_number?.message}
            {...register('phone_number')}
          />
          <Button type="submit" fullWidth loading={isSubmitting}>
            Download &amp; Enjoy
          </Button>
        </form>
      ) : (
        <div className={styles.done} role="status">
          <p>{done}</p>
          <p>
            Get the Ajo Wallet app on your phone, or open your account here on the web: your
            friend&apos;s code is already filled in.
          </p>
          <CrossAppLink href="/signup" className={styles.primaryLink}>
            Sign up on the web
          </CrossAppLink>
        </div>
      )}

      <section className={styles.benefits} aria-labelledby="referral-benefits">
        <h2 id="referral-benefits">Why join</h2>
        <ul>
          {BENEFITS.map((benefit) => (
            <li key={benefit.title}>
              <h3>{benefit.title}</h3>
              <p>{benefit.text}</p>
            </li>
          ))}
        </ul>
        <p>
          <Link to="/terms-and-conditions/referrals">Referral reward terms and conditions</Link>
        </p>
      </section>
    </section>
  );
}
