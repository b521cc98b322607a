import {
  CARD_NOT_FOUND,
  CARD_PIN_INVALID,
  CARD_PINS_DIFFER,
  DELIVERY_ADDRESS_REQUIRED,
  DELIVERY_STATE_REQUIRED,
  LAST4_INVALID,
} from '../messages/validation';
import { cardsResponseSchema } from './api-cards';
import {
  activateCardPayloadSchema,
  cardIdSchema,
  deliveryAddressSchema,
  requestCardPayloadSchema,
} from './cards';
import { firstMessage } from './test-helpers';

// The card calls' bodies as the cards remote and the middleware both check them.
describe('card call schemas', () => {
  const address = { address: ' 12 Admiralty Way ', city: 'Lekki', state: 'Lagos' };

  it('trims the delivery address and says which part is missing', () => {
    expect(deliveryAddressSchema.parse(address)).toEqual({
      ...address,
      address: '12 Admiralty Way',
    });
    expect(firstMessage(deliveryAddressSchema, { ...address, address: '  ' }, 'address')).toBe(
      DELIVERY_ADDRESS_REQUIRED,
    );
    expect(firstMessage(deliveryAddressSchema, { ...address, city: 'x'.repeat(61) }, 'city')).toBe(
      DELIVERY_ADDRESS_REQUIRED,
    );
    expect(firstMessage(deliveryAddressSchema, { ...address, state: '' }, 'state')).toBe(
      DELIVERY_STATE_REQUIRED,
    );
  });

  it('refuses a request body with a field it does not know', () => {
    const body = {
      wallet_account_number: '1234567890',
      delivery_address: address,
      transaction_pin: '246813',
    };
    expect(requestCardPayloadSchema.safeParse(body).success).toBe(true);
    expect(requestCardPayloadSchema.safeParse({ ...body, fee: 0 }).success).toBe(false);
  });

  it('activates with 4 digits and the same 4-digit card PIN twice', () => {
    const body = { last4: '4242', card_pin: '1357', confirm_card_pin: '1357' };
    expect(activateCardPayloadSchema.safeParse(body).success).toBe(true);
    expect(firstMessage(activateCardPayloadSchema, { ...body, last4: '42a2' }, 'last4')).toBe(
      LAST4_INVALID,
    );
    expect(firstMessage(activateCardPayloadSchema, { ...body, card_pin: '135' }, 'card_pin')).toBe(
      CARD_PIN_INVALID,
    );
    expect(
      firstMessage(
        activateCardPayloadSchema,
        { ...body, confirm_card_pin: '7531' },
        'confirm_card_pin',
      ),
    ).toBe(CARD_PINS_DIFFER);
  });

  it('knows a card id by its form only', () => {
    expect(cardIdSchema.safeParse('0b9f6a2e-3c1d-4e5f-8a7b-9c0d1e2f3a4b').success).toBe(true);
    expect(firstMessage(cardIdSchema, '../cards')).toBe(CARD_NOT_FOUND);
  });

  it('parses the cards answer and refuses a card state it does not know', () => {
    const card = {
      id: 'c1',
      kind: 'physical',
      status: 'inactive',
      masked_number: null,
      expiry: '03/29',
      wallet_account_number: '1234567890',
      issued_at: '2026-03-02T09:00:00.000Z',
      activate_by: '2026-09-02T09:00:00.000Z',
      blocked_reason: null,
      reported_at: null,
      delivery_status: 'delivered',
      delivery_address: address,
    };
    const fees = { issuance_fee: 1050, delivery_charge: 1500, total: 2550 };
    expect(cardsResponseSchema.safeParse({ cards: [card], fees }).success).toBe(true);
    expect(
      cardsResponseSchema.safeParse({ cards: [{ ...card, status: 'lost' }], fees }).success,
    ).toBe(false);
  });
});
