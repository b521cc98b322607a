// Card answers as the middleware gives them (GET /cards, the card calls), for the screen tests.
import { api } from '@ajo/remote-kit/testing';
import type { Card } from '@ajo/shared/schemas';

export const FEES = { issuance_fee: 1050, delivery_charge: 1500, total: 2550 };

export function card(overrides: Partial<Card> = {}): Card {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    kind: 'virtual',
    status: 'active',
    masked_number: '5069 99•• •••• 4242',
    expiry: '11/29',
    wallet_account_number: '1100000001',
    issued_at: '2026-11-28T09:00:00.000Z',
    activate_by: null,
    blocked_reason: null,
    reported_at: null,
    delivery_status: null,
    delivery_address: null,
    ...overrides,
  };
}

export function physical(overrides: Partial<Card> = {}): Card {
  return card({
    id: '22222222-2222-4222-8222-222222222222',
    kind: 'physical',
    status: 'inactive',
    masked_number: null,
    activate_by: '2027-05-28T09:00:00.000Z',
    delivery_status: 'requested',
    delivery_address: { address: '1 Marina', city: 'Ikeja', state: 'Lagos' },
    ...overrides,
  });
}

type History = Array<{
  transaction_date: string;
  transaction_type: string;
  amount: number;
  narration: string;
  reference?: string;
}>;

/** GET /cards, /states and /transactions answered from these values (changed by the test). */
export function serve(initial: { cards: Card[]; history?: History }) {
  const state = { cards: initial.cards, history: initial.history ?? [] };
  api.get.mockImplementation(async (url: string) => {
    if (url === '/cards') return { status: 200, data: { cards: state.cards, fees: FEES } };
    if (url === '/states')
      return {
        status: 200,
        data: {
          states: [
            { id: 25, name: 'Lagos' },
            { id: 1, name: 'Abia' },
          ],
        },
      };
    if (url.startsWith('/transactions'))
      return { status: 200, data: { transactionHistory: state.history } };
    throw new Error(`unexpected GET ${url}`);
  });
  return state;
}
