/** @jest-environment node */
import axios from 'axios';
import { createAppCheck } from './app-check';

describe('app-check token', () => {
  afterEach(() => jest.restoreAllMocks());

  it('fetches the token from /api/app-check/token and caches it until it expires', async () => {
    let now = Date.parse('2026-11-22T08:00:00Z');
    const get = jest
      .spyOn(axios, 'get')
      .mockResolvedValue({ data: { token: 'tok-1', expiresAt: now + 600_000 } });
    const appCheck = createAppCheck(
      async () => '/api',
      () => now,
    );
    await expect(appCheck.getToken()).resolves.toBe('tok-1');
    await expect(appCheck.getToken()).resolves.toBe('tok-1');
    expect(get).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenCalledWith('/app-check/token', { baseURL: '/api' });
    now += 600_000;
    get.mockResolvedValue({ data: { token: 'tok-2', expiresAt: now + 600_000 } });
    await expect(appCheck.getToken()).resolves.toBe('tok-2');
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('logs a failure and resolves null so the request goes on (SPEC §7)', async () => {
    jest.spyOn(axios, 'get').mockRejectedValue(new Error('offline'));
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const appCheck = createAppCheck(async () => '/api');
    await expect(appCheck.getToken()).resolves.toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('app-check'), expect.any(Error));
  });

  it("takes the token the page's HTML asked for, once, and asks itself when that failed", async () => {
    const now = Date.parse('2026-11-22T08:00:00Z');
    const get = jest
      .spyOn(axios, 'get')
      .mockResolvedValue({ data: { token: 'asked-by-the-client', expiresAt: now + 600_000 } });
    const early = jest
      .fn()
      .mockReturnValueOnce(
        Promise.resolve({
          token: 'asked-by-the-html',
          expiresAt: new Date(now + 600_000).toISOString(),
        }),
      );
    const appCheck = createAppCheck(
      async () => '/api',
      () => now,
      early,
    );
    await expect(appCheck.getToken()).resolves.toBe('asked-by-the-html');
    await expect(appCheck.getToken()).resolves.toBe('asked-by-the-html');
    expect(get).not.toHaveBeenCalled();

    const failed = createAppCheck(
      async () => '/api',
      () => now,
      () => Promise.resolve(null),
    );
    await expect(failed.getToken()).resolves.toBe('asked-by-the-client');
    expect(get).toHaveBeenCalledTimes(1);
  });
});
