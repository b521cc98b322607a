import { NavLink } from './nav-link';
import { landmark } from '../routes/route-table';
import styles from './shell.module.css';

/** SPEC §2: small screens show a breadcrumb: the signed-in home, then the route's label. */
export function Breadcrumb({ label }: { label: string }) {
  return (
    <nav className={styles.breadcrumb} aria-label="Breadcrumb">
      <ol>
        <li>
          <NavLink href={landmark('signed-in-home')}>Dashboard</NavLink>
        </li>
        <li aria-current="page">{label}</li>
      </ol>
    </nav>
  );
}
