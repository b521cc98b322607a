import { createTestApp, type TestApp } from '../../test-support/test-app.js';

describe('sandbox routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

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

  it('serves a stored file at its download URL with its content type', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const { url } = await t.app.providers.fileStorage.put('images/face-1.png', png, 'image/png');
    expect(url).toBe('/api/sandbox/files/images/face-1.png');
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(png)).toBe(true);
  });

  it('serves an active content type as a download, never inline', async () => {
    const { url } = await t.app.providers.fileStorage.put(
      'images/x.html',
      Buffer.from('<script>1</script>'),
      'text/html',
    );
    const res = await t.app.inject({ method: 'GET', url });
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
      (await t.app.inject({ method: 'GET', url: '/api/sandbox/files/images/nope.png' })).statusCode,
    ).toBe(404);
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
