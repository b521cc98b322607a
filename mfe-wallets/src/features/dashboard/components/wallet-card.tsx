// SPEC §2 / §4 wallet card: name, status (blocked in red), balance hidden by default behind an eye
// toggle, account number (N/A for the commission wallet, product_id 4, SPEC §3). While a card
// payment holds money (SPEC §2 card terms: an authorisation reserves the amount at once), the
// available balance shows beside the balance.
import { useState } from 'react';
import type { Wallet } from '@ajo/shared/entities';
import { formatNaira, isCommissionWallet, walletStatusTone } from '@ajo/shared/format';
import { Badge, VisuallyHidden } from '@ajo/shared/ui';
import styles from '../../../lib/wallets.module.css';

const HIDDEN_BALANCE = '₦ ••••••';

/** Naira held by card authorisations, 0 when none (or an older middleware that does not say). */
function reserved(wallet: Wallet): number {
  const available = wallet.available_balance;
  return typeof available === 'number' && available < wallet.balance
    ? Math.round((wallet.balance - available) * 100) / 100
    : 0;
}

function statusLabel(status: string): string {
  const text = String(status ?? '').trim();
  return text ? text.charAt(0).toUpperCase() + text.slice(1).toLowerCase() : 'Active';
}

export function WalletCard({ wallet }: { wallet: Wallet }) {
  const [visible, setVisible] = useState(false);
  const tone = walletStatusTone(wallet);
  const titleId = `wallet-${wallet.id}-name`;
  return (
    <article
      aria-labelledby={titleId}
      data-tone={tone}
      className={[styles.card, tone === 'danger' ? styles.blocked : undefined]
        .filter(Boolean)
        .join(' ')}
    >
      <div className={styles.cardHeader}>
        <h3 id={titleId} className={styles.cardName}>
          {wallet.name}
        </h3>
        <Badge tone={tone}>{statusLabel(wallet.account_status)}</Badge>
      </div>
      <div className={styles.balanceRow}>
        {visible ? (
          <span className={styles.balance}>{formatNaira(wallet.balance)}</span>
        ) : (
          // An aria-label on a plain span is not read: the dots are hidden from screen readers and
          // the words are there for them instead.
          <span className={styles.balance}>
            <span aria-hidden="true">{HIDDEN_BALANCE}</span>
            <VisuallyHidden>Balance hidden</VisuallyHidden>
          </span>
        )}
        <button
          type="button"
          className={styles.eye}
          aria-pressed={visible}
          aria-label={visible ? `Hide ${wallet.name} balance` : `Show ${wallet.name} balance`}
          onClick={() => setVisible((shown) => !shown)}
        >
          <EyeIcon open={!visible} />
        </button>
      </div>
      {visible && reserved(wallet) ? (
        <p className={styles.muted}>
          Available: {formatNaira(wallet.available_balance as number)} (
          {formatNaira(reserved(wallet))} reserved for card payments)
        </p>
      ) : null}
      <p className={styles.muted}>
        Account number: {isCommissionWallet(wallet) ? 'N/A' : wallet.account_no}
      </p>
    </article>
  );
}

function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      />
      <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
      {open ? null : <line x1="3" y1="3" x2="21" y2="21" stroke="currentColor" strokeWidth="2" />}
    </svg>
  );
}
