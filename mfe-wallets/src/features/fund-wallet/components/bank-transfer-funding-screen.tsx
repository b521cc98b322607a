// SPEC §2 funding page: the read-only bank name (a fixed product string from the app config), the
// wallet's account number with a copy button, and the upper-cased account name.
import { useEffect, useRef, useState } from 'react';
import { fullName, isWalletBlocked, transferSourceWallets } from '@ajo/shared/format';
import { MESSAGE_DURATION_MS } from '@ajo/shared/constants';
import { Button, Screen, Select, Spinner, TextField } from '@ajo/shared/ui';
import { useCurrentUser } from '@ajo/remote-kit/use-current-user';
import styles from '../../../lib/wallets.module.css';
import { fetchBankName } from '../../../lib/wallets-api';

export const COPIED = 'Copied';
/** The browser refused the clipboard and the old copy command: the number is selected instead. */
export const COPY_BLOCKED =
  'Your browser blocked copying. The account number is selected: press and hold it (or use Ctrl+C) to copy it.';

/**
 * Copies through the old selection command when the clipboard API is missing or refused (an
 * http page, an in-app browser, a denied permission). True when the browser says it copied.
 */
function copyBySelection(input: HTMLInputElement | null): boolean {
  if (!input) return false;
  input.focus();
  input.select();
  input.setSelectionRange(0, input.value.length);
  try {
    return typeof document.execCommand === 'function' && document.execCommand('copy');
  } catch {
    return false;
  }
}

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
  const [copyNotice, setCopyNotice] = useState('');
  const accountNumberRow = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!copyNotice) return undefined;
    // SPEC §9: messages are shown 5 s.
    const timer = setTimeout(() => setCopyNotice(''), MESSAGE_DURATION_MS);
    return () => clearTimeout(timer);
  }, [copyNotice]);

  if (!user) {
    return (
      <Screen title="Bank Transfer">
        <Spinner size="large" label="Loading your wallets…" />
      </Screen>
    );
  }
  // The commission wallet cannot be funded (SPEC §3), and a blocked wallet receives nothing.
  const wallets = transferSourceWallets(user.wallets).filter((w) => !isWalletBlocked(w));
  const wallet = wallets.find((w) => w.account_no === chosen) ?? wallets[0];
  const accountName = fullName(user.first_name, user.last_name).toUpperCase();

  const copy = async () => {
    if (!wallet) return;
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(wallet.account_no);
      setCopyNotice(COPIED);
    } catch {
      const input = accountNumberRow.current?.querySelector('input') ?? null;
      setCopyNotice(copyBySelection(input) ? COPIED : COPY_BLOCKED);
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
        <div className={styles.copyRow} ref={accountNumberRow}>
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
          {copyNotice}
        </p>
        <TextField label="Account name" value={accountName} readOnly />
      </div>
    </Screen>
  );
}
