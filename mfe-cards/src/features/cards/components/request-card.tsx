// Request a card: the delivery address (prefilled from the profile), the fee and the delivery
// charge shown before the PIN, then the shared money flow (confirm with the transaction PIN, the
// step-up OTP if the server asks, one Idempotency-Key per attempt, a lost answer checked, never
// resent blind). Paid from the main wallet (SPEC §9 fee borne by the customer).
import { useEffect, useState, type FormEvent } from 'react';
import type { User } from '@ajo/shared/entities';
import { formatNaira, transferSourceWallets } from '@ajo/shared/format';
import { ERROR_GETTING_STATES } from '@ajo/shared/messages';
import { MoneyFlow } from '@ajo/shared/money-flow';
import { Button, Select, TextField } from '@ajo/shared/ui';
import { CrossAppLink } from '@ajo/remote-kit/cross-app-link';
import { errorMessage, showToast } from '@ajo/remote-kit/services';
import {
  fetchStates,
  recoverCardRequest,
  submitCardRequest,
  type CardRequestDetails,
} from '../cards-api';
import { deliveryAddressSchema, type CardRequested, type CardsResponse } from '@ajo/shared/schemas';
import { fieldErrors } from '../field-errors';
import { ERROR_REQUESTING_CARD } from '../messages';
import styles from './cards.module.css';

type Fees = CardsResponse['fees'];

export function FeeList({ fees }: { fees: Fees }) {
  return (
    <dl className={styles.fees} aria-label="What the card costs">
      <dt>Issuance fee (once)</dt>
      <dd>{formatNaira(fees.issuance_fee)}</dd>
      <dt>Delivery charge</dt>
      <dd>{formatNaira(fees.delivery_charge)}</dd>
      <dt className={styles.total}>Total from your main wallet</dt>
      <dd className={styles.total}>{formatNaira(fees.total)}</dd>
    </dl>
  );
}

function RequestForm({
  user,
  fees,
  draft,
  offline,
  proceed,
}: {
  user: User;
  fees: Fees;
  draft: CardRequestDetails | undefined;
  offline: boolean;
  proceed: (details: CardRequestDetails) => void;
}) {
  const wallet = transferSourceWallets(user.wallets)[0];
  const [address, setAddress] = useState(
    draft?.delivery_address ?? {
      address: user.address ?? '',
      city: '',
      state: '',
    },
  );
  const [errors, setErrors] = useState<Partial<Record<'address' | 'city' | 'state', string>>>({});
  const [states, setStates] = useState<string[]>([]);

  useEffect(() => {
    let cancelled = false;
    fetchStates()
      .then((list) => !cancelled && setStates(list))
      .catch((error: unknown) => {
        if (!cancelled) void showToast('error', errorMessage(error, ERROR_GETTING_STATES));
      });
    return () => {
      cancelled = true;
    };
  }, []);

  const set = (name: 'address' | 'city' | 'state') => (e: { target: { value: string } }) => {
    setAddress((a) => ({ ...a, [name]: e.target.value }));
    setErrors((er) => ({ ...er, [name]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The middleware's own rules and words (the shared schema); what it sends is trimmed.
    const parsed = deliveryAddressSchema.safeParse(address);
    setErrors(fieldErrors(parsed));
    if (!parsed.success || !wallet) return;
    proceed({ wallet_account_number: wallet.account_no, delivery_address: parsed.data, fees });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <p className={styles.muted}>
        You get a virtual card at once for online payments, and a physical card delivered to you.
      </p>
      <TextField
        label="Delivery address"
        maxLength={200}
        required
        value={address.address}
        onChange={set('address')}
        error={errors.address}
      />
      <TextField
        label="City"
        maxLength={60}
        required
        value={address.city}
        onChange={set('city')}
        error={errors.city}
      />
      <Select
        label="State"
        placeholder="Select state"
        options={states.map((s) => ({ value: s, label: s }))}
        required
        value={address.state}
        onChange={set('state')}
        error={errors.state}
      />
      <FeeList fees={fees} />
      {wallet ? (
        <p className={styles.muted}>
          Paid from {wallet.name} ({wallet.account_no}).
        </p>
      ) : (
        <p role="alert">You need a main wallet to pay for a card.</p>
      )}
      <Button type="submit" disabled={offline || !wallet}>
        Proceed
      </Button>
    </form>
  );
}

/**
 * The cards are issued: the screen shows them at once (this flow leaves with the request), with
 * the server's sentence and what was charged.
 */
function Issued({
  answer,
  onRequested,
}: {
  answer: CardRequested | undefined;
  onRequested: (answer: CardRequested | undefined) => void;
}) {
  useEffect(() => onRequested(answer), [answer, onRequested]);
  return null;
}

export function RequestCard({
  user,
  fees,
  onRequested,
}: {
  user: User;
  fees: Fees;
  /** The cards are issued: show them. */
  onRequested: (answer: CardRequested | undefined) => void;
}) {
  return (
    <MoneyFlow<CardRequestDetails, CardRequested>
      submit={submitCardRequest}
      recover={recoverCardRequest}
      errorFallback={ERROR_REQUESTING_CARD}
      showToast={(kind, message) => void showToast(kind, message)}
      initiateHeading="Request a card"
      linkComponent={CrossAppLink}
      renderInitiate={({ proceed, draft, offline }) => (
        <RequestForm user={user} fees={fees} draft={draft} offline={offline} proceed={proceed} />
      )}
      summary={(d) => [
        {
          label: 'Deliver to',
          value: `${d.delivery_address.address}, ${d.delivery_address.city}, ${d.delivery_address.state}`,
        },
        { label: 'Issuance fee', amount: d.fees.issuance_fee },
        { label: 'Delivery charge', amount: d.fees.delivery_charge },
        { label: 'Total', amount: d.fees.total },
      ]}
      renderStatus={({ outcome }) =>
        outcome.status === 'successful' ? (
          <Issued answer={outcome.details} onRequested={onRequested} />
        ) : null
      }
    />
  );
}
