import { NavLink } from './nav-link';
import styles from './shell.module.css';

/** SPEC §2: small screens show a breadcrumb. */
export function Breadcrumb({ label }: { label: string }) {
  return (
    <nav className={styles.breadcrumb} aria-label="Breadcrumb">
      <ol>
        <li>
          <NavLink href="/dashboard">Dashboard</NavLink>
        </li>
        <li aria-current="page">{label}</li>
      </ol>
    </nav>
  );
}
