import { randomUUID } from 'node:crypto';
import { createLedger } from '../../ledger/index.js';
import { encryptedCall, FakeClock, plainGet } from '../../test-support/auth-test-kit.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import {
  balanceKobo,
  createCustomer,
  fundedCustomer,
  TEST_PIN,
  type Customer,
} from '../funding/funding-test-kit.js';
import { BUREAU_STEP_SECONDS } from './card-bureau.js';
import { isLuhnValid } from './card-numbers.js';
import { ACTIVATION_ATTEMPTS } from './card-service.js';
import { NOT_ACTIVATED_IN_TIME } from './messages.js';
import { lastFourOf as lastFourOfCard } from './cards-test-kit.js';
import { cardRequestedSchema, cardsResponseSchema } from './schemas.js';

/*
 * The debit card's lifecycle through the API (SPEC §2 "Debit card terms", §4, §9), on PGlite and
 * on PostgreSQL (TEST_DATABASE_URL): the fee charged once, the virtual card at once, delivery,
 * activation, the 6-month block on the app clock, freeze, loss report, reveal.
 */
let t: TestApp;
const clock = new FakeClock();
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '100000' }, { clock });
});
afterAll(() => t.close());

const FEE_AND_DELIVERY_KOBO = 105_000 + 150_000;
const address = { address: '12 Admiralty Way', city: 'Lekki', state: 'Lagos' };

/** A fresh bearer for every call: the fake clock moves months, past any token's life. */
async function auth(user: Customer): Promise<Record<string, string>> {
  const { token } = await t.app.tokens.issue(user.id);
  return { authorization: `Bearer ${token}` };
}

const requestCard = async (user: Customer, key: string = randomUUID(), overrides = {}) =>
  encryptedCall(
    t,
    'POST',
    '/api/cards',
    {
      wallet_account_number: user.main,
      delivery_address: address,
      transaction_pin: TEST_PIN,
      ...overrides,
    },
    { ...(await auth(user)), 'idempotency-key': key },
  );

const listCards = async (user: Customer) => {
  const res = await plainGet(t, '/api/cards', await auth(user));
  expect(res.status).toBe(200);
  return cardsResponseSchema.parse(res.body);
};

const action = async (user: Customer, id: string, path: string, body: unknown = {}) =>
  encryptedCall(t, 'POST', `/api/cards/${id}/${path}`, body, await auth(user));

async function issued(user: Customer) {
  const res = await requestCard(user);
  expect(res.status).toBe(201);
  const { cards } = cardRequestedSchema.parse(res.body);
  const physical = cards.find((c) => c.kind === 'physical');
  const virtual = cards.find((c) => c.kind === 'virtual');
  if (!physical || !virtual) throw new Error('both cards expected');
  return { physical, virtual };
}

const lastFourOf = (cardId: string) => lastFourOfCard(t.database.db, cardId);

async function deliver(): Promise<void> {
  for (let step = 0; step < 3; step++) {
    clock.advance(BUREAU_STEP_SECONDS);
    await t.app.jobs.runDue();
  }
}

const issuanceEntries = async (user: Customer) =>
  (await createLedger(t.database.db).listEntries(user.main)).filter(
    (e) => e.transactionType === 'card-issuance',
  );

describe('requesting a card', () => {
  it('shows the fee and the delivery charge before anything is paid', async () => {
    const ada = await fundedCustomer(t, 5_000);
    expect(await listCards(ada)).toEqual({
      cards: [],
      fees: { issuance_fee: 1050, delivery_charge: 1500, total: 2550 },
    });
  });

  it('charges ₦1,050 plus delivery once, issues a virtual card at once and a physical one to deliver', async () => {
    const ada = await fundedCustomer(t, 5_000);
    const { physical, virtual } = await issued(ada);
    expect(await balanceKobo(t, ada.main)).toBe(500_000 - FEE_AND_DELIVERY_KOBO);
    expect(virtual).toMatchObject({ status: 'active', delivery_status: null });
    expect(virtual.masked_number).toMatch(/^5069 99•• •••• \d{4}$/);
    expect(physical).toMatchObject({
      status: 'inactive',
      masked_number: null, // its last four prove it arrived
      delivery_status: 'requested',
      delivery_address: address,
    });
    const entries = await issuanceEntries(ada);
    expect(entries.map((e) => e.amountKobo)).toEqual([-FEE_AND_DELIVERY_KOBO]);
    expect((await listCards(ada)).cards).toHaveLength(2);
  });

  it('charges once for a retried call and for 32 identical calls at once', async () => {
    const ada = await fundedCustomer(t, 5_000);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 32 }, () => requestCard(ada, key)));
    const created = answers.filter((a) => a.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    // The others are told the call is in progress (409), or get the same answer replayed.
    for (const a of answers) expect([201, 409]).toContain(a.status);
    expect(new Set(created.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(await requestCard(ada, key)).toEqual(created[0]);
    expect(await issuanceEntries(ada)).toHaveLength(1);
    expect(await balanceKobo(t, ada.main)).toBe(500_000 - FEE_AND_DELIVERY_KOBO);
  });

  it('charges once when 32 requests with different keys arrive at once: one card, the rest refused', async () => {
    const ada = await fundedCustomer(t, 50_000);
    const answers = await Promise.all(Array.from({ length: 32 }, () => requestCard(ada)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    // The rest: the card is already held, or the PIN guard's bound on PINs compared at once.
    for (const a of answers.filter((x) => x.status !== 201)) {
      expect(String(a.body.message)).toMatch(
        a.status === 409 ? /^You already have a card\./ : /^Too many transactions at once\./,
      );
    }
    expect(answers.filter((a) => a.status === 409).length).toBeGreaterThan(0);
    expect(await issuanceEntries(ada)).toHaveLength(1);
    expect((await listCards(ada)).cards).toHaveLength(2);
  });

  it('refuses what the available balance cannot pay, and issues nothing', async () => {
    const ada = await fundedCustomer(t, 2_549.99);
    expect(await requestCard(ada)).toEqual({
      status: 409,
      body: { message: 'Insufficient funds.' },
    });
    expect((await listCards(ada)).cards).toEqual([]);
    expect(await balanceKobo(t, ada.main)).toBe(254_999);
  });

  it("answers bad input with {message}, and another customer's wallet with 403", async () => {
    const ada = await fundedCustomer(t, 5_000);
    const bola = await createCustomer(t);
    const noAddress = await requestCard(ada, randomUUID(), {
      delivery_address: { ...address, address: ' ' },
    });
    expect(noAddress).toEqual({ status: 400, body: { message: 'Enter the delivery address.' } });
    const extra = await requestCard(ada, randomUUID(), { colour: 'gold' });
    expect(extra.status).toBe(400);
    expect(
      (await requestCard(bola, randomUUID(), { wallet_account_number: ada.main })).status,
    ).toBe(403);
    expect(
      (await requestCard(ada, randomUUID(), { wallet_account_number: ada.commission })).status,
    ).toBe(422);
    expect(await balanceKobo(t, ada.main)).toBe(500_000);
  });
});

describe('revealing the card details', () => {
  it('answers the full number and CVV after the transaction PIN; the database holds neither in clear', async () => {
    const ada = await fundedCustomer(t, 5_000);
    const { virtual } = await issued(ada);
    const wrong = await action(ada, virtual.id, 'reveal', { transaction_pin: '999999' });
    expect(wrong.status).toBe(401);
    const res = await action(ada, virtual.id, 'reveal', { transaction_pin: TEST_PIN });
    expect(res.status).toBe(200);
    const { card_number, cvv, visible_seconds } = res.body as Record<string, string>;
    expect(isLuhnValid(String(card_number))).toBe(true);
    expect(String(card_number).slice(-4)).toBe(virtual.masked_number?.slice(-4));
    expect(cvv).toMatch(/^\d{3}$/);
    expect(visible_seconds).toBe(60);
    const row = await t.database.db
      .selectFrom('cards')
      .selectAll()
      .where('id', '=', virtual.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(String(card_number));
  });

  it("counts PIN attempts like every PIN check, and does not find another customer's card", async () => {
    const ada = await fundedCustomer(t, 5_000);
    const bola = await createCustomer(t);
    const { virtual } = await issued(ada);
    expect((await action(bola, virtual.id, 'reveal', { transaction_pin: TEST_PIN })).status).toBe(
      404,
    );
    for (let i = 0; i < 4; i++)
      expect((await action(ada, virtual.id, 'reveal', { transaction_pin: '999999' })).status).toBe(
        401,
      );
    expect((await action(ada, virtual.id, 'reveal', { transaction_pin: '999999' })).status).toBe(
      429,
    );
    expect((await action(ada, virtual.id, 'reveal', { transaction_pin: TEST_PIN })).status).toBe(
      429,
    );
    clock.advance(15 * 60);
  });
});

describe('activating the physical card', () => {
  it('is possible once delivered, with the last 4 digits and a 4-digit card PIN set twice', async () => {
    const ada = await fundedCustomer(t, 5_000);
    const { physical } = await issued(ada);
    const last4 = await lastFourOf(physical.id);
    const body = { last4, card_pin: '4826', confirm_card_pin: '4826' };
    expect(await action(ada, physical.id, 'activate', body)).toEqual({
      status: 409,
      body: { message: 'This card can be activated once it has been delivered.' },
    });
    clock.advance(BUREAU_STEP_SECONDS);
    await t.app.jobs.runDue();
    expect((await listCards(ada)).cards.find((c) => c.id === physical.id)?.delivery_status).toBe(
      'printed',
    );
    await deliver();
    expect(
      await action(ada, physical.id, 'activate', { ...body, confirm_card_pin: '4827' }),
    ).toEqual({ status: 400, body: { message: 'The card PINs do not match.' } });
    const res = await action(ada, physical.id, 'activate', body);
    expect(res.status).toBe(200);
    expect(res.body.card).toMatchObject({ status: 'active', delivery_status: 'delivered' });
    expect((res.body.card as { masked_number: string }).masked_number).toMatch(
      new RegExp(`${last4}$`),
    );
    const row = await t.database.db
      .selectFrom('cards')
      .select('card_pin_hash')
      .where('id', '=', physical.id)
      .executeTakeFirstOrThrow();
    expect(row.card_pin_hash).toMatch(/^scrypt\$/);
    expect((await action(ada, physical.id, 'activate', body)).status).toBe(409);
  });

  it('counts wrong last digits before comparing: after 5, even the right ones are refused', async () => {
    const ada = await fundedCustomer(t, 5_000);
    const { physical } = await issued(ada);
    await deliver();
    const last4 = await lastFourOf(physical.id);
    const wrong = last4 === '0000' ? '1111' : '0000';
    const attempts = await Promise.all(
      Array.from({ length: 12 }, () =>
        action(ada, physical.id, 'activate', {
          last4: wrong,
          card_pin: '4826',
          confirm_card_pin: '4826',
        }),
      ),
    );
    expect(attempts.filter((a) => a.status === 422)).toHaveLength(ACTIVATION_ATTEMPTS);
    expect(attempts.filter((a) => a.status === 429)).toHaveLength(12 - ACTIVATION_ATTEMPTS);
    const right = await action(ada, physical.id, 'activate', {
      last4,
      card_pin: '4826',
      confirm_card_pin: '4826',
    });
    expect(right.status).toBe(429);
  });

  it('blocks a card not activated within 6 months, in the words of the terms; a new one can be requested', async () => {
    const ada = await fundedCustomer(t, 10_000);
    const { physical } = await issued(ada);
    await deliver();
    const activateBy = new Date(String(physical.activate_by)).getTime();
    clock.advance((activateBy - clock.now().getTime()) / 1000 - 1);
    expect((await listCards(ada)).cards.find((c) => c.id === physical.id)?.status).toBe('inactive');
    clock.advance(1);
    const card = (await listCards(ada)).cards.find((c) => c.id === physical.id);
    expect(card).toMatchObject({ status: 'blocked', blocked_reason: NOT_ACTIVATED_IN_TIME });
    const last4 = await lastFourOf(physical.id);
    expect(
      await action(ada, physical.id, 'activate', {
        last4,
        card_pin: '4826',
        confirm_card_pin: '4826',
      }),
    ).toEqual({ status: 409, body: { message: NOT_ACTIVATED_IN_TIME } });
    expect((await requestCard(ada)).status).toBe(201);
    expect(await issuanceEntries(ada)).toHaveLength(2);
  });
});

describe('freeze, unfreeze, report lost', () => {
  it('freezes and unfreezes at once, and says so again when asked twice', async () => {
    const ada = await fundedCustomer(t, 5_000);
    const { virtual } = await issued(ada);
    for (let i = 0; i < 2; i++) {
      const frozen = await action(ada, virtual.id, 'freeze');
      expect(frozen.status).toBe(200);
      expect(frozen.body.card).toMatchObject({ status: 'frozen' });
    }
    const back = await action(ada, virtual.id, 'unfreeze');
    expect(back.body.card).toMatchObject({ status: 'active' });
  });

  it('blocks a reported card for good and keeps the time of the first report', async () => {
    const ada = await fundedCustomer(t, 10_000);
    const { virtual, physical } = await issued(ada);
    const reportedAt = clock.now().toISOString();
    const first = await action(ada, virtual.id, 'report-lost');
    expect(first.status).toBe(200);
    expect(first.body.card).toMatchObject({ status: 'reported', reported_at: reportedAt });
    clock.advance(600);
    const again = await action(ada, virtual.id, 'report-lost');
    expect(again.body.card).toMatchObject({ status: 'reported', reported_at: reportedAt });
    expect(await action(ada, virtual.id, 'unfreeze')).toEqual({
      status: 409,
      body: { message: 'This card was reported lost or stolen. Request a new card.' },
    });
    expect((await action(ada, virtual.id, 'reveal', { transaction_pin: TEST_PIN })).status).toBe(
      409,
    );
    // The physical card is still held: reported too, and a replacement can be requested.
    expect((await requestCard(ada)).status).toBe(409);
    expect((await action(ada, physical.id, 'report-lost')).status).toBe(200);
    const replacement = await requestCard(ada);
    expect(replacement.body).toMatchObject({ message: 'Your card has been requested.' });
    expect(replacement.status).toBe(201);
  });

  it("answers an unknown id, a malformed id and another customer's card alike: not found", async () => {
    const ada = await fundedCustomer(t, 5_000);
    const bola = await createCustomer(t);
    const { virtual } = await issued(ada);
    const notFound = { status: 404, body: { message: 'Card not found.' } };
    expect(await action(bola, virtual.id, 'freeze')).toEqual(notFound);
    expect(await action(ada, randomUUID(), 'freeze')).toEqual(notFound);
    expect((await action(ada, 'not-a-card', 'freeze')).status).toBe(400);
    expect((await listCards(ada)).cards.find((c) => c.id === virtual.id)?.status).toBe('active');
  });
});
