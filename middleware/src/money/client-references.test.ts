import { randomUUID } from 'node:crypto';
import { bankToWallet, createCustomer, TEST_PIN } from '../modules/funding/funding-test-kit.js';
import { FakeClock } from '../test-support/auth-test-kit.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { CLAIM_LEASE_SECONDS, ClientReferences, requestHash } from './client-references.js';

let t: TestApp;
const clock = new FakeClock();

beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(() => t.close());

const ROUTE = 'POST /api/transfers/bank-to-wallet';
const sessionsOf = (userId: string) =>
  t.database.db
    .selectFrom('checkout_sessions')
    .select(['id', 'client_reference'])
    .where('user_id', '=', userId)
    .execute();

describe('client references (Idempotency-Key) on POST /api/transfers/bank-to-wallet', () => {
  it('replays the stored answer for a repeat of a completed call: same link, one session', async () => {
    const ada = await createCustomer(t);
    const key = randomUUID();
    const first = await bankToWallet(t, ada, {}, key);
    expect(first.status).toBe(200);
    const again = await bankToWallet(t, ada, {}, key);
    expect(again).toEqual(first);
    expect(await sessionsOf(ada.id)).toHaveLength(1);
  });

  it('answers 422 for the same key with another body, and moves nothing', async () => {
    const ada = await createCustomer(t);
    const key = randomUUID();
    expect((await bankToWallet(t, ada, {}, key)).status).toBe(200);
    expect(await bankToWallet(t, ada, { transfer_amount: 99 }, key)).toEqual({
      status: 422,
      body: { message: 'This client reference was already used for a different request.' },
    });
    expect(await sessionsOf(ada.id)).toHaveLength(1);
  });

  it.each([
    ['no header', null],
    ['a key too short', 'abc'],
    ['a key with spaces', 'not a valid key!'],
    ['a key too long', 'k'.repeat(65)],
  ])('answers 400 for %s', async (_case, key) => {
    const ada = await createCustomer(t);
    expect(await bankToWallet(t, ada, {}, key)).toEqual({
      status: 400,
      body: { message: 'A client reference (Idempotency-Key header) is required.' },
    });
    expect(await sessionsOf(ada.id)).toHaveLength(0);
  });

  it('runs 30 identical concurrent calls once: one session, every success the same link', async () => {
    const ada = await createCustomer(t);
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => bankToWallet(t, ada, {}, key)),
    );
    const sessions = await sessionsOf(ada.id);
    expect(sessions).toHaveLength(1);
    const ok = answers.filter((a) => a.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const answer of ok)
      expect(answer.body.link).toBe(`/api/sandbox/checkout/${sessions[0]?.id}`);
    // The others were told the first was still running; none created anything.
    for (const answer of answers.filter((a) => a.status !== 200)) {
      expect(answer).toEqual({
        status: 409,
        body: { message: 'This request is already being processed.' },
      });
    }
  });

  it('lets the same key be used again after a wrong PIN (nothing was kept)', async () => {
    const ada = await createCustomer(t);
    const key = randomUUID();
    expect((await bankToWallet(t, ada, { transaction_pin: '000000' }, key)).status).toBe(401);
    expect((await bankToWallet(t, ada, { transaction_pin: TEST_PIN }, key)).status).toBe(200);
  });

  it('keeps a refusal of the service (blocked wallet) for replay under its key', async () => {
    const ada = await createCustomer(t);
    const key = randomUUID();
    const { createLedger } = await import('../ledger/index.js');
    await createLedger(t.database.db).setStatus(ada.main, 'blocked');
    const blocked = await bankToWallet(t, ada, {}, key);
    expect(blocked).toEqual({ status: 409, body: { message: 'This wallet is blocked.' } });
    await createLedger(t.database.db).setStatus(ada.main, 'active');
    expect(await bankToWallet(t, ada, {}, key)).toEqual(blocked);
    expect((await bankToWallet(t, ada)).status).toBe(200);
  });

  describe('a crash between recording the call and completing it', () => {
    // What a crashed instance leaves: the claim, recorded before the call ran, never completed.
    async function crashedClaim(userId: string, key: string, body: Record<string, unknown>) {
      const references = new ClientReferences({ db: t.database.db, clock });
      const outcome = await references.claim({
        userId,
        route: ROUTE,
        key,
        requestHash: requestHash(t.config.secrets.pepper, body, ['otp']),
      });
      expect(outcome.kind).toBe('claimed');
    }
    const bodyOf = (main: string) => ({
      wallet_account_number: main,
      transfer_amount: 2500.5,
      transaction_pin: TEST_PIN,
      phone_number: '2348031234567',
      platform: 'web',
    });

    it('answers 409 while the claim lease runs, then a retry runs the call once', async () => {
      const ada = await createCustomer(t);
      const key = randomUUID();
      await crashedClaim(ada.id, key, bodyOf(ada.main));
      expect((await bankToWallet(t, ada, {}, key)).status).toBe(409);
      clock.advance(CLAIM_LEASE_SECONDS + 1);
      const retry = await bankToWallet(t, ada, {}, key);
      expect(retry.status).toBe(200);
      expect(await bankToWallet(t, ada, {}, key)).toEqual(retry);
      expect(await sessionsOf(ada.id)).toHaveLength(1);
    });

    it('finds the session the crashed call had already opened: same link, no second session', async () => {
      const ada = await createCustomer(t);
      const key = randomUUID();
      await crashedClaim(ada.id, key, bodyOf(ada.main));
      // The crashed instance got as far as opening the checkout session.
      const opened = await t.database.db
        .insertInto('checkout_sessions')
        .values({
          user_id: ada.id,
          wallet_account_number: ada.main,
          amount_kobo: 250_050,
          status: 'pending',
          expires_at: new Date(clock.now().getTime() + 30 * 60 * 1000),
          client_reference: key,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      clock.advance(CLAIM_LEASE_SECONDS + 1);
      expect(await bankToWallet(t, ada, {}, key)).toEqual({
        status: 200,
        body: { link: `/api/sandbox/checkout/${opened.id}` },
      });
      expect(await sessionsOf(ada.id)).toHaveLength(1);
    });

    it('does not let another body take over a crashed claim', async () => {
      const ada = await createCustomer(t);
      const key = randomUUID();
      await crashedClaim(ada.id, key, bodyOf(ada.main));
      clock.advance(CLAIM_LEASE_SECONDS + 1);
      expect((await bankToWallet(t, ada, { transfer_amount: 10 }, key)).status).toBe(422);
      expect(await sessionsOf(ada.id)).toHaveLength(0);
    });
  });
});

describe('requestHash: the same request hashes the same, another one never does', () => {
  const PEPPER = 'test-pepper-0123456789abcdef';
  const hash = (body: object, without: readonly string[] = []) =>
    requestHash(PEPPER, body, without);

  it('ignores the order of keys, at every depth', () => {
    expect(hash({ a: 1, b: { c: 2, d: [1, { e: 3, f: 4 }] } })).toBe(
      hash({ b: { d: [1, { f: 4, e: 3 }], c: 2 }, a: 1 }),
    );
  });

  it('tells apart a changed value, at every depth, and the order of a list', () => {
    const base = hash({
      amount: 100,
      to: { bank: '058', account: '0123456789' },
      tags: ['a', 'b'],
    });
    expect(
      hash({ amount: 101, to: { bank: '058', account: '0123456789' }, tags: ['a', 'b'] }),
    ).not.toBe(base);
    expect(
      hash({ amount: 100, to: { bank: '058', account: '0123456780' }, tags: ['a', 'b'] }),
    ).not.toBe(base);
    expect(
      hash({ amount: 100, to: { bank: '058', account: '0123456789' }, tags: ['b', 'a'] }),
    ).not.toBe(base);
    expect(
      hash({ amount: '100', to: { bank: '058', account: '0123456789' }, tags: ['a', 'b'] }),
    ).not.toBe(base);
  });

  it('tells a list from an object with the same entries', () => {
    expect(hash({ tags: ['a', 'b'] })).not.toBe(hash({ tags: { 0: 'a', 1: 'b' } }));
  });

  it('reads a field left undefined as absent, but null and a missing field as different', () => {
    expect(hash({ amount: 100, note: undefined })).toBe(hash({ amount: 100 }));
    expect(hash({ amount: 100, note: { inner: undefined } })).toBe(hash({ amount: 100, note: {} }));
    expect(hash({ amount: 100, note: null })).not.toBe(hash({ amount: 100 }));
    // As JSON writes it: an undefined inside a list is a null there, not a gap.
    expect(hash({ tags: [undefined] })).toBe(hash({ tags: [null] }));
    expect(hash({ tags: [undefined] })).not.toBe(hash({ tags: [] }));
  });

  it('leaves out only the fields it is told to (the one-time step-up code)', () => {
    expect(hash({ amount: 100, otp: '123456' }, ['otp'])).toBe(hash({ amount: 100 }, ['otp']));
    expect(hash({ amount: 100, otp: '123456' }, ['otp'])).not.toBe(
      hash({ amount: 101, otp: '123456' }, ['otp']),
    );
    expect(hash({ amount: 100, otp: '123456' })).not.toBe(hash({ amount: 100, otp: '654321' }));
  });

  it('is keyed by the pepper (a leaked table does not give the PIN away) and is hex SHA-256', () => {
    const body = { transaction_pin: '246810' };
    expect(requestHash('another-pepper-0123456789', body, [])).not.toBe(hash(body));
    expect(hash(body)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('ClientReferences.complete after the claim was taken over', () => {
  it('keeps the answer of the attempt that holds the claim, not the one that overran its lease', async () => {
    const ada = await createCustomer(t);
    const references = new ClientReferences({ db: t.database.db, clock });
    const call = {
      userId: ada.id,
      route: ROUTE,
      key: randomUUID(),
      requestHash: requestHash(t.config.secrets.pepper, { transfer_amount: 10 }, []),
    };
    const first = await references.claim(call);
    clock.advance(CLAIM_LEASE_SECONDS + 1);
    const second = await references.claim(call);
    if (first.kind !== 'claimed' || second.kind !== 'claimed') throw new Error('not claimed');
    expect(await references.complete(first.claim, 200, { link: 'first' })).toBe(false);
    expect(await references.complete(second.claim, 200, { link: 'second' })).toBe(true);
    expect(await references.complete(second.claim, 200, { link: 'again' })).toBe(false);
    expect(await references.claim(call)).toEqual({
      kind: 'replay',
      status: 200,
      body: { link: 'second' },
    });
  });
});
