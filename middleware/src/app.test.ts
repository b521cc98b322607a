import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { z } from 'zod/mini';
import { COMPRESS_THRESHOLD_BYTES } from './app.js';
import { AppError } from './errors.js';
import { decryptText, encryptText } from './security/envelope-cipher.js';
import { createTestApp, type TestApp } from './test-support/test-app.js';

describe('the API foundation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, {});
  });
  afterAll(() => t.close());

  it('answers /api/health with status ok', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers /api/ready when the database is reachable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ready', database: t.database.kind });
  });

  it('answers unknown routes with 404 Not found', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found' });
  });

  it('echoes an incoming X-Request-Id and makes one up otherwise', async () => {
    await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'trace-abc-123' },
    });
    expect(t.logs()).toContain('"reqId":"trace-abc-123"');
    await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(t.logs()).toMatch(/"reqId":"[0-9a-f-]{36}"/);
  });
});

describe('the error handler', () => {
  let t: TestApp;
  const body = z.strictObject({
    phone_number: z.string().check(z.regex(/^234\d{10}$/, 'Enter a valid phone number')),
    amount: z.number(),
  });
  beforeAll(async () => {
    t = await createTestApp();
    t.app.post('/api/test/validated', { schema: { body } }, async (request) => request.body);
    t.app.get('/api/test/conflict', async () => {
      throw new AppError(409, 'Beneficiary already exists');
    });
    t.app.get('/api/test/crash', async () => {
      throw new Error('connection string postgres://secret@db leaked');
    });
    await t.app.ready();
  });
  afterAll(() => t.close());

  it('answers bad input with 400 and the schema message for the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/validated',
      payload: { phone_number: '0801', amount: 5 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Enter a valid phone number' });
  });

  it('names a missing field in a human sentence', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/validated',
      payload: { phone_number: '2348012345678' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'amount is required' });
  });

  it('refuses fields the schema does not allow', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/validated',
      payload: { phone_number: '2348012345678', amount: 1, is_verified: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Unknown field: is_verified' });
  });

  it('passes parsed input to the handler', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/validated',
      payload: { phone_number: '2348012345678', amount: 1 },
    });
    expect(res.json()).toEqual({ phone_number: '2348012345678', amount: 1 });
  });

  it('answers a body that is not JSON with 400, not 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/validated',
      headers: { 'content-type': 'application/json' },
      payload: '{"phone_number": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Request body is not valid JSON' });
  });

  it('refuses a body past the size limit with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/validated',
      payload: { phone_number: 'x'.repeat(1_100_000), amount: 1 },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'Request body is too large' });
  });

  it("answers what the router refuses (a path parameter too long, a path that is not UTF-8) in the {message} contract, not Fastify's body", async () => {
    const long = await t.app.inject({ method: 'GET', url: `/api/users/${'a'.repeat(6000)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ message: 'Request address is too long' });
    for (const param of ['%ED%A0%80', '%E0%A4%A']) {
      const bad = await t.app.inject({ method: 'POST', url: `/api/users/${param}/update-bvn` });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ message: 'Request address is not valid' });
    }
  });

  it('gives a domain error its own status and message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Beneficiary already exists' });
  });

  it('hides the details of an unexpected error and logs them', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Something went wrong. Please try again.' });
    expect(res.body).not.toContain('postgres://');
    expect(t.logs()).toContain('connection string postgres://secret@db leaked');
  });
});

describe('compression of answers', () => {
  let t: TestApp;
  const rows = Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Beneficiary ${i}` }));
  beforeAll(async () => {
    t = await createTestApp();
    t.app.post('/api/test/encrypted-list', { config: { encrypted: true } }, async () => ({ rows }));
    await t.app.ready();
  });
  afterAll(() => t.close());

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  it('sends a JSON answer above the threshold as brotli or gzip, as asked, and identity otherwise', async () => {
    // Kano's 44 local governments: the longest list of the signup form.
    const url = '/api/local-government?stateId=20';
    const plain = await get(url);
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get(url, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gz = await get(url, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves a small answer alone', async () => {
    const res = await get('/api/health', 'br, gzip');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('compresses the envelope after it is encrypted, so the client decrypts what it unzips', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/encrypted-list',
      headers: { 'accept-encoding': 'br' },
      payload: { encrypted: encryptText('{}', t.config.encryptionSecret) },
    });
    expect(res.headers['content-encoding']).toBe('br');
    const outer = JSON.parse(brotliDecompressSync(res.rawPayload).toString());
    expect(JSON.parse(decryptText(outer.encrypted, t.config.encryptionSecret))).toEqual({ rows });
    expect(res.rawPayload.length).toBeLessThan(JSON.stringify(outer).length);
  });
});
