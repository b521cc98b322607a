// The card calls (middleware README "Debit cards"): the list with the fees, the request (a money
// call through the shared flow: PIN, Idempotency-Key, step-up), activation, freeze, unfreeze, loss
// report and reveal (encrypted, through the host's API client), and the card lines of the wallet's
// history.
import {
  IDEMPOTENCY_KEY_HEADER,
  lookUpAttempt,
  type MoneyRecover,
  type MoneySubmit,
  type MoneySubmitResult,
} from '@ajo/shared/money-flow';
import { loadHostApi, loadHostBus } from '@ajo/remote-kit/host';
import { parseResponse } from '@ajo/remote-kit/services';
import {
  cardAnswerSchema,
  cardRequestedSchema,
  cardsResponseSchema,
  revealedCardSchema,
  statesResponseSchema,
  stepUpChallengeSchema,
  transactionHistoryResponseSchema,
  type Card,
  type CardRequested,
  type CardsResponse,
  type DeliveryAddress,
  type RevealedCard,
} from '@ajo/shared/schemas';

/** What the request form hands the money flow. */
export interface CardRequestDetails {
  wallet_account_number: string;
  delivery_address: DeliveryAddress;
  /** The total shown before the PIN (the confirm step's summary). */
  fees: CardsResponse['fees'];
}

/** GET /cards: the customer's cards, newest first, and what a request costs. */
export async function fetchCards(signal?: AbortSignal): Promise<CardsResponse> {
  const { api } = await loadHostApi();
  const response = await api.get('/cards', { signal });
  return parseResponse(cardsResponseSchema, response.data);
}

/** Balances on screen (sidebar, wallet cards) reload: money has left the wallet. */
function walletsChanged() {
  void loadHostBus()
    .then(({ bus }) => bus.emit({ type: 'wallets-changed' }))
    .catch(() => undefined);
}

const requested = (data: unknown): MoneySubmitResult<CardRequested> => {
  const answer = parseResponse(cardRequestedSchema, data);
  walletsChanged();
  return {
    kind: 'done',
    status: 'successful',
    reference: answer.reference,
    details: answer,
    message: answer.message,
  };
};

/**
 * POST /cards (encrypted money call): the fee and delivery from the main wallet. 202 is the
 * step-up challenge, 201 the cards issued. A lost answer is read back by its key.
 */
export const submitCardRequest: MoneySubmit<CardRequestDetails, CardRequested> = async (
  { transaction_pin, otp },
  { idempotencyKey, details },
) => {
  const { api } = await loadHostApi();
  const response = await api.encrypted.post(
    '/cards',
    {
      wallet_account_number: details.wallet_account_number,
      delivery_address: details.delivery_address,
      transaction_pin,
      ...(otp ? { otp } : {}),
    },
    { headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } },
  );
  if (response.status === 202) {
    return { kind: 'challenge', ...parseResponse(stepUpChallengeSchema, response.data) };
  }
  return requested(response.data);
};

export const recoverCardRequest: MoneyRecover<CardRequestDetails, CardRequested> = async ({
  idempotencyKey,
}) => {
  const { api } = await loadHostApi();
  const found = await lookUpAttempt((path) => api.get(path), idempotencyKey);
  return found.kind === 'answer' ? requested(found.data) : found;
};

export type CardAction = 'freeze' | 'unfreeze' | 'report-lost';

/** POST /cards/{id}/freeze | unfreeze | report-lost (encrypted, empty): the card as it now is. */
export async function changeCard(
  id: string,
  action: CardAction,
): Promise<{ message: string; card: Card }> {
  const { api } = await loadHostApi();
  const response = await api.encrypted.post(`/cards/${encodeURIComponent(id)}/${action}`, {});
  return parseResponse(cardAnswerSchema, response.data);
}

/** POST /cards/{id}/activate (encrypted): the last 4 digits prove the card arrived. */
export async function activateCard(
  id: string,
  body: { last4: string; card_pin: string; confirm_card_pin: string },
): Promise<{ message: string; card: Card }> {
  const { api } = await loadHostApi();
  const response = await api.encrypted.post(`/cards/${encodeURIComponent(id)}/activate`, body);
  return parseResponse(cardAnswerSchema, response.data);
}

/** POST /cards/{id}/reveal (encrypted, transaction PIN): the full number and CVV, once. */
export async function revealCard(id: string, transactionPin: string): Promise<RevealedCard> {
  const { api } = await loadHostApi();
  const response = await api.encrypted.post(`/cards/${encodeURIComponent(id)}/reveal`, {
    transaction_pin: transactionPin,
  });
  return parseResponse(revealedCardSchema, response.data);
}

/** GET /states: the delivery state's choices (the list sign-up uses). */
export async function fetchStates(): Promise<string[]> {
  const { api } = await loadHostApi();
  const response = await api.get('/states');
  return parseResponse(statesResponseSchema, response.data).states.map((s) => s.name);
}

export type CardTransactionState = 'authorised' | 'posted' | 'reversed';

export interface CardTransaction {
  date: string;
  amount: number;
  merchant: string;
  state: CardTransactionState;
  reference?: string;
}

/**
 * The wallet history names card lines 'card-payment' (authorised, then posted) and
 * 'card-refund-inward' (reversed); the narration ends with the state: 'Card payment: <merchant> ·
 * authorised (money reserved)'. Other lines are not card transactions.
 */
export function cardTransactionOf(line: {
  transaction_date: string;
  transaction_type: string;
  amount: number;
  narration: string;
  reference?: string;
}): CardTransaction | null {
  if (line.transaction_type !== 'card-payment' && !line.transaction_type.startsWith('card-refund'))
    return null;
  const [head = '', note = ''] = line.narration.split(' · ');
  const state: CardTransactionState | null = note.startsWith('authorised')
    ? 'authorised'
    : note.startsWith('posted')
      ? 'posted'
      : note.startsWith('reversed')
        ? 'reversed'
        : null;
  if (!state) return null;
  return {
    date: line.transaction_date,
    amount: line.amount,
    merchant: head.replace(/^Card (payment|refund):\s*/, ''),
    state,
    reference: line.reference,
  };
}

/** GET /transactions (mini statement) of the cards' wallet, card lines only. */
export async function fetchCardTransactions(
  walletAccountNumber: string,
): Promise<CardTransaction[]> {
  const { api } = await loadHostApi();
  const response = await api.get(
    `/transactions?wallet_account_number=${encodeURIComponent(walletAccountNumber)}&type=mini`,
  );
  return parseResponse(transactionHistoryResponseSchema, response.data)
    .transactionHistory.map(cardTransactionOf)
    .filter((t): t is CardTransaction => t !== null);
}
