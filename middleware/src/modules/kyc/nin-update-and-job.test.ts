import { ninSubmittedResponseSchema } from '@ajo/shared/schemas';
import { FakeClock, encryptedCall, expectParses } from '../../test-support/auth-test-kit.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { createUser, type TestUser } from '../identity/identity-test-kit.js';
import { createNinStatusJob, type NinStatusJob } from './nin-status-job.js';

const SUBMITTED = 'Your NIN has been submitted for verification and will be processed shortly.';

describe('PUT /api/users/{id} (NIN) and the NIN status job', () => {
  let t: TestApp;
  let job: NinStatusJob;
  const clock = new FakeClock();

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MAX: '1000' }, { clock });
    job = createNinStatusJob({ db: t.database.db, provider: t.app.providers.identity, clock });
  });
  afterAll(() => t.close());

  const submit = (user: TestUser, body: unknown, id = user.id) =>
    encryptedCall(t, 'PUT', `/api/users/${id}`, body, user.auth);
  const statusOf = async (id: string) =>
    (
      await t.database.db
        .selectFrom('users')
        .select(['nin', 'nin_verification_status'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).nin_verification_status;

  it('stores the NIN as pending and answers the SPEC message', async () => {
    const ada = await createUser(t);
    const res = await submit(ada, { nin: '12345678901' });
    expect(res).toEqual({ status: 200, body: { message: SUBMITTED } });
    expectParses(ninSubmittedResponseSchema, res.body);
    expect(await statusOf(ada.id)).toBe('pending');
  });

  it('moves pending → processing → approved on successive runs', async () => {
    const ada = await createUser(t);
    await submit(ada, { nin: '12345678902' });
    await job.runOnce();
    expect(await statusOf(ada.id)).toBe('processing');
    await job.runOnce();
    expect(await statusOf(ada.id)).toBe('approved');
    await job.runOnce();
    expect(await statusOf(ada.id)).toBe('approved');
  });

  it('declines a NIN ending in 8, after which another NIN may be submitted', async () => {
    const bola = await createUser(t);
    await submit(bola, { nin: '12345678908' });
    await job.runOnce();
    await job.runOnce();
    expect(await statusOf(bola.id)).toBe('declined');
    expect((await submit(bola, { nin: '12345678913' })).status).toBe(200);
    expect(await statusOf(bola.id)).toBe('pending');
  });

  it('refuses a second submission while one is in flight or approved', async () => {
    const chi = await createUser(t);
    await submit(chi, { nin: '12345678920' });
    const res = await submit(chi, { nin: '12345678921' });
    expect(res.status).toBe(409);
  });

  it('refuses a NIN already linked to another account', async () => {
    const [dayo, emeka] = [await createUser(t), await createUser(t)];
    await submit(dayo, { nin: '12345678930' });
    expect(await submit(emeka, { nin: '12345678930' })).toEqual({
      status: 409,
      body: { message: 'This NIN is already linked to another account.' },
    });
  });

  it("answers 403 for another user's id and 400 for a malformed NIN", async () => {
    const [femi, gbenga] = [await createUser(t), await createUser(t)];
    expect(await submit(femi, { nin: '12345678940' }, gbenga.id)).toEqual({
      status: 403,
      body: { message: 'Forbidden' },
    });
    expect(await statusOf(gbenga.id)).toBeNull();
    expect((await submit(femi, { nin: '123' })).status).toBe(400);
    expect((await submit(femi, { nin: '12345678940', is_verified: true })).status).toBe(400);
    expect(await statusOf(femi.id)).toBeNull();
  });

  it('runs on its timer until stopped (fake timers, configurable interval)', async () => {
    const hana = await createUser(t);
    await submit(hana, { nin: '12345678950' });
    const timers: Array<{ fn: () => void; ms: number }> = [];
    const timed = createNinStatusJob({
      db: t.database.db,
      provider: t.app.providers.identity,
      clock,
      intervalSeconds: 5,
      timers: {
        setTimeout: (fn, ms) => timers.push({ fn, ms }),
        clearTimeout: () => undefined,
      },
    });
    timed.start();
    expect(timers).toHaveLength(1);
    expect(timers[0]?.ms).toBe(5000);
    timers[0]?.fn();
    await timed.stop();
    expect(await statusOf(hana.id)).toBe('processing');
    // Stopped: the pass that finished did not schedule another one.
    expect(timers).toHaveLength(1);
  });
});
