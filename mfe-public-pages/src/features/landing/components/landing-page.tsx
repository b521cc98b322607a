import { CrossAppLink } from '@ajo/remote-kit/cross-app-link';
import { LandingFooter } from './landing-footer';
import styles from './landing-page.module.css';

const BLURBS = [
  {
    title: 'Pay bills',
    text: 'Buy airtime and data, and pay for electricity and cable TV in a few taps, any time of day.',
  },
  {
    title: 'Send money',
    text: 'Transfer to any Ajo wallet or to a bank account in Nigeria, and save your beneficiaries.',
  },
  {
    title: 'Agency banking',
    text: 'Deposit cash with a nearby agent and see it in your wallet straight away.',
  },
] as const;

/** SPEC §2 Landing: headline, Get started (to /signup), Login (to /login), three blurbs. */
export function LandingPage() {
  return (
    <div className={styles.landing}>
      <section className={styles.hero} aria-labelledby="landing-title">
        <h1 id="landing-title" className={styles.headline}>
          Your money, your wallet: pay bills, send money and bank with agents
        </h1>
        <p className={styles.lead}>
          Ajo Wallet gives you a wallet you can fund, spend and share, right from your phone.
        </p>
        <div className={styles.actions}>
          <CrossAppLink href="/signup" className={styles.primary}>
            Get started
          </CrossAppLink>
          <CrossAppLink href="/login" className={styles.secondary}>
            Login
          </CrossAppLink>
        </div>
      </section>
      <section aria-labelledby="features-title">
        <h2 id="features-title" className="ajo-visually-hidden">
          Features
        </h2>
        <ul className={styles.blurbs}>
          {BLURBS.map((blurb) => (
            <li key={blurb.title} className={styles.blurb}>
              <h3>{blurb.title}</h3>
              <p>{blurb.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <LandingFooter />
    </div>
  );
}
