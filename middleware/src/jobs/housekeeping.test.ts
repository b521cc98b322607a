import { FakeClock, logIn, signUp } from '../test-support/auth-test-kit.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { SESSION_RETENTION_DAYS } from './housekeeping.js';

const HOUR = 3600;
const DAY = 24 * HOUR;

describe('housekeeping.sessions', () => {
  let t: TestApp;
  const clock = new FakeClock();
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MAX: '1000', TOKEN_TTL: '1d' }, { clock });
  });
  afterAll(() => t.close());

  const sessionIds = async () =>
    (await t.database.db.selectFrom('sessions').select('id').execute()).map((row) => row.id);
  const signIn = async () => {
    const res = await logIn(t, '2348031234567', '4821');
    const session = await t.app.tokens.authenticate(String(res.body.token));
    if (!session) throw new Error('no session');
    return { token: String(res.body.token), id: session.sessionId };
  };

  it(`deletes sessions ${SESSION_RETENTION_DAYS} days after they ended or expired, and only those`, async () => {
    await signUp(t, '2348031234567');
    const signedOut = await signIn();
    await t.app.tokens.end(signedOut.id, 'signed-out');
    const expired = await signIn();

    // Just inside the retention: the signed-out one ended 30 days less two hours ago.
    clock.advance(SESSION_RETENTION_DAYS * DAY - 2 * HOUR);
    const recent = await signIn();
    await t.app.jobs.runDue();
    expect(new Set(await sessionIds())).toEqual(new Set([signedOut.id, expired.id, recent.id]));

    // An hour past it for the ended session; the other expired only a day after it began.
    clock.advance(3 * HOUR);
    await t.app.jobs.runDue();
    expect(new Set(await sessionIds())).toEqual(new Set([expired.id, recent.id]));

    // A day on, the expired one goes too; the recent one, expired three hours ago, stays.
    clock.advance(DAY);
    await t.app.jobs.runDue();
    expect(await sessionIds()).toEqual([recent.id]);
  });
});
