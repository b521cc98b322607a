// Quick actions below the wallet cards to fund, transfer and pay (SPEC §2 routes).
import { Link } from '@ajo/shared/router';
import { CrossAppLink } from '@ajo/remote-kit/cross-app-link';
import styles from '../../../lib/wallets.module.css';

/** Routes this remote owns go through its router; the others through the shell (host README). */
const ACTIONS = [
  { label: 'Bank Transfer', href: '/dashboard/fund-wallet/bank-transfer', own: true },
  { label: 'Fund with Card', href: '/dashboard/transfers/bank-to-wallet', own: true },
  { label: 'Cash Deposit', href: '/dashboard/fund-wallet/cash-deposit', own: true },
  { label: 'Transfer', href: '/dashboard/transfers/other-wallet', own: false },
  { label: 'Pay Bills', href: '/dashboard/payments/airtime', own: false },
] as const;

export function QuickActions() {
  return (
    <nav aria-label="Quick actions">
      <ul className={styles.actions}>
        {ACTIONS.map((action) => (
          <li key={action.href}>
            {action.own ? (
              <Link className={styles.action} to={action.href}>
                {action.label}
              </Link>
            ) : (
              <CrossAppLink className={styles.action} href={action.href}>
                {action.label}
              </CrossAppLink>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
