import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { buildApp } from '../../app.js';
import { encryptedCall, FakeClock } from '../../test-support/auth-test-kit.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { fundedCustomer, type Customer } from '../funding/funding-test-kit.js';
import { BUREAU_STEP_SECONDS } from './card-bureau.js';
import { ACTIVATION_WINDOW_MONTHS } from './card-service.js';
import { issuedIds, lastFourOf, requestCard } from './cards-test-kit.js';

/*
 * The sandbox card bureau's control, `POST /api/sandbox/card-bureau/advance` (README "Sandbox
 * card network"), on PGlite and on PostgreSQL: a physical card moved along its delivery steps
 * now, each step recorded at the app clock's time as the job records it; never a reported or
 * blocked card, never a virtual one; bad calls answered with a message, changing nothing; not
 * there in production mode.
 */
let t: TestApp;
const clock = new FakeClock(Date.UTC(2026, 2, 2, 9, 0, 0));
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '100000' }, { clock });
});
afterAll(() => t.close());

const auth = async (user: Customer) => ({
  authorization: `Bearer ${(await t.app.tokens.issue(user.id)).token}`,
});

async function cardHolder() {
  const user = await fundedCustomer(t, 5_000);
  const res = await requestCard(t, user, randomUUID(), await auth(user));
  expect(res.status).toBe(201);
  return { user, ...issuedIds(res) };
}

async function advance(payload: unknown) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/sandbox/card-bureau/advance',
    payload: payload as Record<string, unknown>,
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

const delivery = (id: string) =>
  t.database.db
    .selectFrom('cards')
    .select(['delivery_status', 'delivery_updated_at', 'status'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
    .then((c) => ({
      status: c.status,
      delivery_status: c.delivery_status,
      at: c.delivery_updated_at && new Date(c.delivery_updated_at).toISOString(),
    }));

describe('advancing a physical card at the sandbox bureau', () => {
  it('moves it one step a call, each recorded at the app clock time, then stays delivered', async () => {
    const { physical } = await cardHolder();
    const last4 = await lastFourOf(t.database.db, physical);
    for (const step of ['printed', 'dispatched', 'delivered']) {
      clock.advance(60); // less than the bureau's hour: the control does not wait for it
      const at = clock.now().toISOString();
      expect(await advance({ card_id: physical })).toEqual({
        status: 200,
        // The plastic's last 4 digits reach the tester with the card, not before.
        body: {
          card_id: physical,
          delivery_status: step,
          delivery_updated_at: at,
          last4: step === 'delivered' ? last4 : null,
        },
      });
      expect(await delivery(physical)).toEqual({
        status: 'inactive',
        delivery_status: step,
        at,
      });
    }
    const deliveredAt = clock.now().toISOString();
    clock.advance(60);
    // Delivered is the last step: asked again, answered as it is, its time kept.
    expect((await advance({ card_id: physical })).body.delivery_updated_at).toBe(deliveredAt);
    expect((await advance({ card_id: physical, to: 'delivered' })).body).toMatchObject({
      delivery_status: 'delivered',
      delivery_updated_at: deliveredAt,
    });
  });

  it('moves it to a named step at once, and the customer can then activate it', async () => {
    const { user, physical } = await cardHolder();
    expect((await advance({ card_id: physical, to: 'dispatched' })).body.delivery_status).toBe(
      'dispatched',
    );
    // A step it is already past: nothing moves back.
    expect((await advance({ card_id: physical, to: 'printed' })).body.delivery_status).toBe(
      'dispatched',
    );
    clock.advance(5);
    const delivered = await advance({ card_id: physical, to: 'delivered' });
    expect(delivered).toEqual({
      status: 200,
      body: {
        card_id: physical,
        delivery_status: 'delivered',
        delivery_updated_at: clock.now().toISOString(),
        last4: await lastFourOf(t.database.db, physical),
      },
    });
    const last4 = String(delivered.body.last4);
    const activated = await encryptedCall(
      t,
      'POST',
      `/api/cards/${physical}/activate`,
      { last4, card_pin: '4321', confirm_card_pin: '4321' },
      await auth(user),
    );
    expect(activated.status).toBe(200);
    expect((activated.body.card as { status: string }).status).toBe('active');
  });

  it('answers 16 identical calls at once, each delivered, none refused', async () => {
    const { physical } = await cardHolder();
    const answers = await Promise.all(
      Array.from({ length: 16 }, () => advance({ card_id: physical, to: 'delivered' })),
    );
    expect(answers.map((a) => `${a.status} ${String(a.body.delivery_status)}`)).toEqual(
      answers.map(() => '200 delivered'),
    );
    expect((await delivery(physical)).delivery_status).toBe('delivered');
  });

  it('is the same step the job takes: a card the control moved waits its hour for the job', async () => {
    const { physical } = await cardHolder();
    await advance({ card_id: physical });
    const movedAt = (await delivery(physical)).at;
    clock.advance(BUREAU_STEP_SECONDS - 1);
    await t.app.jobs.runDue();
    expect(await delivery(physical)).toMatchObject({ delivery_status: 'printed', at: movedAt });
  });
});

describe('what the bureau never moves', () => {
  it('a card reported lost or stolen: refused, left where it was', async () => {
    const { user, physical } = await cardHolder();
    const reported = await encryptedCall(
      t,
      'POST',
      `/api/cards/${physical}/report-lost`,
      {},
      await auth(user),
    );
    expect(reported.status).toBe(200);
    const before = await delivery(physical);
    for (const payload of [{ card_id: physical }, { card_id: physical, to: 'delivered' }]) {
      expect(await advance(payload)).toEqual({
        status: 409,
        body: { message: 'This card was reported lost or stolen. Request a new card.' },
      });
    }
    expect(await delivery(physical)).toEqual(before);
  });

  it('a card blocked after 6 months without activation: refused, left where it was', async () => {
    const { physical } = await cardHolder();
    await advance({ card_id: physical, to: 'printed' });
    const before = await delivery(physical);
    clock.advance(ACTIVATION_WINDOW_MONTHS * 31 * 24 * 3600);
    expect(await advance({ card_id: physical, to: 'delivered' })).toEqual({
      status: 409,
      body: { message: 'This card is blocked. Request a new card.' },
    });
    expect(await delivery(physical)).toEqual({ ...before, status: 'blocked' });
  });

  it('a virtual card: 422 with a message, nothing changed', async () => {
    const { virtual } = await cardHolder();
    expect(await advance({ card_id: virtual, to: 'delivered' })).toEqual({
      status: 422,
      body: { message: 'Only a physical card is delivered.' },
    });
    expect(await delivery(virtual)).toEqual({ status: 'active', delivery_status: null, at: null });
  });

  it('an unknown card: 404 with a message', async () => {
    expect(await advance({ card_id: randomUUID() })).toEqual({
      status: 404,
      body: { message: 'Card not found.' },
    });
  });

  it.each([
    ['no body', undefined],
    ['no card id', {}],
    ['a card id that is no id', { card_id: 'card-1' }],
    ['a step that is not one', { card_id: 'PHYSICAL', to: 'lost' }],
    ['a step it starts from', { card_id: 'PHYSICAL', to: 'requested' }],
    ['an unknown field', { card_id: 'PHYSICAL', status: 'active' }],
  ])('a bad body (%s): 400 with a message, nothing changed', async (_name, payload) => {
    const { physical } = await cardHolder();
    const body =
      payload && JSON.parse(JSON.stringify(payload).replace('"PHYSICAL"', `"${physical}"`));
    const res = await advance(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: expect.any(String) });
    expect(String(res.body.message)).not.toBe('');
    expect((await delivery(physical)).delivery_status).toBe('requested');
  });
});

describe('the bureau control in production mode', () => {
  it('is not there, even when a caller hands the app sandbox providers', async () => {
    const { physical } = await cardHolder();
    const production = await buildApp({
      config: { ...t.config, production: true },
      database: t.database,
      providers: t.app.providers,
      print: () => undefined,
      logStream: new Writable({ write: (_c, _e, done) => done() }),
    });
    try {
      const res = await production.inject({
        method: 'POST',
        url: '/api/sandbox/card-bureau/advance',
        payload: { card_id: physical, to: 'delivered' },
      });
      expect(res.statusCode).toBe(404);
      expect((await delivery(physical)).delivery_status).toBe('requested');
    } finally {
      await production.close();
    }
  });
});
