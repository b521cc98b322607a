/** @jest-environment node */
// The cipher (crypto-js) loads with the first encrypted call or enveloped answer, never for a plain
// read: only encrypted calls carry the envelope, so a page that only reads never downloads it
// (client.ts).
import type { AxiosAdapter } from 'axios';
import type * as Crypto from './crypto';

let mockCipherLoads = 0;
jest.mock('./crypto', () => {
  mockCipherLoads += 1;
  return jest.requireActual<typeof Crypto>('./crypto');
});

const SECRET = 'cipher-test-secret';
// Past the mock, so making the test's own envelope is not counted as the client loading the cipher.
const { encryptPayload } = jest.requireActual<typeof Crypto>('./crypto');

async function clientAnswering(data: unknown) {
  // Imported per test, after the module registry is reset: a client that took the cipher in with
  // itself is counted too.
  const { createApiClient } = await import('./client');
  const client = createApiClient({
    loadConfig: async () => ({
      apiBaseUrl: '/api',
      encryptionSecret: SECRET,
      bankName: 'Test Bank',
    }),
    appCheck: { getToken: async () => 'app-check-token', reset: () => undefined },
    storage: { getItem: () => null },
  });
  const sent: unknown[] = [];
  const adapter: AxiosAdapter = async (config) => {
    sent.push(config.data);
    return { status: 200, statusText: 'OK', data, headers: {}, config };
  };
  client.axios.defaults.adapter = adapter;
  return { client, sent };
}

beforeEach(() => {
  mockCipherLoads = 0;
  jest.resetModules();
});

it('reads without the cipher: plain calls, and an encrypted call without a body', async () => {
  const { client } = await clientAnswering({ user: { id: 7 } });
  await expect(client.get('/users/7')).resolves.toEqual({ status: 200, data: { user: { id: 7 } } });
  await client.delete('/beneficiaries/1');
  await client.post('/logout', { token: 't' });
  await client.encrypted.get('/plain-answer');
  expect(mockCipherLoads).toBe(0);
});

it('loads the cipher for an encrypted body, once, and sends the envelope', async () => {
  const { client, sent } = await clientAnswering({ ok: true });
  await client.encrypted.post('/auth', { phone_number: '2348012345678' });
  await client.encrypted.put('/users/7', { nin: '12345678901' });
  expect(mockCipherLoads).toBe(1);
  expect(JSON.parse(String(sent[0]))).toEqual({ encrypted: expect.any(String) });
});

it('loads the cipher to open an enveloped answer to a plain call', async () => {
  const { client } = await clientAnswering({ encrypted: encryptPayload({ token: 't' }, SECRET) });
  await expect(client.get('/odd')).resolves.toEqual({ status: 200, data: { token: 't' } });
  expect(mockCipherLoads).toBe(1);
});
