import { createHash, randomUUID } from 'node:crypto';
import { createLedger } from '../../ledger/index.js';
import {
  CLAIM_LEASE_SECONDS,
  ClientReferences,
  requestHash,
} from '../../money/client-references.js';
import { TransactionPinGuard } from '../../money/transaction-pin-guard.js';
import { FakeClock } from '../../test-support/auth-test-kit.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import {
  balanceKobo,
  fundedCustomer,
  TEST_PIN,
  type Customer,
} from '../funding/funding-test-kit.js';
import { CardService } from './card-service.js';
import { issuedIds, requestCard, TEST_DELIVERY_ADDRESS } from './cards-test-kit.js';

/*
 * POST /cards (a money call: ₦1,050 fee + ₦1,500 delivery) when the instance running it dies, on
 * PGlite and on PostgreSQL. Between the fee's ledger entry and the card rows: the transaction never
 * commits, so nothing is charged and no card exists; the claim it left under the client reference
 * waits out its lease, and the retry with the same key charges once and issues one pair of cards.
 * After the commit but before the answer was kept: the retry answers the cards the ledger and the
 * cards table hold, charging nothing more. (A real SIGKILL at the same point, on PostgreSQL:
 * src/multi-instance/card-request-kill.pg.test.ts.)
 */
let t: TestApp;
const clock = new FakeClock();
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '100000' }, { clock });
});
afterAll(() => t.close());

const FEE_AND_DELIVERY_KOBO = 255_000;
const ROUTE = 'POST /api/cards';
const bodyOf = (user: Customer) => ({
  wallet_account_number: user.main,
  delivery_address: TEST_DELIVERY_ADDRESS,
  transaction_pin: TEST_PIN,
});
/** The ledger reference the money area gives this call (src/money/money-route.ts). */
const referenceOf = (user: Customer, key: string) =>
  `money-${createHash('sha256').update(`${user.id}:${ROUTE}:${key}`).digest('hex').slice(0, 32)}`;

/** What an instance that died mid-call leaves in client_references: a claim never completed. */
async function claimLeftBy(user: Customer, key: string) {
  const outcome = await new ClientReferences({ db: t.database.db, clock }).claim({
    userId: user.id,
    route: ROUTE,
    key,
    requestHash: requestHash(t.config.secrets.pepper, bodyOf(user), ['otp']),
  });
  expect(outcome.kind).toBe('claimed');
}

/** The card request run by an instance that dies right after the fee's ledger entry. */
const dyingService = () =>
  new CardService({
    db: t.database.db,
    clock,
    secrets: t.app.secrets,
    pepper: t.config.secrets.pepper,
    pins: new TransactionPinGuard({ db: t.database.db, secrets: t.app.secrets, clock }),
    afterFeeCharged: () => Promise.reject(new Error('the instance died here')),
  });

const cardsOf = (user: Customer) =>
  t.database.db
    .selectFrom('cards')
    .select(['kind', 'request_reference'])
    .where('user_id', '=', user.id)
    .orderBy('kind')
    .execute();
/** The fee entries on the customer's wallet (one per card request ever charged). */
const feeEntriesOf = async (user: Customer) =>
  (await createLedger(t.database.db).listEntries(user.main))
    .filter((e) => e.transactionType === 'card-issuance')
    .map((e) => ({ reference: e.reference, amountKobo: e.amountKobo }));

describe('the instance dies between the fee and the card rows', () => {
  it('charges nothing and issues nothing; the retry with the same key charges once', async () => {
    const ada = await fundedCustomer(t, 5_000);
    const key = randomUUID();
    await claimLeftBy(ada, key);
    await expect(
      dyingService().request({
        userId: ada.id,
        reference: referenceOf(ada, key),
        walletAccountNumber: ada.main,
        address: TEST_DELIVERY_ADDRESS,
      }),
    ).rejects.toThrow('the instance died here');
    // Nothing of the dead call's transaction is left: no charge, no card, no ledger entry.
    expect(await balanceKobo(t, ada.main)).toBe(500_000);
    expect(await cardsOf(ada)).toEqual([]);
    expect(
      await t.database.db
        .selectFrom('ledger_entries')
        .select('id')
        .where('reference', '=', referenceOf(ada, key))
        .execute(),
    ).toEqual([]);

    // While the dead call's claim runs, the client is told so; nothing runs twice.
    const early = await requestCard(t, ada, key);
    expect(early).toEqual({
      status: 409,
      body: { message: 'This request is already being processed.' },
    });
    clock.advance(CLAIM_LEASE_SECONDS + 1);
    // The client's retries, several at once as after a lost answer: one pair of cards, one fee.
    const retries = await Promise.all(Array.from({ length: 8 }, () => requestCard(t, ada, key)));
    const issued = retries.filter((r) => r.status === 201);
    expect(issued.length).toBeGreaterThanOrEqual(1);
    for (const r of retries) {
      if (r.status !== 201) {
        expect(r).toEqual({
          status: 409,
          body: { message: 'This request is already being processed.' },
        });
      } else {
        expect(r).toEqual(issued[0]);
      }
    }
    expect(await requestCard(t, ada, key)).toEqual(issued[0]);
    expect(await balanceKobo(t, ada.main)).toBe(500_000 - FEE_AND_DELIVERY_KOBO);
    expect(await cardsOf(ada)).toEqual([
      { kind: 'physical', request_reference: referenceOf(ada, key) },
      { kind: 'virtual', request_reference: referenceOf(ada, key) },
    ]);
    expect(await feeEntriesOf(ada)).toEqual([
      { reference: referenceOf(ada, key), amountKobo: -FEE_AND_DELIVERY_KOBO },
    ]);
  });
});

describe('the instance dies after the commit, before the answer was kept', () => {
  it('the retry answers the same cards and charges nothing more', async () => {
    const ada = await fundedCustomer(t, 5_000);
    const key = randomUUID();
    const first = await requestCard(t, ada, key);
    expect(first.status).toBe(201);
    // The crash: the cards and the fee committed, the answer never stored under the key.
    await t.database.db
      .updateTable('client_references')
      .set({
        state: 'processing',
        claim_token: randomUUID(),
        lease_until: clock.now(),
        response_status: null,
        response_body: null,
        completed_at: null,
      })
      .where('user_id', '=', ada.id)
      .where('key', '=', key)
      .execute();
    clock.advance(CLAIM_LEASE_SECONDS + 1);
    const retry = await requestCard(t, ada, key);
    expect(retry.status).toBe(201);
    expect(issuedIds(retry)).toEqual(issuedIds(first));
    expect(await balanceKobo(t, ada.main)).toBe(500_000 - FEE_AND_DELIVERY_KOBO);
    expect(await cardsOf(ada)).toHaveLength(2);
    expect(await feeEntriesOf(ada)).toHaveLength(1);
  });
});
