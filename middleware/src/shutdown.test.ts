import { createTestApp, type TestApp } from './test-support/test-app.js';

describe('graceful shutdown', () => {
  let t: TestApp;
  afterAll(() => t.database.drop());

  it('finishes an in-flight request while close() is pending, then refuses new ones', async () => {
    t = await createTestApp();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const handlerStarted = new Promise<void>((resolve) => (started = resolve));
    t.app.get('/api/test/slow', async () => {
      started();
      await gate;
      return { finished: true };
    });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as { port: number };

    const inFlight = fetch(`http://127.0.0.1:${port}/api/test/slow`).then(async (r) => ({
      status: r.status,
      body: await r.json(),
    }));
    await handlerStarted;
    let closed = false;
    const closing = t.app.close().then(() => (closed = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(closed).toBe(false);

    release();
    await expect(inFlight).resolves.toEqual({ status: 200, body: { finished: true } });
    await closing;
    expect(closed).toBe(true);
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  });
});
