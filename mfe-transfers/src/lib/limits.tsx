// docs/domain.md "KYC tiers": the limits are shown before they bite, on the initiate step.
import { useEffect, useState } from 'react';
import { formatNaira } from '@ajo/shared/format';
import type { TransferLimitsResponse } from '@ajo/shared/schemas';
import { fetchLimits } from './transfers-api';
import styles from './transfers.module.css';

/** What the customer may still send today from this wallet's owner; null until known. */
export function useLimits(walletAccountNumber: string): TransferLimitsResponse | null {
  const [limits, setLimits] = useState<TransferLimitsResponse | null>(null);
  useEffect(() => {
    setLimits(null);
    if (!walletAccountNumber) return;
    let current = true;
    fetchLimits(walletAccountNumber)
      .then((next) => current && setLimits(next))
      // Without the limits the server still enforces them; the line is only left out.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [walletAccountNumber]);
  return limits;
}

export function overLimitMessage(limits: TransferLimitsResponse): string {
  return `This is above your daily limit. You can send ${formatNaira(limits.remainingToday)} more today.`;
}

export function LimitLine({ limits }: { limits: TransferLimitsResponse | null }) {
  if (!limits) return null;
  return (
    <p className={styles.limit} aria-live="polite">
      You can send <strong>{formatNaira(limits.remainingToday)}</strong> more today (tier{' '}
      {limits.tier}: {formatNaira(limits.dailyLimit)} a day).
    </p>
  );
}
