/** @jest-environment node */
import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { createApiClient } from './client';
import type { AppCheck } from './app-check';
import { decryptPayload, encryptPayload } from './crypto';

const SECRET = 'client-test-secret';
const config = { apiBaseUrl: '/api', encryptionSecret: SECRET, bankName: 'Test Bank' };

function setup(opts: { token?: string | null; userId?: string; appCheck?: string | null } = {}) {
  const storage = {
    getItem: (key: string) =>
      key === 'tk' ? (opts.token ?? null) : key === 'id' ? (opts.userId ?? null) : null,
  };
  const onSessionRefused = jest.fn();
  const appCheck: AppCheck = {
    getToken: jest.fn(async () =>
      opts.appCheck === undefined ? 'app-check-token' : opts.appCheck,
    ),
    reset: jest.fn(),
  };
  const client = createApiClient({
    loadConfig: async () => config,
    appCheck,
    storage,
    onSessionRefused,
  });
  const seen: InternalAxiosRequestConfig[] = [];
  let reply: (c: InternalAxiosRequestConfig) => {
    status: number;
    data: unknown;
    headers?: Record<string, string>;
  } = () => ({
    status: 200,
    data: { ok: true },
  });
  const adapter: AxiosAdapter = async (c) => {
    seen.push(c);
    const { status, data, headers = {} } = reply(c);
    const response = { status, data, statusText: String(status), headers, config: c };
    if (status >= 400) {
      throw Object.assign(new Error(`Request failed with status code ${status}`), {
        isAxiosError: true,
        response,
        config: c,
      });
    }
    return response;
  };
  client.axios.defaults.adapter = adapter;
  return {
    client,
    seen,
    appCheck,
    onSessionRefused,
    respond: (fn: typeof reply) => (reply = fn),
  };
}

describe('api client', () => {
  const REFUSED = {
    status: 401,
    data: { message: 'Unauthorized' },
    headers: { 'www-authenticate': 'Bearer error="invalid_token"' },
  };

  it('ends the signed-in session when the server refuses its bearer (the RFC 6750 challenge)', async () => {
    const { client, respond, onSessionRefused } = setup({ token: 'dead', userId: '7' });
    respond(() => REFUSED);
    await expect(client.get('/users/7')).rejects.toMatchObject({ status: 401 });
    expect(onSessionRefused).toHaveBeenCalledTimes(1);
  });

  it('keeps the session on a 401 without the challenge: a wrong sign-in PIN, OTP or transaction PIN', async () => {
    const { client, respond, onSessionRefused } = setup({ token: 'live', userId: '7' });
    respond(() => ({
      status: 401,
      data: { message: 'Invalid OTP! Please, check and try again.' },
    }));
    await expect(
      client.encrypted.post('/transfers/wallet-to-wallet/transfer-funds', { otp: '000000' }),
    ).rejects.toMatchObject({ status: 401, message: 'Invalid OTP! Please, check and try again.' });
    respond(() => ({
      status: 401,
      data: { message: 'Unauthorized' },
      headers: { 'www-authenticate': 'Bearer' },
    }));
    await expect(client.encrypted.post('/login', { phone_number: 'x' })).rejects.toMatchObject({
      status: 401,
    });
    expect(onSessionRefused).not.toHaveBeenCalled();
  });

  it('leaves a sign-up token (no user id) to its own screen on a 401', async () => {
    const { client, respond, onSessionRefused } = setup({ token: 'signup' });
    respond(() => REFUSED);
    await expect(client.get('/users/7')).rejects.toMatchObject({ status: 401 });
    expect(onSessionRefused).not.toHaveBeenCalled();
  });

  it('calls under the /api base URL with the app-check and bearer headers', async () => {
    const { client, seen } = setup({ token: 'jwt-123' });
    const res = await client.get('/users/7');
    expect(res).toEqual({ status: 200, data: { ok: true } });
    expect(seen[0]?.baseURL).toBe('/api');
    expect(seen[0]?.url).toBe('/users/7');
    expect(seen[0]?.headers.get('X-App-Check')).toBe('app-check-token');
    expect(seen[0]?.headers.get('Authorization')).toBe('Bearer jwt-123');
  });

  it('reports upload progress and sends a raw body with its own content type', async () => {
    const { client, seen } = setup({ token: 'jwt-123' });
    const progress = jest.fn();
    const body = new Uint8Array([0xff, 0xd8, 0xff]);
    await client.post('/storage/upload', body, {
      params: { path: 'images/a.jpg' },
      headers: { 'Content-Type': 'image/jpeg' },
      onUploadProgress: progress,
    });
    // The adapter stands in for XHR: it fires the progress callback axios was given.
    seen[0]?.onUploadProgress?.({ loaded: 2, total: 4, bytes: 2, lengthComputable: true });
    expect(progress).toHaveBeenCalledWith({ loaded: 2, total: 4 });
    expect(seen[0]?.headers.get('Content-Type')).toBe('image/jpeg');
    // Not JSON-encoded: axios hands the bytes on (a typed array as its buffer).
    expect(seen[0]?.data).toBe(body.buffer);
  });

  it('sends no bearer header when no token is stored', async () => {
    const { client, seen } = setup({ token: null });
    await client.get('/banks');
    expect(seen[0]?.headers.has('Authorization')).toBe(false);
  });

  it('goes on without the app-check header when no token could be had', async () => {
    const { client, seen } = setup({ appCheck: null });
    await client.get('/banks');
    expect(seen).toHaveLength(1);
    expect(seen[0]?.headers.has('X-App-Check')).toBe(false);
  });

  it('sends an encrypted body and decrypts the encrypted answer', async () => {
    const { client, seen, respond } = setup();
    respond(() => ({
      status: 200,
      data: { encrypted: encryptPayload({ token: 't', user: { id: 1 } }, SECRET) },
    }));
    const res = await client.encrypted.post('/login', { phone_number: '2348012345678' });
    const sent = JSON.parse(String(seen[0]?.data)) as { encrypted: string };
    expect(Object.keys(sent)).toEqual(['encrypted']);
    expect(decryptPayload(sent.encrypted, SECRET)).toEqual({ phone_number: '2348012345678' });
    expect(res.data).toEqual({ token: 't', user: { id: 1 } });
  });

  it('returns a decrypted answer that is not JSON as text', async () => {
    const { client, respond } = setup();
    // encryptPayload JSON-encodes, so the non-JSON plaintext is made with crypto-js directly.
    const AES = (await import('crypto-js/aes')).default;
    respond(() => ({
      status: 200,
      data: { encrypted: AES.encrypt('OTP sent', SECRET).toString() },
    }));
    await expect(client.encrypted.get('/auth/get-otp')).resolves.toEqual({
      status: 200,
      data: 'OTP sent',
    });
  });

  it('keeps the 202 status so callers can run the step-up flow', async () => {
    const { client, respond } = setup();
    respond(() => ({
      status: 202,
      data: { notificationChannel: 'phone', recipient: '0801****5678' },
    }));
    const res = await client.encrypted.post('/transfers/wallet-to-other-wallet/transfer-funds', {});
    expect(res.status).toBe(202);
  });

  it('rejects with { status, message } carrying the server message', async () => {
    const { client, respond } = setup();
    respond(() => ({ status: 401, data: { message: 'Invalid otp' } }));
    await expect(client.post('/auth', {})).rejects.toEqual(
      expect.objectContaining({
        status: 401,
        message: 'Invalid otp',
        serverMessage: 'Invalid otp',
      }),
    );
  });

  it('reads the server message from a real AxiosError, which carries its own status (axios >= 1.7)', async () => {
    const { client } = setup();
    client.axios.defaults.adapter = async (c) => {
      const data = {
        encrypted: encryptPayload({ message: 'Invalid phone number or security PIN.' }, SECRET),
      };
      const response = { status: 401, data, statusText: '401', headers: {}, config: c };
      throw new AxiosError(
        'Request failed with status code 401',
        'ERR_BAD_REQUEST',
        c,
        null,
        response,
      );
    };
    await expect(client.encrypted.post('/login', {})).rejects.toEqual(
      expect.objectContaining({
        status: 401,
        serverMessage: 'Invalid phone number or security PIN.',
      }),
    );
  });

  it('leaves serverMessage empty when the server sent no message, so callers use the SPEC fallback', async () => {
    const { client, respond } = setup();
    respond(() => ({ status: 500, data: '' }));
    const error = await client.get('/banks').catch((e: unknown) => e);
    expect(error).toEqual(expect.objectContaining({ status: 500, serverMessage: undefined }));
    expect((error as { message: string }).message).toMatch(/500/);
  });

  it('reads the message of an encrypted error body', async () => {
    const { client, respond } = setup();
    respond(() => ({
      status: 409,
      data: { encrypted: encryptPayload({ message: 'Already exists' }, SECRET) },
    }));
    await expect(client.encrypted.post('/beneficiaries', {})).rejects.toEqual(
      expect.objectContaining({ status: 409, message: 'Already exists' }),
    );
  });
});
