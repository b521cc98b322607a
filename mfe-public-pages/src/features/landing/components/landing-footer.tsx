import { CrossAppLink } from '@ajo/remote-kit/cross-app-link';
import { SUPPORT_EMAIL, usePublicConfig } from '../../public-config/public-config';
import styles from './landing-page.module.css';

/**
 * Who holds the money, the legal pages, help and the mobile apps: what a careful customer looks for
 * before trusting a wallet. The bank line and store addresses are configuration (host README).
 */
export function LandingFooter() {
  const config = usePublicConfig();
  // A region, not <footer>: inside the shell's <main> a footer is no contentinfo landmark.
  return (
    <section className={styles.footer} aria-label="About Ajo Wallet">
      <p className={styles.custody}>
        Your money is held by <strong>{config.bankName}</strong>. {config.bankLicence}.
      </p>
      <nav aria-label="Legal and help">
        <ul className={styles.footerLinks}>
          <li>
            <CrossAppLink href="/terms-and-conditions/account">Terms and conditions</CrossAppLink>
          </li>
          <li>
            <CrossAppLink href="/terms-and-conditions/account#data-protection">
              Privacy policy
            </CrossAppLink>
          </li>
          <li>
            <CrossAppLink href="/faq">FAQ</CrossAppLink>
          </li>
          <li>
            <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
          </li>
        </ul>
      </nav>
      <ul className={styles.footerLinks} aria-label="Get the mobile app">
        <li>
          <a href={config.androidStoreUrl} rel="noopener noreferrer">
            Get it on Google Play
          </a>
        </li>
        <li>
          <a href={config.iosStoreUrl} rel="noopener noreferrer">
            Download on the App Store
          </a>
        </li>
      </ul>
    </section>
  );
}
