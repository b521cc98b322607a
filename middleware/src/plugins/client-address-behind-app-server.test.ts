import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { logIn, signUp } from '../test-support/auth-test-kit.js';
import { httpTarget } from '../test-support/http-target.js';
import { startAppServerProcess, type ServerProcess } from '../test-support/server-process.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

/*
 * The per-IP attempt limits as `npm start` runs them: the app server proxies /api and forwards the
 * address it saw, the middleware trusts exactly that proxy (TRUST_PROXY=loopback). One client's
 * failed sign-ins then fill that client's bucket, not one that every customer behind the proxy
 * would share. Two clients are two loopback addresses (127.0.0.2 and 127.0.0.3) as the app server
 * sees them.
 */

let t: TestApp;
let edge: ServerProcess;
const deployDir = mkdtempSync(path.join(tmpdir(), 'ajo-edge-'));

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'loopback' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  edge = await startAppServerProcess({
    MIDDLEWARE_URL: `http://127.0.0.1:${port}`,
    DEPLOY_DIR: deployDir,
    ENCRYPTION_SECRET: t.config.encryptionSecret,
  });
}, 180_000);

afterAll(async () => {
  await edge?.stop();
  await t.close();
  rmSync(deployDir, { recursive: true, force: true });
});

const ipBuckets = async () =>
  Object.fromEntries(
    (
      await t.database.db
        .selectFrom('rate_limits')
        .select(['key', 'count'])
        .where('key', 'like', 'security-pin:ip|%')
        .execute()
    ).map((r) => [r.key.slice('security-pin:ip|'.length), r.count]),
  );

describe('sign-in limits behind the app server', () => {
  it("lets 85 wrong sign-ins from one client reach that client's limit, and not another customer's right PIN", async () => {
    const ada = '2348061000001';
    await signUp(t, ada);
    const attacker = httpTarget(edge.url, t.config.encryptionSecret, '127.0.0.2');
    const customer = httpTarget(edge.url, t.config.encryptionSecret, '127.0.0.3');

    // A new phone number each time, so no per-phone limit or lock is what refuses: only the
    // attacker's address, 80 sign-ins per window (4 × 4 × RATE_LIMIT_MAX 5).
    const statuses: number[] = [];
    for (let i = 0; i < 85; i++) {
      const phone = `23480620${String(i).padStart(5, '0')}`;
      statuses.push((await logIn(attacker, phone, '0000')).status);
    }
    expect(statuses).toEqual([...Array<number>(80).fill(401), ...Array<number>(5).fill(429)]);

    const signedIn = await logIn(customer, ada, '4821');
    expect(signedIn.status).toBe(200);
    expect(await ipBuckets()).toEqual({ '127.0.0.2': 85, '127.0.0.3': 1 });
  });
});

describe('one request id through both processes', () => {
  it("is made at the edge, on the app server's log lines and the middleware's, and answered", async () => {
    // No id from the caller: the app server makes one and the middleware must log under it.
    const res = await fetch(`${edge.url}/api/states`);
    expect(res.status).toBe(200);
    const id = res.headers.get('x-request-id') ?? '';
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const linesWith = (log: string) =>
      log
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { reqId?: string })
        .filter((line) => line.reqId === id);
    // The other process writes its lines through a pipe: wait for them, a bounded time.
    for (let waited = 0; linesWith(edge.output()).length < 2 && waited < 5_000; waited += 25) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    // Received and completed at least, in each process (README "Metrics and alerts").
    expect(linesWith(edge.output()).length).toBeGreaterThanOrEqual(2);
    expect(linesWith(t.logs()).length).toBeGreaterThanOrEqual(2);
  });
});
