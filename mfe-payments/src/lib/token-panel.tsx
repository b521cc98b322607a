// The electricity token on a prepaid purchase's status step, with Copy. Loaded only when a token is
// shown (purchase-status.tsx), so the payments screens' first load does not carry it.
import { useRef, useState } from 'react';
import { Button } from '@ajo/shared/ui';
import { showToast } from '@ajo/remote-kit/services';
import styles from './payments.module.css';
import { formatToken } from './token';

export const TOKEN_COPIED = 'Token copied to clipboard.';
/** The browser refused the clipboard and the old copy command: the token is selected instead. */
export const TOKEN_COPY_BLOCKED =
  'Your browser blocked copying. The token is selected: press and hold it (or use Ctrl+C) to copy it.';

/**
 * Selects the token on screen and copies it through the old selection command, for a browser that
 * refuses the clipboard API (an http page, an in-app browser, a denied permission). True when the
 * browser says it copied; either way the token stays selected for the customer to copy by hand.
 */
function copyBySelection(element: HTMLElement | null): boolean {
  const selection = window.getSelection();
  if (!element || !selection) return false;
  selection.selectAllChildren(element);
  try {
    return typeof document.execCommand === 'function' && document.execCommand('copy');
  } catch {
    return false;
  }
}

export default function TokenPanel({ token, units }: { token: string; units: string | null }) {
  const [copied, setCopied] = useState(false);
  const [blocked, setBlocked] = useState(false);
  const tokenRef = useRef<HTMLOutputElement>(null);
  const shown = formatToken(token);
  const copy = async () => {
    let done: boolean;
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(shown);
      done = true;
    } catch {
      done = copyBySelection(tokenRef.current);
    }
    setCopied(done);
    setBlocked(!done);
    if (done) void showToast('success', TOKEN_COPIED);
  };
  return (
    <div className={styles.token}>
      <span className={styles.muted} id="token-label">
        Electricity token
      </span>
      <output ref={tokenRef} className={styles.tokenValue} aria-labelledby="token-label">
        {shown}
      </output>
      {units ? <span>{units} kWh</span> : null}
      <Button variant="secondary" onClick={() => void copy()}>
        {copied ? 'Copied' : 'Copy token'}
      </Button>
      <p role="status" className={styles.muted}>
        {blocked ? TOKEN_COPY_BLOCKED : ''}
      </p>
    </div>
  );
}
