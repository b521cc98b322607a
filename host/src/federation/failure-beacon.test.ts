import { BEACON_URL, reportRemoteFailure } from './failure-beacon';

async function sentJson(blob: Blob): Promise<unknown> {
  expect(blob.type).toBe('application/json');
  // jsdom's Blob has no text(): read it as a browser without it would.
  const text = await new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
  return JSON.parse(text);
}

describe('the failure beacon (browser side)', () => {
  it('sends the remote, version, phase and the start of the error as a JSON beacon', async () => {
    const sendBeacon = jest.fn((_url: string | URL, _data?: BodyInit | null) => true);
    const fetchImpl = jest.fn();
    reportRemoteFailure(
      {
        remote: 'payments',
        version: '2.0.0',
        phase: 'load',
        error: new Error(`  ${'é'.repeat(150)}${'x'.repeat(150)}`),
      },
      { sendBeacon },
      fetchImpl as unknown as typeof fetch,
    );
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, data] = sendBeacon.mock.calls[0] ?? [];
    expect(url).toBe(BEACON_URL);
    const body = (await sentJson(data as Blob)) as Record<string, string>;
    expect(body).toEqual({
      remote: 'payments',
      version: '2.0.0',
      phase: 'load',
      message: `${'é'.repeat(150)}${'x'.repeat(50)}`,
    });
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('leaves the message out when the error says nothing', async () => {
    const sendBeacon = jest.fn((_url: string | URL, _data?: BodyInit | null) => true);
    reportRemoteFailure({ remote: 'settings', version: '1.0.0', phase: 'mount' }, { sendBeacon });
    expect(await sentJson(sendBeacon.mock.calls[0]?.[1] as Blob)).toEqual({
      remote: 'settings',
      version: '1.0.0',
      phase: 'mount',
    });
  });

  it.each([
    ['refuses to queue it', { sendBeacon: () => false }],
    [
      'throws',
      {
        sendBeacon: () => {
          throw new TypeError('not allowed');
        },
      },
    ],
    ['has no beacons', {}],
  ])('falls back to a keepalive fetch when the browser %s, and never throws', (_what, nav) => {
    const fetchImpl = jest.fn(async () => Promise.reject(new Error('offline')));
    expect(() =>
      reportRemoteFailure(
        { remote: 'wallets', version: '3.0.0', phase: 'mount', error: 'mount threw' },
        nav as never,
        fetchImpl as unknown as typeof fetch,
      ),
    ).not.toThrow();
    expect(fetchImpl).toHaveBeenCalledWith(BEACON_URL, {
      method: 'POST',
      keepalive: true,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        remote: 'wallets',
        version: '3.0.0',
        phase: 'mount',
        message: 'mount threw',
      }),
    });
  });
});
