/**
 * @jest-environment node
 */
// public/sw.js itself (the file the build copies to dist/sw.js), run in a worker-like global with an
// in-memory Cache Storage and a scripted network: which answers come from the device and which from
// the network (docs/decisions/036-a-service-worker-of-our-own.md).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';

const ORIGIN = 'https://app.example';
const source = readFileSync(path.join(__dirname, '..', 'public', 'sw.js'), 'utf8');

type FakeRequest = { url: string; method: string; mode: string };
type Handler = (event: unknown) => void;

const keyOf = (request: FakeRequest | string) =>
  new URL(typeof request === 'string' ? request : request.url, ORIGIN).href;

class FakeCache {
  entries: [string, Response][] = [];
  async match(request: FakeRequest | string) {
    return this.entries.find(([url]) => url === keyOf(request))?.[1].clone();
  }
  async put(request: FakeRequest | string, response: Response) {
    await this.delete(request);
    this.entries.push([keyOf(request), response]);
  }
  async delete(request: FakeRequest | string) {
    const before = this.entries.length;
    this.entries = this.entries.filter(([url]) => url !== keyOf(request));
    return this.entries.length < before;
  }
  async keys() {
    return this.entries.map(([url]) => ({ url, method: 'GET', mode: 'cors' }));
  }
}

class FakeCacheStorage {
  stores = new Map<string, FakeCache>();
  async open(name: string) {
    if (!this.stores.has(name)) this.stores.set(name, new FakeCache());
    return this.stores.get(name)!;
  }
  async keys() {
    return [...this.stores.keys()];
  }
  async delete(name: string) {
    return this.stores.delete(name);
  }
}

/** An answer as a same-origin fetch gives it (type 'basic'). */
function answer(body: string | null, status = 200, headers: Record<string, string> = {}) {
  const response = new Response(status === 304 ? null : body, { status, headers });
  Object.defineProperty(response, 'type', { value: 'basic' });
  return response;
}

function loadWorker() {
  const handlers = new Map<string, Handler>();
  const caches = new FakeCacheStorage();
  const network = jest.fn<Promise<Response>, [FakeRequest | string, RequestInit?]>();
  const claim = jest.fn(async () => undefined);
  const skipWaiting = jest.fn();
  /** The one page open: what the worker tells it. */
  const told = jest.fn();
  const self = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, handler: Handler) => handlers.set(type, handler),
    skipWaiting,
    clients: { claim, matchAll: async () => [{ postMessage: told }] },
  };
  vm.runInNewContext(source, {
    self,
    caches,
    fetch: network,
    URL,
    Request,
    Response,
    Set,
    Promise,
    Math,
  });

  /** Dispatches a fetch event: the worker's answer, or null when it let the browser fetch. */
  async function request(
    pathname: string,
    { method = 'GET', mode = 'cors', origin = ORIGIN } = {},
  ): Promise<Response | null> {
    let answered: Promise<Response> | null = null;
    handlers.get('fetch')!({
      request: { url: `${origin}${pathname}`, method, mode },
      respondWith: (promise: Promise<Response>) => (answered = promise),
    });
    return answered;
  }
  async function activate() {
    let done: Promise<unknown> = Promise.resolve();
    handlers.get('activate')!({ waitUntil: (promise: Promise<unknown>) => (done = promise) });
    await done;
  }
  async function message(data: unknown) {
    let done: Promise<unknown> = Promise.resolve();
    handlers.get('message')!({ data, waitUntil: (promise: Promise<unknown>) => (done = promise) });
    await done;
  }
  const offline = () => network.mockRejectedValue(new TypeError('Failed to fetch'));
  return {
    handlers,
    caches,
    network,
    claim,
    skipWaiting,
    told,
    request,
    activate,
    message,
    offline,
  };
}

const urlOf = (call: [FakeRequest | string, RequestInit?]) => keyOf(call[0]);

describe('the service worker', () => {
  it('keeps a hashed file of any build on first use and then never asks the network for it', async () => {
    const sw = loadWorker();
    sw.network.mockResolvedValueOnce(
      answer('chunk-v2', 200, { 'Content-Type': 'text/javascript' }),
    );
    const first = await sw.request('/remotes/payments/2.0.0/app.1a2b3c4d.js');
    expect(await first!.text()).toBe('chunk-v2');
    sw.offline();
    const again = await sw.request('/remotes/payments/2.0.0/app.1a2b3c4d.js');
    expect(await again!.text()).toBe('chunk-v2');
    expect(sw.network).toHaveBeenCalledTimes(1);
    // The shell's own hashed styles likewise.
    sw.network.mockResolvedValueOnce(answer('.a{}'));
    await sw.request('/assets/140.ac776e31.css');
    await sw.request('/assets/140.ac776e31.css');
    expect(sw.network.mock.calls.map(urlOf)).toEqual([
      `${ORIGIN}/remotes/payments/2.0.0/app.1a2b3c4d.js`,
      `${ORIGIN}/assets/140.ac776e31.css`,
    ]);
  });

  it('never keeps a failed or partial answer for a hashed file', async () => {
    const sw = loadWorker();
    sw.network.mockResolvedValueOnce(answer('missing', 404));
    expect((await sw.request('/assets/1.deadbeef.js'))!.status).toBe(404);
    sw.network.mockResolvedValueOnce(answer('part', 206));
    await sw.request('/assets/1.deadbeef.js');
    sw.network.mockResolvedValueOnce(answer('whole'));
    expect(await (await sw.request('/assets/1.deadbeef.js'))!.text()).toBe('whole');
    expect(sw.network).toHaveBeenCalledTimes(3);
  });

  it('asks the network first for pages, the registry and the config, and uses the last copy only offline', async () => {
    const sw = loadWorker();
    const documents: [string, string][] = [
      ['/dashboard', 'navigate'],
      ['/registry.json', 'cors'],
      ['/app-config.json', 'cors'],
    ];
    for (const [pathname, mode] of documents) {
      sw.network.mockResolvedValueOnce(answer(`${pathname} before`));
      expect(await (await sw.request(pathname, { mode }))!.text()).toBe(`${pathname} before`);
      // An operator's switch: the next load gets the new document, not the kept one.
      sw.network.mockResolvedValueOnce(answer(`${pathname} after`));
      expect(await (await sw.request(pathname, { mode }))!.text()).toBe(`${pathname} after`);
      sw.offline();
      expect(await (await sw.request(pathname, { mode }))!.text()).toBe(`${pathname} after`);
      sw.network.mockReset();
    }
  });

  it('keeps a page with its headers, so its CSP nonce still matches its scripts offline', async () => {
    const sw = loadWorker();
    const csp = "script-src 'nonce-abc' 'strict-dynamic'";
    sw.network.mockResolvedValueOnce(
      answer('<script nonce="abc"></script>', 200, { 'Content-Security-Policy': csp }),
    );
    await sw.request('/dashboard?tab=1', { mode: 'navigate' });
    sw.offline();
    const kept = await sw.request('/dashboard', { mode: 'navigate' });
    expect(kept!.headers.get('Content-Security-Policy')).toBe(csp);
  });

  it('opens a route never seen offline with the last page that carries no picture of another screen', async () => {
    const sw = loadWorker();
    sw.network.mockResolvedValueOnce(answer('<div id="root"></div> dashboard'));
    await sw.request('/dashboard', { mode: 'navigate' });
    sw.network.mockResolvedValueOnce(
      answer('<div id="root" hidden></div><div id="ajo-first-paint" inert>landing</div>'),
    );
    await sw.request('/', { mode: 'navigate' });
    sw.offline();
    expect(await (await sw.request('/wallets', { mode: 'navigate' }))!.text()).toContain(
      'dashboard',
    );
    // Its own route keeps its own copy, picture included.
    expect(await (await sw.request('/', { mode: 'navigate' }))!.text()).toContain('landing');
  });

  it('fails like the network when nothing was kept', async () => {
    const sw = loadWorker();
    sw.offline();
    await expect(sw.request('/registry.json')).rejects.toThrow('Failed to fetch');
    await expect(sw.request('/login', { mode: 'navigate' })).rejects.toThrow('Failed to fetch');
    await expect(sw.request('/assets/main.js')).rejects.toThrow('Failed to fetch');
    await expect(sw.request('/assets/1.deadbeef.js')).rejects.toThrow('Failed to fetch');
    // Each time the page is told the link is down (it then says so and checks it).
    expect(sw.told.mock.calls).toEqual(Array(4).fill([{ linkFailed: true }]));
  });

  it('tells the page when it answers from a copy because the network failed, and only then', async () => {
    const sw = loadWorker();
    sw.network.mockResolvedValueOnce(answer('page'));
    await sw.request('/dashboard', { mode: 'navigate' });
    sw.network.mockResolvedValueOnce(answer('busy', 503));
    await sw.request('/dashboard', { mode: 'navigate' });
    expect(sw.told).not.toHaveBeenCalled();
    sw.offline();
    expect(await (await sw.request('/dashboard', { mode: 'navigate' }))!.text()).toBe('page');
    expect(sw.told).toHaveBeenCalledWith({ linkFailed: true });
  });

  it('asks for an unhashed file with its ETag: a 304 costs no body, a new build replaces the copy', async () => {
    const sw = loadWorker();
    sw.network.mockResolvedValueOnce(answer('main v1', 200, { ETag: '"v1"' }));
    expect(await (await sw.request('/assets/main.js'))!.text()).toBe('main v1');
    expect(sw.network.mock.calls[0]?.[1]?.headers).toEqual({});

    sw.network.mockResolvedValueOnce(answer(null, 304, { ETag: '"v1"' }));
    expect(await (await sw.request('/assets/main.js'))!.text()).toBe('main v1');
    expect(sw.network.mock.calls[1]?.[1]).toMatchObject({
      headers: { 'If-None-Match': '"v1"', 'Cache-Control': 'max-age=0' },
      cache: 'no-store',
    });

    // A shell update: taken on this load, and its validator used from then on.
    sw.network.mockResolvedValueOnce(answer('main v2', 200, { ETag: '"v2"' }));
    expect(await (await sw.request('/assets/main.js'))!.text()).toBe('main v2');
    sw.network.mockResolvedValueOnce(answer(null, 304));
    expect(await (await sw.request('/assets/main.js'))!.text()).toBe('main v2');
    expect(sw.network.mock.calls[3]?.[1]?.headers).toEqual({
      'If-None-Match': '"v2"',
      'Cache-Control': 'max-age=0',
    });

    sw.offline();
    expect(await (await sw.request('/assets/main.js'))!.text()).toBe('main v2');
  });

  it('never touches the API, operator or beacon endpoints, other methods or other origins', async () => {
    const sw = loadWorker();
    expect(await sw.request('/api/users/1')).toBeNull();
    expect(await sw.request('/api/money/attempts/k')).toBeNull();
    expect(await sw.request('/api', { mode: 'navigate' })).toBeNull();
    expect(await sw.request('/_operator/registry')).toBeNull();
    expect(await sw.request('/_beacon/remote-failure', { method: 'POST' })).toBeNull();
    expect(await sw.request('/registry.json', { method: 'POST' })).toBeNull();
    expect(await sw.request('/assets/1.deadbeef.js', { origin: 'https://cdn.example' })).toBeNull();
    expect(await sw.request('/sw.js')).toBeNull();
    expect(sw.network).not.toHaveBeenCalled();
    expect(sw.caches.stores.size).toBe(0);
  });

  it('takes over at once and drops the caches of an older worker, and only ours', async () => {
    const sw = loadWorker();
    sw.handlers.get('install')!({});
    expect(sw.skipWaiting).toHaveBeenCalled();
    await sw.caches.open('ajo-code-v0');
    await sw.caches.open('someone-else');
    sw.network.mockResolvedValueOnce(answer('x'));
    await sw.request('/assets/1.deadbeef.js');
    await sw.activate();
    expect(sw.claim).toHaveBeenCalled();
    expect(await sw.caches.keys()).toEqual(['someone-else', 'ajo-code-v1']);
  });

  it('keeps at most 400 hashed files, dropping the oldest', async () => {
    const sw = loadWorker();
    sw.network.mockImplementation(async () => answer('x'));
    const names = Array.from(
      { length: 402 },
      (_, i) => `/assets/${i}.${i.toString(16).padStart(8, '0')}.js`,
    );
    for (const name of names) await sw.request(name);
    const kept = (await (await sw.caches.open('ajo-code-v1')).keys()).map((k) => k.url);
    expect(kept).toHaveLength(400);
    expect(kept[0]).toBe(`${ORIGIN}${names[2]}`);
    expect(kept).toContain(`${ORIGIN}${names[401]}`);
  });

  it('keeps the code the page loaded before the worker ran, and nothing else', async () => {
    const sw = loadWorker();
    sw.network.mockImplementation(async () => answer('code', 200, { ETag: '"e"' }));
    await sw.message({
      keep: [
        `${ORIGIN}/assets/main.js`,
        `${ORIGIN}/remotes/wallets/1.0.0/app.0badf00d.js`,
        `${ORIGIN}/api/users/7`,
        `${ORIGIN}/registry.json`,
        'https://cdn.example/x.0badf00d.js',
        42,
      ],
    });
    expect(sw.network.mock.calls.map(urlOf)).toEqual([
      `${ORIGIN}/assets/main.js`,
      `${ORIGIN}/remotes/wallets/1.0.0/app.0badf00d.js`,
    ]);
    sw.offline();
    expect(await (await sw.request('/remotes/wallets/1.0.0/app.0badf00d.js'))!.text()).toBe('code');
    expect(await (await sw.request('/assets/main.js'))!.text()).toBe('code');
    // Kept once: a second message fetches nothing.
    sw.network.mockClear();
    await sw.message({ keep: [`${ORIGIN}/remotes/wallets/1.0.0/app.0badf00d.js`] });
    expect(sw.network).not.toHaveBeenCalled();
    await sw.message({ other: true });
  });

  it("keeps a first visit's page when the page asks, so it opens with no network", async () => {
    const sw = loadWorker();
    sw.network.mockResolvedValueOnce(
      answer('<div id="root"></div> dashboard', 200, {
        'Content-Type': 'text/html; charset=utf-8',
      }),
    );
    await sw.message({ page: `${ORIGIN}/dashboard?from=login` });
    await sw.message({ page: `${ORIGIN}/dashboard` });
    // Kept once; another origin's page never.
    await sw.message({ page: 'https://elsewhere.example/dashboard' });
    expect(sw.network).toHaveBeenCalledTimes(1);
    sw.offline();
    expect(await (await sw.request('/dashboard', { mode: 'navigate' }))!.text()).toContain(
      'dashboard',
    );
    expect(await (await sw.request('/settings', { mode: 'navigate' }))!.text()).toContain(
      'dashboard',
    );
  });
});
