import { randomUUID } from 'node:crypto';
import { createLedger } from '../../ledger/index.js';
import { encryptedCall, FakeClock } from '../../test-support/auth-test-kit.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { fundedCustomer, TEST_PIN, type Customer } from '../funding/funding-test-kit.js';
import { CARD_NETWORK_CLEARING_JOB } from './card-network-sandbox.js';
import { HOLD_WINDOW_SECONDS } from './card-transactions.js';
import { issuedIds, requestCard, revealCard } from './cards-test-kit.js';

/*
 * The sandbox card network against this issuer (README "Sandbox card network"), on PGlite and
 * PostgreSQL: approvals reserve, declines say why, duplicates are answered once, clearings post on
 * the working-day calendar of the app clock, reversals release or refund, and after a loss report
 * what happens more than 60 minutes later is not the customer's.
 */
let t: TestApp;
const clock = new FakeClock(Date.UTC(2026, 2, 2, 9, 0, 0)); // a Monday
/** Moves the fake clock forward to `when`. */
const goTo = (when: string) => clock.advance((Date.parse(when) - clock.now().getTime()) / 1000);
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '100000' }, { clock });
});
afterAll(() => t.close());

interface IssuedCard {
  user: Customer;
  cardId: string;
  physicalId: string;
  number: string;
  expiry: string;
}

async function auth(user: Customer) {
  const { token } = await t.app.tokens.issue(user.id);
  return { authorization: `Bearer ${token}` };
}

async function cardHolder(naira: number): Promise<IssuedCard> {
  const user = await fundedCustomer(t, naira + 2_550);
  const requested = await requestCard(t, user, randomUUID(), await auth(user));
  expect(requested.status).toBe(201);
  const { virtual: cardId, physical: physicalId } = issuedIds(requested);
  return { user, cardId, physicalId, ...(await revealCard(t, await auth(user), cardId)) };
}

async function network(path: string, payload: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/sandbox/card-network/${path}`,
    payload,
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

const authorize = (card: IssuedCard, amount: number, overrides: Record<string, unknown> = {}) =>
  network('authorize', {
    network_reference: randomUUID(),
    card_number: card.number,
    expiry: card.expiry,
    amount,
    merchant: 'Shoprite Lekki',
    ...overrides,
  });

const money = async (card: IssuedCard) => {
  const a = await createLedger(t.database.db).getAccount(card.user.main);
  return { balance: a.balanceKobo, held: a.heldKobo, available: a.availableKobo };
};

const cardAction = async (card: IssuedCard, id: string, path: string) =>
  encryptedCall(t, 'POST', `/api/cards/${id}/${path}`, {}, await auth(card.user));

async function runClearing() {
  await t.app.inject({
    method: 'POST',
    url: '/api/sandbox/jobs/run-now',
    payload: { kind: CARD_NETWORK_CLEARING_JOB },
  });
}

describe('authorisations', () => {
  it('approves (00) and reserves at once: the available balance falls, nothing is posted', async () => {
    const card = await cardHolder(10_000);
    const res = await authorize(card, 2_500);
    expect(res).toMatchObject({ status: 200, body: { response_code: '00', state: 'authorised' } });
    expect(await money(card)).toEqual({ balance: 1_000_000, held: 250_000, available: 750_000 });
    // What the dashboard reads: the wallet's balance, and what can be spent beside it.
    const me = await t.app.inject({
      method: 'GET',
      url: `/api/users/${card.user.id}`,
      headers: await auth(card.user),
    });
    expect(me.json().wallets[0]).toMatchObject({ balance: 10_000, available_balance: 7_500 });
  });

  it('answers a duplicate once: the same answer, one hold, also when 32 arrive at once', async () => {
    const card = await cardHolder(10_000);
    const network_reference = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 32 }, () => authorize(card, 1_000, { network_reference })),
    );
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]?.body.response_code).toBe('00');
    expect(await money(card)).toEqual({ balance: 1_000_000, held: 100_000, available: 900_000 });
  });

  it('approves 32 authorisations at once only as far as the available balance goes (51 for the rest)', async () => {
    const card = await cardHolder(10_000);
    const answers = await Promise.all(Array.from({ length: 32 }, () => authorize(card, 1_000)));
    const codes = answers.map((a) => a.body.response_code);
    expect(codes.filter((c) => c === '00')).toHaveLength(10);
    expect(codes.filter((c) => c === '51')).toHaveLength(22);
    expect(await money(card)).toEqual({ balance: 1_000_000, held: 1_000_000, available: 0 });
  });

  it('declines with the reason: unknown 14, wrong expiry 54, frozen 62, not activated 62, reported 41, past the daily limit 61', async () => {
    const card = await cardHolder(60_000);
    const code = async (overrides: Record<string, unknown>, amount = 100) =>
      (await authorize(card, amount, overrides)).body.response_code;
    expect(await code({ card_number: '5069990000000000' })).toBe('14');
    expect(await code({ expiry: '01/20' })).toBe('54');
    // Tier 2's daily limit is ₦200,000 and reserved money counts.
    await t.database.db
      .updateTable('users')
      .set({ kyc_tier: 1 })
      .where('id', '=', card.user.id)
      .execute();
    expect(await code({}, 50_000.01)).toBe('61');
    await cardAction(card, card.cardId, 'freeze');
    expect(await code({})).toBe('62');
    await cardAction(card, card.cardId, 'unfreeze');
    expect(await code({})).toBe('00');
    await cardAction(card, card.cardId, 'report-lost');
    expect(await code({})).toBe('41');
    const { body } = await encryptedCall(
      t,
      'POST',
      `/api/cards/${card.physicalId}/reveal`,
      { transaction_pin: TEST_PIN },
      await auth(card.user),
    );
    expect(body).toEqual({ message: 'Activate this card first.' });
    expect(await money(card)).toMatchObject({ held: 10_000 });
  });

  it('answers bad input with {message} and changes nothing', async () => {
    const card = await cardHolder(1_000);
    for (const payload of [
      {
        network_reference: 'x',
        card_number: card.number,
        expiry: card.expiry,
        amount: -1,
        merchant: 'M',
      },
      { network_reference: 'x', card_number: 'abc', expiry: card.expiry, amount: 1, merchant: 'M' },
      {
        network_reference: 'x',
        card_number: card.number,
        expiry: card.expiry,
        amount: 1,
        merchant: 'M',
        extra: 1,
      },
    ]) {
      const res = await network('authorize', payload);
      expect(res.status).toBe(400);
      expect(Object.keys(res.body)).toEqual(['message']);
    }
    expect((await network('clear', { network_reference: randomUUID(), amount: 10 })).status).toBe(
      404,
    );
    expect(await money(card)).toMatchObject({ held: 0 });
  });
});

describe('clearing and reversal', () => {
  it('posts on the clearing day by the working-day calendar, not before', async () => {
    const card = await cardHolder(10_000);
    // ₦1,001: 1 + (1001 mod 5) = 2 working days; authorised on a Friday, cleared on Tuesday.
    goTo('2026-03-06T10:00:00Z');
    const { body } = await authorize(card, 1_001);
    goTo('2026-03-09T10:00:00Z');
    await runClearing();
    expect(await money(card)).toMatchObject({ balance: 1_000_000, held: 100_100 });
    goTo('2026-03-10T10:00:01Z');
    await runClearing();
    expect(await money(card)).toEqual({ balance: 899_900, held: 0, available: 899_900 });
    const again = await network('clear', {
      network_reference: body.network_reference,
      amount: 1_001,
    });
    expect(again.body).toMatchObject({ state: 'posted', posted_amount: 1_001 });
    expect(await money(card)).toMatchObject({ balance: 899_900 });
  });

  it('clears a tip above the authorisation (.11 scenario) from the available balance', async () => {
    const card = await cardHolder(10_000);
    await authorize(card, 1_000.11);
    clock.advance(8 * 86_400);
    await runClearing();
    expect(await money(card)).toEqual({
      balance: 1_000_000 - 110_012,
      held: 0,
      available: 889_988,
    });
  });

  it('reverses an authorisation (released) and refunds a posted payment (a credit)', async () => {
    const card = await cardHolder(10_000);
    const first = await authorize(card, 3_000);
    const reversed = await network('reverse', { network_reference: first.body.network_reference });
    expect(reversed.body).toMatchObject({ state: 'reversed' });
    expect(await money(card)).toEqual({ balance: 1_000_000, held: 0, available: 1_000_000 });
    const second = await authorize(card, 2_000);
    await network('clear', { network_reference: second.body.network_reference, amount: 2_000 });
    expect(await money(card)).toMatchObject({ balance: 800_000 });
    const refunded = await network('reverse', { network_reference: second.body.network_reference });
    expect(refunded.body).toMatchObject({ state: 'refunded' });
    expect(await network('reverse', { network_reference: second.body.network_reference })).toEqual(
      refunded,
    );
    expect(await money(card)).toEqual({ balance: 1_000_000, held: 0, available: 1_000_000 });
  });

  it('releases a hold never presented (.22) when its window ends; a late presentment then posts without it', async () => {
    const card = await cardHolder(10_000);
    const { body } = await authorize(card, 1_500.22);
    clock.advance(HOLD_WINDOW_SECONDS);
    await t.app.jobs.runDue();
    await runClearing();
    expect(await money(card)).toEqual({ balance: 1_000_000, held: 0, available: 1_000_000 });
    const lapsed = await t.database.db
      .selectFrom('card_transactions')
      .select('state')
      .where('network_reference', '=', String(body.network_reference))
      .executeTakeFirstOrThrow();
    expect(lapsed.state).toBe('released');
    const late = await network('clear', {
      network_reference: body.network_reference,
      amount: 1_500.22,
    });
    expect(late.body).toMatchObject({ state: 'posted' });
    expect(await money(card)).toMatchObject({ balance: 1_000_000 - 150_022, held: 0 });
  });
});

describe('after a loss report (SPEC §4: not liable more than 60 minutes later)', () => {
  const offline = (card: IssuedCard, at: Date) =>
    network('clear', {
      network_reference: randomUUID(),
      card_number: card.number,
      amount: 1_000,
      merchant: 'Offline kiosk',
      transaction_time: at.toISOString(),
    });

  it('keeps a transaction exactly 60 minutes after the report as the customer\u2019s, and refunds one a second later', async () => {
    const card = await cardHolder(10_000);
    const reportedAt = clock.now();
    await cardAction(card, card.cardId, 'report-lost');
    clock.advance(3 * 3600);
    const atCutOff = await offline(card, new Date(reportedAt.getTime() + 3_600_000));
    expect(atCutOff.body).toMatchObject({ state: 'posted', customer_liable: true });
    expect(await money(card)).toMatchObject({ balance: 900_000 });
    const after = await offline(card, new Date(reportedAt.getTime() + 3_601_000));
    expect(after.body).toMatchObject({ state: 'refunded', customer_liable: false });
    expect(await money(card)).toMatchObject({ balance: 900_000 });
  });
});

describe("in the wallet's history", () => {
  const history = async (card: IssuedCard) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/transactions?wallet_account_number=${card.user.main}&type=mini`,
      headers: await auth(card.user),
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as { transactionHistory: Array<Record<string, unknown>> })
      .transactionHistory;
  };

  it('shows a card payment authorised (money reserved), then posted, then its refund as money in', async () => {
    const card = await cardHolder(10_000);
    const { body } = await authorize(card, 1_234, { merchant: 'Chicken Republic' });
    expect((await history(card))[0]).toMatchObject({
      transaction_type: 'card-payment',
      amount: 1_234,
      narration: 'Card payment: Chicken Republic · authorised (money reserved)',
    });
    await network('clear', { network_reference: body.network_reference, amount: 1_234 });
    const posted = await history(card);
    expect(posted.filter((l) => String(l.narration).includes('authorised'))).toEqual([]);
    expect(posted[0]).toMatchObject({
      transaction_type: 'card-payment',
      amount: 1_234,
      narration: 'Card payment: Chicken Republic · posted',
    });
    await network('reverse', { network_reference: body.network_reference });
    expect((await history(card))[0]).toMatchObject({
      transaction_type: 'card-refund-inward',
      amount: 1_234,
      narration: 'Card refund: Chicken Republic · reversed',
    });
  });
});
