// SPEC §2 funding page: the read-only bank name (a fixed product string from the app config), the
// wallet's account number with a copy button, and the upper-cased account name.
import { useEffect, useState } from 'react';
import { fullName, isWalletBlocked, transferSourceWallets } from '@ajo/shared/format';
import { MESSAGE_DURATION_MS } from '@ajo/shared/constants';
import { Button, Screen, Select, Spinner, TextField } from '@ajo/shared/ui';
import { useCurrentUser } from '@ajo/remote-kit/use-current-user';
import styles from '../../../lib/wallets.module.css';
import { fetchBankName } from '../../../lib/wallets-api';

export const COPIED = 'Copied';

function useBankName(): string {
  const [bankName, setBankName] = useState('');
  useEffect(() => {
    let cancelled = false;
    fetchBankName()
      .then((name) => !cancelled && setBankName(name))
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, []);
  return bankName;
}

export function BankTransferFundingScreen() {
  const { user } = useCurrentUser();
  const bankName = useBankName();
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return undefined;
    // SPEC §9: messages are shown 5 s.
    const timer = setTimeout(() => setCopied(false), MESSAGE_DURATION_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  if (!user) {
    return (
      <Screen title="Bank Transfer">
        <Spinner size="large" label="Loading your wallets…" />
      </Screen>
    );
  }
  // The commission wallet cannot be funded (SPEC §3), and a blocked wallet receives nothing (issue 6).
  const wallets = transferSourceWallets(user.wallets).filter((w) => !isWalletBlocked(w));
  const wallet = wallets.find((w) => w.account_no === chosen) ?? wallets[0];
  const accountName = fullName(user.first_name, user.last_name).toUpperCase();

  const copy = async () => {
    if (!wallet) return;
    try {
      await navigator.clipboard.writeText(wallet.account_no);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <Screen title="Bank Transfer">
      <div className={styles.form}>
        <p className={styles.muted}>
          Transfer from any bank app to the account below and the money lands in your wallet.
        </p>
        {wallets.length > 1 ? (
          <Select
            label="Wallet"
            value={wallet?.account_no ?? ''}
            onChange={(event) => setChosen(event.target.value)}
            options={wallets.map((w) => ({ value: w.account_no, label: w.name }))}
          />
        ) : null}
        <TextField label="Bank name" value={bankName} readOnly />
        <div className={styles.copyRow}>
          <TextField label="Account number" value={wallet?.account_no ?? ''} readOnly />
          <Button
            variant="secondary"
            aria-label="Copy account number"
            onClick={() => void copy()}
            disabled={!wallet}
          >
            Copy
          </Button>
        </div>
        <p role="status" aria-live="polite" className={styles.muted}>
          {copied ? COPIED : ''}
        </p>
        <TextField label="Account name" value={accountName} readOnly />
      </div>
    </Screen>
  );
}
