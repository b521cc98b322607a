import { NavLink } from './nav-link';
import styles from './public-navbar.module.css';

export const BRAND = 'Ajo Wallet';

/** SPEC §2: brand to /, Features to /, FAQ to /faq, Signup to /signup; the dashboard variant shows only the brand. */
export function PublicNavbar({ variant }: { variant: 'public' | 'dashboard' }) {
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
          <li>
            <NavLink href="/faq">FAQ</NavLink>
          </li>
          <li>
            <NavLink href="/signup" className={styles.cta}>
              Signup
            </NavLink>
          </li>
        </ul>
      )}
    </nav>
  );
}
