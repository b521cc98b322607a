// /dashboard/cards: the customer's debit card (SPEC §2 "Debit card terms", §4, §9). No card yet:
// request one (money flow). Then the virtual card (usable at once) and the physical card (tracked
// until delivered, then activated), each with freeze, unfreeze and "Report lost or stolen"; a
// blocked or reported card offers a new request once no physical card is live; and the card
// payments with their state.
import { useCallback, useEffect, useState } from 'react';
import { Screen, Spinner, Button } from '@ajo/shared/ui';
import { useCurrentUser } from '@ajo/remote-kit/use-current-user';
import { useMoneyMoved } from '@ajo/remote-kit/use-money-moved';
import { errorMessage, errorStatus, showToast } from '@ajo/remote-kit/services';
import { formatNaira } from '@ajo/shared/format';
import { fetchCards, fetchCardTransactions, type CardTransaction } from '../cards-api';
import { ERROR_GETTING_CARD_TRANSACTIONS, ERROR_GETTING_CARDS } from '../messages';
import type { Card, CardRequested, CardsResponse } from '@ajo/shared/schemas';
import { CardPanel, isEnded } from './card-panel';
import { CardTransactions } from './card-transactions';
import { RequestCard } from './request-card';
import styles from './cards.module.css';

export const TITLE = 'Debit card';

/**
 * Cards still held first, then the ended ones; the virtual card (usable at once) before the
 * physical one; otherwise newest first, as the server orders them (a stable sort keeps it).
 */
const ordered = (cards: Card[]) =>
  [...cards].sort(
    (a, b) =>
      Number(isEnded(a)) - Number(isEnded(b)) ||
      Number(a.kind === 'physical') - Number(b.kind === 'physical'),
  );

export function CardsScreen() {
  const { user } = useCurrentUser();
  const [data, setData] = useState<CardsResponse | null>(null);
  const [failed, setFailed] = useState(false);
  const [requesting, setRequesting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [transactions, setTransactions] = useState<CardTransaction[] | null>(null);

  const load = useCallback(async () => {
    setFailed(false);
    try {
      setData(await fetchCards());
    } catch (error) {
      setFailed(true);
      // A refused token ends the session in host/api, with its own notice.
      if (errorStatus(error) !== 401)
        void showToast('error', errorMessage(error, ERROR_GETTING_CARDS));
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const walletOfCards = data?.cards[0]?.wallet_account_number;
  const loadTransactions = useCallback(async () => {
    if (!walletOfCards) return;
    try {
      setTransactions(await fetchCardTransactions(walletOfCards));
    } catch (error) {
      setTransactions([]);
      if (errorStatus(error) !== 401)
        void showToast('error', errorMessage(error, ERROR_GETTING_CARD_TRANSACTIONS));
    }
  }, [walletOfCards]);
  useEffect(() => {
    void loadTransactions();
  }, [loadTransactions]);
  // A purchase, clearing or refund moves money: the payments and their states follow.
  useMoneyMoved(() => {
    void loadTransactions();
  });

  const onRequested = useCallback(
    (answer: CardRequested | undefined) => {
      setRequesting(false);
      if (answer) {
        setNotice(
          `${answer.message} ${formatNaira(answer.charged.total)} was paid from your wallet.`,
        );
        setData((d) => (d ? { ...d, cards: [...answer.cards, ...d.cards] } : d));
      }
      void load();
    },
    [load],
  );

  const onChanged = (card: Card, message: string) => {
    setData((d) => (d ? { ...d, cards: d.cards.map((c) => (c.id === card.id ? card : c)) } : d));
    void showToast('success', message);
  };

  let body;
  if (!user || (!data && !failed)) {
    body = <Spinner size="large" label="Loading your cards…" />;
  } else if (!data) {
    body = (
      <div className={styles.stack}>
        <p role="alert">{ERROR_GETTING_CARDS}</p>
        <div className={styles.actions}>
          <Button onClick={() => void load()}>Try again</Button>
        </div>
      </div>
    );
  } else {
    const livePhysical = data.cards.some((c) => c.kind === 'physical' && !isEnded(c));
    const showRequest = !livePhysical && (data.cards.length === 0 || requesting);
    body = (
      <div className={styles.stack}>
        {notice && <p role="status">{notice}</p>}
        {showRequest ? (
          <>
            <RequestCard user={user} fees={data.fees} onRequested={onRequested} />
            {requesting && (
              <div className={styles.actions}>
                <Button variant="ghost" onClick={() => setRequesting(false)}>
                  Back to your cards
                </Button>
              </div>
            )}
          </>
        ) : (
          <>
            {ordered(data.cards).map((card) => (
              <CardPanel
                key={card.id}
                card={card}
                onChanged={onChanged}
                // A new request replaces the physical card (and brings a new virtual one).
                onRequestNew={
                  livePhysical || card.kind !== 'physical'
                    ? undefined
                    : () => {
                        setNotice(null);
                        setRequesting(true);
                      }
                }
              />
            ))}
            <CardTransactions transactions={transactions} />
          </>
        )}
      </div>
    );
  }
  return <Screen title={TITLE}>{body}</Screen>;
}
