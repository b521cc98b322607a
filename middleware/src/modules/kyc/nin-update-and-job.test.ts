import { ninSubmittedResponseSchema } from '@ajo/shared/schemas';
import { FakeClock, encryptedCall, expectParses } from '../../test-support/auth-test-kit.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { createUser, type TestUser } from '../identity/identity-test-kit.js';
import { NIN_DECIDE, NIN_START } from './nin-status-jobs.js';

const SUBMITTED = 'Your NIN has been submitted for verification and will be processed shortly.';

describe('PUT /api/users/{id} (NIN) and the NIN status jobs', () => {
  let t: TestApp;
  const clock = new FakeClock();
  const INTERVAL = 15;

  beforeAll(async () => {
    t = await createTestApp(
      { RATE_LIMIT_MAX: '1000', NIN_JOB_INTERVAL: String(INTERVAL) },
      { clock },
    );
  });
  afterAll(() => t.close());

  /** One step of the background check: what is due now runs, then the interval passes. */
  const step = async () => {
    await t.app.jobs.runDue();
    clock.advance(INTERVAL);
  };

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

  it('moves pending → processing → approved, waiting NIN_JOB_INTERVAL before the decision', async () => {
    const ada = await createUser(t);
    await submit(ada, { nin: '12345678902' });
    const queued = (await t.app.jobs.list({ kind: NIN_START })).find(
      (job) => (job.payload as { userId: string }).userId === ada.id,
    );
    expect(queued).toMatchObject({
      payload: { userId: ada.id, nin: '12345678902' },
      state: 'queued',
    });
    await t.app.jobs.runDue();
    expect(await statusOf(ada.id)).toBe('processing');
    clock.advance(INTERVAL - 1);
    await t.app.jobs.runDue();
    expect(await statusOf(ada.id)).toBe('processing');
    clock.advance(1);
    await t.app.jobs.runDue();
    expect(await statusOf(ada.id)).toBe('approved');
    const decided = (await t.app.jobs.list({ kind: NIN_DECIDE })).find(
      (job) => (job.payload as { userId: string }).userId === ada.id,
    );
    expect(decided).toMatchObject({ state: 'succeeded', attempts: 1, last_error: null });
    await step();
    expect(await statusOf(ada.id)).toBe('approved');
  });

  it('declines a NIN ending in 8, after which another NIN may be submitted', async () => {
    const bola = await createUser(t);
    await submit(bola, { nin: '12345678908' });
    await step();
    await step();
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

  it('re-queues a NIN left without a job (submitted through a release without the queue)', async () => {
    const ike = await createUser(t);
    // What an older release's PUT /users left behind: the NIN stored, no job queued.
    await t.database.db
      .updateTable('users')
      .set({ nin: '12345678960', nin_verification_status: 'pending', updated_at: clock.now() })
      .where('id', '=', ike.id)
      .execute();
    await t.app.jobs.runDue();
    expect(await statusOf(ike.id)).toBe('pending');
    clock.advance(3600);
    await t.app.jobs.runDue(); // the reconcile job of this hour queues nin.start, which runs
    expect(await statusOf(ike.id)).toBe('processing');
    await step();
    await step();
    expect(await statusOf(ike.id)).toBe('approved');
  });
});
