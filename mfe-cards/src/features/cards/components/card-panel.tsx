// One card as the customer holds it: what it is, its state, and what can be done with it now
// (SPEC §4 card terms; middleware README "Debit cards").
//  - virtual: usable at once; masked number and expiry, details shown after the PIN;
//  - physical: delivery tracking (requested, printed, dispatched, delivered), then activation;
//    not activated within 6 months: blocked, the terms' words and "Request a new card";
//  - freeze / unfreeze at once; "Report lost or stolen" after a confirmation: blocked for good,
//    the report's time shown (it decides liability: 60 minutes).
import { useState } from 'react';
import { formatDateTime } from '@ajo/shared/format';
import { Badge, Button, type BadgeTone } from '@ajo/shared/ui';
import { Modal } from '@ajo/shared/ui/modal';
import { errorMessage, showToast } from '@ajo/remote-kit/services';
import { changeCard, type CardAction } from '../cards-api';
import {
  ERROR_FREEZING_CARD,
  ERROR_REPORTING_CARD,
  ERROR_UNFREEZING_CARD,
  LIABILITY_NOTE,
  NOT_ACTIVATED_IN_TIME,
} from '../messages';
import type { Card, CardStatus, DeliveryStatus } from '@ajo/shared/schemas';
import { ActivateCardForm } from './activate-card-form';
import { CardDetailsReveal } from './card-details-reveal';
import styles from './cards.module.css';

const STATUS: Record<CardStatus, { label: string; tone: BadgeTone }> = {
  inactive: { label: 'Not activated', tone: 'warning' },
  active: { label: 'Active', tone: 'success' },
  frozen: { label: 'Frozen', tone: 'info' },
  blocked: { label: 'Blocked', tone: 'danger' },
  reported: { label: 'Reported lost or stolen', tone: 'danger' },
};

export const DELIVERY_STEPS: ReadonlyArray<{ status: DeliveryStatus; label: string }> = [
  { status: 'requested', label: 'Requested' },
  { status: 'printed', label: 'Printed' },
  { status: 'dispatched', label: 'Dispatched' },
  { status: 'delivered', label: 'Delivered' },
];

const FALLBACKS: Record<CardAction, string> = {
  freeze: ERROR_FREEZING_CARD,
  unfreeze: ERROR_UNFREEZING_CARD,
  'report-lost': ERROR_REPORTING_CARD,
};

/** Cards that are over: a new one must be requested. */
export const isEnded = (card: Card) => card.status === 'blocked' || card.status === 'reported';

function DeliveryTracking({ status }: { status: DeliveryStatus }) {
  const at = DELIVERY_STEPS.findIndex((s) => s.status === status);
  return (
    <ol className={styles.tracking} aria-label="Delivery">
      {DELIVERY_STEPS.map((step, i) => (
        <li
          key={step.status}
          className={i <= at ? styles.done : undefined}
          aria-current={i === at ? 'step' : undefined}
        >
          {step.label}
        </li>
      ))}
    </ol>
  );
}

export function CardPanel({
  card,
  onChanged,
  onRequestNew,
}: {
  card: Card;
  /** The card as the server now answers it, and the server's sentence. */
  onChanged: (card: Card, message: string) => void;
  /** Offered on an ended card when the customer may request a new one; absent otherwise. */
  onRequestNew?: () => void;
}) {
  const [busy, setBusy] = useState<CardAction | null>(null);
  const [confirming, setConfirming] = useState(false);
  const title = card.kind === 'virtual' ? 'Virtual card' : 'Physical card';
  const status = STATUS[card.status];
  const headingId = `card-${card.id}`;

  const act = async (action: CardAction) => {
    setBusy(action);
    try {
      const answer = await changeCard(card.id, action);
      onChanged(answer.card, answer.message);
    } catch (error) {
      void showToast('error', errorMessage(error, FALLBACKS[action]));
    } finally {
      setBusy(null);
      setConfirming(false);
    }
  };

  const awaitingDelivery =
    card.kind === 'physical' && card.status === 'inactive' && card.delivery_status !== 'delivered';
  const canActivate =
    card.kind === 'physical' && card.status === 'inactive' && card.delivery_status === 'delivered';
  const usable = card.status === 'active' || card.status === 'frozen';
  const offersNewCard = isEnded(card) && Boolean(onRequestNew);

  return (
    <article className={styles.card} aria-labelledby={headingId}>
      <div className={styles.cardHead}>
        <h2 id={headingId}>{title}</h2>
        <Badge tone={status.tone}>{status.label}</Badge>
      </div>
      <p className={styles.number} aria-label="Card number">
        {card.masked_number ?? '•••• •••• •••• ••••'}
      </p>
      <p className={styles.muted}>Expires {card.expiry}</p>

      {card.kind === 'physical' && card.delivery_status && card.status === 'inactive' && (
        <>
          <DeliveryTracking status={card.delivery_status} />
          {card.delivery_address && (
            <p className={styles.muted}>
              To {card.delivery_address.address}, {card.delivery_address.city},{' '}
              {card.delivery_address.state}
            </p>
          )}
        </>
      )}
      {awaitingDelivery && card.activate_by && (
        <p className={styles.muted}>
          Activate it when it arrives, by {formatDateTime(card.activate_by)}.
        </p>
      )}
      {canActivate && <ActivateCardForm card={card} onActivated={onChanged} />}

      {card.status === 'blocked' && (
        <p role="note">{card.blocked_reason ?? NOT_ACTIVATED_IN_TIME}</p>
      )}
      {card.status === 'reported' && card.reported_at && (
        <p role="note">
          Reported lost or stolen on <strong>{formatDateTime(card.reported_at)}</strong>.{' '}
          {LIABILITY_NOTE}
        </p>
      )}

      {usable && card.masked_number && <CardDetailsReveal cardId={card.id} />}

      {(!isEnded(card) || offersNewCard) && (
        <div className={styles.actions}>
          {card.status === 'active' && (
            <Button
              variant="secondary"
              loading={busy === 'freeze'}
              onClick={() => void act('freeze')}
            >
              Freeze card
            </Button>
          )}
          {card.status === 'frozen' && (
            <Button loading={busy === 'unfreeze'} onClick={() => void act('unfreeze')}>
              Unfreeze card
            </Button>
          )}
          {!isEnded(card) && (
            <Button variant="danger" onClick={() => setConfirming(true)}>
              Report lost or stolen
            </Button>
          )}
          {offersNewCard && <Button onClick={onRequestNew}>Request a new card</Button>}
        </div>
      )}

      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        role="alertdialog"
        title="Report this card lost or stolen?"
        footer={
          <div className={styles.actions}>
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              loading={busy === 'report-lost'}
              onClick={() => void act('report-lost')}
            >
              Block my card
            </Button>
          </div>
        }
      >
        <p>
          The {title.toLowerCase()} is blocked for good: it cannot be unfrozen or used again, and
          you can request a new card. {LIABILITY_NOTE}
        </p>
      </Modal>
    </article>
  );
}
