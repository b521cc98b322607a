// Activating the delivered physical card (middleware README "Debit cards"): the last 4 digits
// printed on it prove it arrived, and a 4-digit card PIN entered twice, checked with the call's
// shared schema before it is sent. The server counts wrong attempts before comparing; its message
// is shown as it is.
import { useState, type FormEvent } from 'react';
import { Button, TextField } from '@ajo/shared/ui';
import { PinField } from '@ajo/shared/ui/money-fields';
import { errorMessage, showToast } from '@ajo/remote-kit/services';
import { activateCardPayloadSchema, type Card } from '@ajo/shared/schemas';
import { activateCard } from '../cards-api';
import { fieldErrors, type FieldErrors } from '../field-errors';
import { ERROR_ACTIVATING_CARD } from '../messages';
import styles from './cards.module.css';

type Errors = FieldErrors<'last4' | 'card_pin' | 'confirm_card_pin'>;

export function ActivateCardForm({
  card,
  onActivated,
}: {
  card: Card;
  onActivated: (card: Card, message: string) => void;
}) {
  const [values, setValues] = useState({ last4: '', card_pin: '', confirm_card_pin: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const field = (name: keyof typeof values) => ({
    value: values[name],
    onChange: (e: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: e.target.value }));
      setErrors((er) => ({ ...er, [name]: undefined }));
    },
    error: errors[name],
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The middleware's own rules and words (the shared schema), checked before the call.
    const parsed = activateCardPayloadSchema.safeParse(values);
    const found: Errors = fieldErrors(parsed);
    setErrors(found);
    if (!parsed.success) return;
    setBusy(true);
    try {
      const answer = await activateCard(card.id, values);
      onActivated(answer.card, answer.message);
    } catch (error) {
      void showToast('error', errorMessage(error, ERROR_ACTIVATING_CARD));
      setValues((v) => ({ ...v, card_pin: '', confirm_card_pin: '' }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className={styles.form}
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label="Activate your card"
    >
      <TextField
        label="Last 4 digits of the card number"
        numeric
        maxLength={4}
        hint="Printed on the front of your card."
        required
        {...field('last4')}
      />
      <PinField
        length={4}
        label="Card PIN"
        hint="4 digits, for shops and ATMs."
        required
        {...field('card_pin')}
      />
      <PinField length={4} label="Confirm card PIN" required {...field('confirm_card_pin')} />
      <div className={styles.actions}>
        <Button type="submit" loading={busy}>
          Activate card
        </Button>
      </div>
    </form>
  );
}
