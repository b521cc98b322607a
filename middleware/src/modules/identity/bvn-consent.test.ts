import { bvnStartResponseSchema } from '@ajo/shared/schemas';
import { FakeClock, expectParses } from '../../test-support/auth-test-kit.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import {
  BVN_FORMAT_MESSAGE,
  CONSENT_LABEL,
  CONSENT_REQUIRED_MESSAGE,
  SESSION_GONE_MESSAGE,
} from '../../providers/identity/sandbox-consent-page.js';
import {
  createUser,
  get,
  postConsent,
  redirectOutcome,
  startBvn,
  type TestUser,
} from './identity-test-kit.js';

describe('BVN consent: GET /api/bvn/start and the sandbox consent page', () => {
  let t: TestApp;
  let ada: TestUser;
  const clock = new FakeClock();

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MAX: '1000' }, { clock });
    ada = await createUser(t);
  });
  afterAll(() => t.close());

  it('answers a same-origin consent page URL for an unverified user', async () => {
    const res = await get(t, '/api/bvn/start?channel=web', ada);
    expect(res.statusCode).toBe(200);
    expectParses(bvnStartResponseSchema, res.json());
    expect(res.json().redirectUrl).toMatch(
      /^\/api\/sandbox\/identity\/bvn-consent\/[0-9a-f-]{36}$/,
    );
  });

  it('refuses a missing channel, a missing token and a verified user', async () => {
    expect((await get(t, '/api/bvn/start', ada)).statusCode).toBe(400);
    expect((await get(t, '/api/bvn/start?channel=web')).statusCode).toBe(401);
    const verified = await createUser(t);
    await t.database.db
      .updateTable('users')
      .set({ is_verified: true })
      .where('id', '=', verified.id)
      .execute();
    const res = await get(t, '/api/bvn/start?channel=web', verified);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Your identity has already been verified.' });
  });

  it('serves the consent page with its own strict CSP and no external assets', async () => {
    const url = await startBvn(t, ada);
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.body).toContain('<title>Verify your BVN | Ajo Wallet sandbox identity provider');
    expect(res.body).toContain('<label for="bvn">BVN</label>');
    expect(res.body).toContain(CONSENT_LABEL);
    expect(res.body).toContain('Grant access');
    expect(res.body).toContain('Cancel');
    expect(res.body).toContain('name="viewport"');
    expect(res.body).not.toMatch(/<script|https?:\/\//);
  });

  it('redirects with success and a tid for a test BVN, once only', async () => {
    const url = await startBvn(t, ada);
    const res = await postConsent(t, url, { bvn: '22212345678', consent: 'yes', action: 'grant' });
    expect(res.statusCode).toBe(303);
    const { status, tid } = redirectOutcome(res.headers.location);
    expect(status).toBe('success');
    expect(tid).toMatch(/^[0-9a-f-]{36}$/);

    const again = await postConsent(t, url, {
      bvn: '22212345678',
      consent: 'yes',
      action: 'grant',
    });
    expect(again.statusCode).toBe(404);
    expect(again.body).toContain(SESSION_GONE_MESSAGE);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it.each([
    ['22012345678', 'not found'],
    ['22912345678', 'mismatch'],
    ['55512345678', 'unknown'],
  ])('redirects with failed for BVN %s (%s)', async (bvn) => {
    const res = await postConsent(t, await startBvn(t, ada), {
      bvn,
      consent: 'yes',
      action: 'grant',
    });
    expect(res.statusCode).toBe(303);
    const { status, tid } = redirectOutcome(res.headers.location);
    expect(status).toBe('failed');
    expect(tid).toBeTruthy();
    // A failed consent's tid holds no details.
    expect((await get(t, `/api/bvn/details?tid=${tid}`, ada)).statusCode).toBe(404);
  });

  it('redirects with cancelled when the customer cancels, whatever the form holds', async () => {
    const res = await postConsent(t, await startBvn(t, ada), { bvn: '', action: 'cancel' });
    expect(res.statusCode).toBe(303);
    expect(redirectOutcome(res.headers.location).status).toBe('cancelled');
  });

  it('re-renders with a clear message and 400 for a bad BVN or no consent', async () => {
    const url = await startBvn(t, ada);
    const short = await postConsent(t, url, { bvn: '2221234', consent: 'yes', action: 'grant' });
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain(BVN_FORMAT_MESSAGE);
    expect(short.body).toContain('role="alert"');
    const noConsent = await postConsent(t, url, { bvn: '22212345678', action: 'grant' });
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.body).toContain(CONSENT_REQUIRED_MESSAGE);
    // Bad input does not use up the session.
    const ok = await postConsent(t, url, { bvn: '22212345678', consent: 'yes', action: 'grant' });
    expect(redirectOutcome(ok.headers.location).status).toBe('success');
  });

  it('escapes what the customer typed when re-rendering', async () => {
    const url = await startBvn(t, ada);
    const res = await postConsent(t, url, { bvn: '"><b>x', consent: 'yes', action: 'grant' });
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toContain('"><b>');
  });

  it('expires a consent session after 15 minutes', async () => {
    const url = await startBvn(t, ada);
    clock.advance(15 * 60 + 1);
    const res = await postConsent(t, url, { bvn: '22212345678', consent: 'yes', action: 'grant' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain(SESSION_GONE_MESSAGE);
  });

  it('answers 404 for an unknown or malformed session id', async () => {
    const unknown = '/api/sandbox/identity/bvn-consent/00000000-0000-4000-8000-000000000000';
    expect((await t.app.inject({ method: 'GET', url: unknown })).statusCode).toBe(404);
    const res = await postConsent(t, '/api/sandbox/identity/bvn-consent/nope', {
      action: 'cancel',
    });
    expect(res.statusCode).toBe(404);
  });
});
