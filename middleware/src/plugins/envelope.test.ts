import { execFileSync } from 'node:child_process';
import CryptoJS from 'crypto-js';
import { decryptText, encryptText } from '../security/envelope-cipher.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

const SECRET = 'test-envelope-secret';

function opensslEncrypt(text: string): string {
  return execFileSync('openssl', ['enc', '-aes-256-cbc', '-md', 'md5', '-a', '-A', '-k', SECRET], {
    input: text,
    stdio: ['pipe', 'pipe', 'ignore'],
  })
    .toString()
    .trim();
}
function opensslDecrypt(cipherText: string): string {
  return execFileSync(
    'openssl',
    ['enc', '-d', '-aes-256-cbc', '-md', 'md5', '-a', '-A', '-k', SECRET],
    {
      input: cipherText,
      stdio: ['pipe', 'pipe', 'ignore'],
    },
  ).toString();
}

describe('envelope cipher interop', () => {
  it('reads what the openssl command line writes', () => {
    expect(decryptText(opensslEncrypt('{"phone_number":"2348012345678"}'), SECRET)).toBe(
      '{"phone_number":"2348012345678"}',
    );
  });

  it('writes what the openssl command line reads', () => {
    expect(opensslDecrypt(encryptText('Naira ₦ and “quotes”', SECRET))).toBe(
      'Naira ₦ and “quotes”',
    );
  });

  it('reads and writes what crypto-js (the web client) does', () => {
    const fromClient = CryptoJS.AES.encrypt('{"otp":"123456"}', SECRET).toString();
    expect(decryptText(fromClient, SECRET)).toBe('{"otp":"123456"}');
    expect(
      CryptoJS.AES.decrypt(encryptText('hello', SECRET), SECRET).toString(CryptoJS.enc.Utf8),
    ).toBe('hello');
  });

  it('refuses a ciphertext made with another secret', () => {
    expect(() => decryptText(encryptText('{"a":1}', 'another-secret'), SECRET)).toThrow(
      'does not decrypt with this secret',
    );
  });

  it('says why a text is not an envelope, before any decryption', () => {
    const good = encryptText('{"a":1}', SECRET);
    for (const text of [`!${good}`, `${good}!`, '', 'a b']) {
      expect(() => decryptText(text, SECRET)).toThrow('not base64');
    }
    const raw = Buffer.from(good, 'base64');
    const salted = 'not an OpenSSL salted ciphertext';
    // Too short (magic and salt, no block), not whole blocks, and without the 'Salted__' magic.
    expect(() => decryptText(raw.subarray(0, 16).toString('base64'), SECRET)).toThrow(salted);
    expect(() => decryptText(raw.subarray(0, raw.length - 1).toString('base64'), SECRET)).toThrow(
      salted,
    );
    const unsalted = Buffer.concat([Buffer.from('Unsalted'), raw.subarray(8)]);
    expect(() => decryptText(unsalted.toString('base64'), SECRET)).toThrow(salted);
    expect(decryptText(good, SECRET)).toBe('{"a":1}');
  });
});

describe('encrypted routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ENCRYPTION_SECRET: SECRET });
    t.app.post('/api/test/echo', { config: { encrypted: true } }, async (request) => ({
      received: request.body,
    }));
    t.app.post('/api/test/text', { config: { encrypted: true } }, async () => 'plain words');
    t.app.post('/api/test/bytes', { config: { encrypted: true } }, async (_request, reply) =>
      reply.type('application/octet-stream').send(Buffer.from('raw bytes')),
    );
    t.app.post('/api/test/empty', { config: { encrypted: true } }, async (_request, reply) =>
      reply.code(204).send(),
    );
    t.app.post('/api/test/fails', { config: { encrypted: true } }, async () => {
      throw Object.assign(new Error('x'), { statusCode: 500 });
    });
    await t.app.ready();
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url, payload: payload as object });
  const open = (body: string) => decryptText(JSON.parse(body).encrypted, SECRET);

  it('decrypts the request and encrypts the reply', async () => {
    const res = await post('/api/test/echo', {
      encrypted: encryptText('{"phone_number":"2348012345678"}', SECRET),
    });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['encrypted']);
    expect(JSON.parse(open(res.body))).toEqual({ received: { phone_number: '2348012345678' } });
  });

  it('round-trips with the openssl command line', async () => {
    const res = await post('/api/test/echo', { encrypted: opensslEncrypt('{"otp":"654321"}') });
    expect(JSON.parse(opensslDecrypt(res.json().encrypted))).toEqual({
      received: { otp: '654321' },
    });
  });

  it('passes a decrypted text that is not JSON on as plain text, and encrypts string replies as is', async () => {
    const echoed = await post('/api/test/echo', { encrypted: encryptText('just text', SECRET) });
    expect(JSON.parse(open(echoed.body))).toEqual({ received: 'just text' });
    const text = await post('/api/test/text', { encrypted: encryptText('{}', SECRET) });
    expect(open(text.body)).toBe('plain words');
  });

  it.each([
    ['a plain JSON body', { phone_number: '2348012345678' }],
    ['an envelope with extra fields', { encrypted: encryptText('{}', SECRET), extra: 1 }],
    [
      'a ciphertext that does not decrypt',
      { encrypted: 'U2FsdGVkX1+AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=' },
    ],
    ['a ciphertext for another secret', { encrypted: encryptText('{}', 'wrong-secret') }],
    ['a non-string envelope', { encrypted: 42 }],
  ])('answers %s with 400 Invalid request payload, encrypted', async (_name, payload) => {
    const res = await post('/api/test/echo', payload);
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(open(res.body))).toEqual({ message: 'Invalid request payload' });
  });

  it.each([
    ['null', 'null'],
    ['an array', JSON.stringify([{ encrypted: 'x' }])],
    ['a bare string', JSON.stringify('U2FsdGVkX1')],
  ])('answers a body that is %s with 400 Invalid request payload, not a 500', async (_, body) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(open(res.body))).toEqual({ message: 'Invalid request payload' });
  });

  it('hands an empty decrypted text to the route as an empty object', async () => {
    const res = await post('/api/test/echo', { encrypted: encryptText('', SECRET) });
    expect(JSON.parse(open(res.body))).toEqual({ received: {} });
  });

  it('labels every encrypted reply as JSON, bytes included, and leaves an empty reply empty', async () => {
    const text = await post('/api/test/text', { encrypted: encryptText('{}', SECRET) });
    expect(text.headers['content-type']).toBe('application/json; charset=utf-8');
    const bytes = await post('/api/test/bytes', { encrypted: encryptText('{}', SECRET) });
    expect(bytes.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(open(bytes.body)).toBe('raw bytes');
    const empty = await post('/api/test/empty', { encrypted: encryptText('{}', SECRET) });
    expect(empty.statusCode).toBe(204);
    expect(empty.body).toBe('');
  });

  it('answers a body that is not JSON at all with 400 Invalid request payload', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: 'not json',
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(open(res.body))).toEqual({ message: 'Invalid request payload' });
  });

  it('encrypts error replies too', async () => {
    const res = await post('/api/test/fails', { encrypted: encryptText('{}', SECRET) });
    expect(res.statusCode).toBe(500);
    expect(JSON.parse(open(res.body))).toEqual({
      message: 'Something went wrong. Please try again.',
    });
  });

  it('leaves routes without the encrypted option alone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json()).toEqual({ status: 'ok' });
  });
});
