import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { buildApp } from '../../app.js';
import { FakeClock } from '../../test-support/auth-test-kit.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

describe('sandbox routes', () => {
  let t: TestApp;
  const clock = new FakeClock();
  beforeAll(async () => {
    t = await createTestApp({}, { clock });
  });
  afterAll(() => t.close());

  /** What an owner is handed (GET /users/{id}'s photo_url): the file's link, signed for 10 minutes. */
  const linkTo = (path: string) => t.app.providers.fileStorage.signedUrl(path, 600);

  it('prints each message on one readable console line', async () => {
    await t.app.providers.notifier.sendSms({
      to: '2348012345678',
      body: 'Your Ajo Wallet code is 123456',
    });
    expect(t.printed).toContain('[sandbox sms] to 2348012345678: Your Ajo Wallet code is 123456');
  });

  it('returns a recipient’s outbox, newest first', async () => {
    const { notifier } = t.app.providers;
    await notifier.sendSms({ to: '2348099990000', body: 'first' });
    await notifier.sendEmail({
      to: 'ada@example.com',
      subject: 'Statement',
      body: 'other recipient',
    });
    await notifier.sendSms({ to: '2348099990000', body: 'second' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/sandbox/outbox?recipient=2348099990000',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().messages.map((m: { body: string }) => m.body)).toEqual(['second', 'first']);
    expect(res.json().messages[0]).toMatchObject({
      channel: 'sms',
      recipient: '2348099990000',
      createdAt: expect.any(String),
    });
  });

  it('answers 400 without a recipient', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/sandbox/outbox' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'recipient is required' });
  });

  it('serves a stored file with its content type through a signed link only', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const { url } = await t.app.providers.fileStorage.put('images/face-1.png', png, 'image/png');
    expect(url).toBe('/api/sandbox/files/images/face-1.png');
    const link = await linkTo('images/face-1.png');
    expect(link).toMatch(/^\/api\/sandbox\/files\/images\/face-1\.png\?expires=\d+&signature=/);
    const res = await t.app.inject({ method: 'GET', url: link });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(png)).toBe(true);
  });

  it('refuses a file without a signature, with a wrong one, for another file, and once expired (403)', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 4, 5, 6]);
    const { url } = await t.app.providers.fileStorage.put(
      'users/u-9/images/id.png',
      png,
      'image/png',
    );
    await t.app.providers.fileStorage.put('users/u-8/images/id.png', png, 'image/png');
    const invalid = { status: 403, body: { message: 'This link is not valid.' } };
    const get = async (target: string) => {
      const res = await t.app.inject({ method: 'GET', url: target });
      return { status: res.statusCode, body: res.json() };
    };
    const link = await linkTo('users/u-9/images/id.png');
    const query = link.slice(link.indexOf('?'));
    expect(await get(url)).toEqual(invalid);
    const signature = new URL(link, 'http://x').searchParams.get('signature') ?? '';
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    expect(await get(link.replace(signature, flipped))).toEqual(invalid);
    // A later expiry with the same signature, and the signature of another customer's file.
    expect(
      await get(link.replace(/expires=(\d+)/, (_, e) => `expires=${Number(e) + 3600}`)),
    ).toEqual(invalid);
    expect(await get(`/api/sandbox/files/users/u-8/images/id.png${query}`)).toEqual(invalid);
    expect(await get(`${url}?expires=99999999999&signature=`)).toEqual(invalid);
    clock.advance(599);
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(200);
    clock.advance(1);
    expect(await get(link)).toEqual({
      status: 403,
      body: { message: 'This link has expired. Please open the file again from the app.' },
    });
  });

  it('lists a statement attachment with a signed link that expires; the bare address opens nothing', async () => {
    const { notifier } = t.app.providers;
    const pdf = Buffer.from('%PDF-1.4 statement');
    const to = `statement-${randomUUID()}@example.com`;
    await notifier.sendEmail({
      to,
      subject: 'Your statement',
      body: 'Attached.',
      attachments: [{ filename: 'statement.pdf', contentType: 'application/pdf', bytes: pdf }],
    });
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/sandbox/outbox?recipient=${to}`,
    });
    const [attachment] = listed.json().messages[0].attachments as { url: string }[];
    const link = attachment!.url;
    expect(link).toMatch(
      /^\/api\/sandbox\/outbox\/attachments\/[0-9a-f-]{36}\?expires=\d+&signature=/,
    );
    const opened = await t.app.inject({ method: 'GET', url: link });
    expect(opened.statusCode).toBe(200);
    expect(opened.rawPayload.equals(pdf)).toBe(true);
    const bare = await t.app.inject({ method: 'GET', url: link.slice(0, link.indexOf('?')) });
    expect({ status: bare.statusCode, body: bare.json() }).toEqual({
      status: 403,
      body: { message: 'This link is not valid.' },
    });
    clock.advance(600);
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(403);
  });

  it('serves an active content type as a download, never inline', async () => {
    await t.app.providers.fileStorage.put(
      'images/x.html',
      Buffer.from('<script>1</script>'),
      'text/html',
    );
    const res = await t.app.inject({ method: 'GET', url: await linkTo('images/x.html') });
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toBe('attachment');
  });

  it.each(['images/..%2F..%2Fetc%2Fpasswd', '..%2Fpglite%2FPG_VERSION', '%2Fetc%2Fpasswd'])(
    'refuses path traversal: %s',
    async (path) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/sandbox/files/${path}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Invalid file path' });
    },
  );

  it('resolves dot segments in the URL before routing, so they never reach the files route', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/sandbox/files/images/%2e%2e/%2e%2e/ready',
    });
    expect(res.statusCode).toBe(404);
  });

  it('refuses to store outside its folder', async () => {
    await expect(
      t.app.providers.fileStorage.put('../escape.txt', Buffer.from('x'), 'text/plain'),
    ).rejects.toThrow(/Unsafe file path/);
  });

  it('answers 404 for a file that does not exist', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: await linkTo('images/nope.png') })).statusCode,
    ).toBe(404);
  });
});

describe('sandbox routes in production mode', () => {
  it('are not there, even when a caller hands the app sandbox providers', async () => {
    const t = await createTestApp();
    const production = await buildApp({
      config: { ...t.config, production: true },
      database: t.database,
      providers: t.app.providers,
      print: () => undefined,
      logStream: new Writable({ write: (_c, _e, done) => done() }),
    });
    try {
      await t.app.providers.notifier.sendSms({ to: '2348077770000', body: 'code 123456' });
      await t.app.providers.fileStorage.put(
        'images/any.png',
        Buffer.from([0x89, 0x50]),
        'image/png',
      );
      const link = await t.app.providers.fileStorage.signedUrl('images/any.png', 600);
      for (const url of [
        '/api/sandbox/outbox?recipient=2348077770000',
        link,
        `/api/sandbox/outbox/attachments/${randomUUID()}`,
      ]) {
        expect((await t.app.inject({ method: 'GET', url })).statusCode).not.toBe(404);
        expect((await production.inject({ method: 'GET', url })).statusCode).toBe(404);
      }
      const runNow = await production.inject({
        method: 'POST',
        url: '/api/sandbox/jobs/run-now',
        payload: { kind: 'nip.status-query' },
      });
      expect(runNow.statusCode).toBe(404);
    } finally {
      await production.close();
      await t.close();
    }
  });
});

describe('app attestation', () => {
  let relaxed: TestApp;
  let strict: TestApp;
  beforeAll(async () => {
    relaxed = await createTestApp({ APP_CHECK_ENFORCE: 'false' });
    strict = await createTestApp({ APP_CHECK_ENFORCE: 'true' });
    for (const t of [relaxed, strict])
      t.app.get('/api/protected-by-app-check', async () => ({ ok: true }));
  });
  afterAll(async () => {
    await relaxed.close();
    await strict.close();
  });

  it('issues short-lived tokens that pass the check when enforced', async () => {
    const issued = await strict.app.inject({ method: 'GET', url: '/api/app-check/token' });
    expect(issued.statusCode).toBe(200);
    const { token, expiresAt } = issued.json();
    expect(new Date(expiresAt).getTime()).toBeGreaterThan(Date.now());
    const res = await strict.app.inject({
      method: 'GET',
      url: '/api/protected-by-app-check',
      headers: { 'x-app-check': token },
    });
    expect(res.statusCode).toBe(200);
  });

  it("refuses a missing or invalid header with 401 'App attestation failed' when enforced", async () => {
    const missing = await strict.app.inject({ method: 'GET', url: '/api/protected-by-app-check' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ message: 'App attestation failed' });
    const invalid = await strict.app.inject({
      method: 'GET',
      url: '/api/protected-by-app-check',
      headers: { 'x-app-check': 'junk' },
    });
    expect(invalid.statusCode).toBe(401);
  });

  it('keeps health reachable without the header when enforced', async () => {
    expect((await strict.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('logs but lets the request through when not enforced', async () => {
    const res = await relaxed.app.inject({ method: 'GET', url: '/api/protected-by-app-check' });
    expect(res.statusCode).toBe(200);
    expect(relaxed.logs()).toContain('app attestation not verified (not enforced)');
  });
});
