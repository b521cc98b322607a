// "Show card details": the transaction PIN, then the full number and CVV for the time the server
// says (60 s) with a countdown. Held in this component's state only: never in localStorage,
// sessionStorage or the URL, and gone when the countdown ends, on Hide and on unmount.
import { useEffect, useState, type FormEvent } from 'react';
import { TRANSACTION_PIN_LENGTH } from '@ajo/shared/constants';
import { Button } from '@ajo/shared/ui';
import { PinField } from '@ajo/shared/ui/money-fields';
import { errorMessage, showToast } from '@ajo/remote-kit/services';
import { revealCard } from '../cards-api';
import { ERROR_SHOWING_CARD_DETAILS } from '../messages';
import type { RevealedCard } from '@ajo/shared/schemas';
import styles from './cards.module.css';

const PIN_RULE = /^\d{6}$/;

/** '5069 9912 3456 7890': groups of four, easier to copy by eye. */
const grouped = (pan: string) => pan.replace(/(\d{4})(?=\d)/g, '$1 ');

export function CardDetailsReveal({ cardId }: { cardId: string }) {
  const [asking, setAsking] = useState(false);
  const [pin, setPin] = useState('');
  const [pinError, setPinError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<RevealedCard | null>(null);
  const [secondsLeft, setSecondsLeft] = useState(0);

  // Counted from a deadline, not by ticks (a throttled background tab must not stretch the 60 s);
  // at zero the details are dropped.
  useEffect(() => {
    if (!shown) return;
    const deadline = Date.now() + shown.visible_seconds * 1000;
    const tick = () => {
      const left = Math.ceil((deadline - Date.now()) / 1000);
      if (left <= 0) setShown(null);
      else setSecondsLeft(left);
    };
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [shown]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!PIN_RULE.test(pin)) {
      setPinError(`Enter your ${TRANSACTION_PIN_LENGTH}-digit transaction PIN.`);
      return;
    }
    setBusy(true);
    try {
      const details = await revealCard(cardId, pin);
      setShown(details);
      setSecondsLeft(details.visible_seconds);
      setAsking(false);
    } catch (error) {
      void showToast('error', errorMessage(error, ERROR_SHOWING_CARD_DETAILS));
    } finally {
      // The PIN is not kept, whatever the answer.
      setPin('');
      setBusy(false);
    }
  };

  if (shown) {
    return (
      <div className={styles.secret} aria-label="Card details">
        <p className={styles.number} data-private>
          {grouped(shown.card_number)}
        </p>
        <p className={styles.muted}>
          Expiry <strong>{shown.expiry}</strong> · CVV <strong data-private>{shown.cvv}</strong>
        </p>
        <p className={styles.muted} role="timer" aria-live="off">
          Hidden in {secondsLeft} s
        </p>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => setShown(null)}>
            Hide card details
          </Button>
        </div>
      </div>
    );
  }
  if (!asking) {
    return (
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => setAsking(true)}>
          Show card details
        </Button>
      </div>
    );
  }
  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
      <PinField
        value={pin}
        onChange={(e) => {
          setPin(e.target.value);
          setPinError(undefined);
        }}
        error={pinError}
        hint="The card number and CVV are shown for 60 seconds."
        required
      />
      <div className={styles.actions}>
        <Button type="submit" loading={busy}>
          Show
        </Button>
        <Button
          variant="ghost"
          onClick={() => {
            setAsking(false);
            setPin('');
            setPinError(undefined);
          }}
        >
          Cancel
        </Button>
      </div>
    </form>
  );
}
