import { NavLink } from './nav-link';
import { landmark, linkTo } from '../routes/route-table';
import styles from './public-navbar.module.css';

export const BRAND = 'Ajo Wallet';

/**
 * SPEC §2: brand to /, Features to /, FAQ to the FAQ screen and Signup to the start of sign-up, where
 * the live remotes declare them; the dashboard variant shows only the brand.
 */
export function PublicNavbar({ variant }: { variant: 'public' | 'dashboard' }) {
  const faq = linkTo('faq');
  return (
    <nav className={styles.navbar} aria-label="Main">
      <NavLink href="/" className={styles.brand}>
        {BRAND}
      </NavLink>
      {variant === 'public' && (
        <ul className={styles.links}>
          <li>
            <NavLink href="/">Features</NavLink>
          </li>
          {faq && (
            <li>
              <NavLink href={faq}>FAQ</NavLink>
            </li>
          )}
          <li>
            <NavLink href={landmark('sign-up')} className={styles.cta}>
              Signup
            </NavLink>
          </li>
        </ul>
      )}
    </nav>
  );
}
