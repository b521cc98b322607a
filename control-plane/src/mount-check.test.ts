/** @jest-environment node */
// The headless mount smoke test (mount-check.ts) on containers written by hand, each failing one
// way; a real build of a remote is mounted in remote-outside-workspace.test.mjs.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createMountCheck } from './mount-check.js';
import { liveChecks } from './registry-checks.js';
import { type RegistryStore } from './registry/index.js';
import { RENDERS, writeContainer, openTestStore } from './registry-test-support.js';

jest.setTimeout(60_000);
const hostDir = path.resolve(__dirname, '..', '..', 'host');
const name = 'public_pages';
let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'ajo-mount-check-'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const mountFirst = (code: string) => RENDERS.replace('var React', `${code} var React`);
/**
 * A screen in a chunk of its own (remote-kit's ScreenSuspense): the marked spinner first, then, a
 * little later, `screen` (a React element expression) in its place.
 */
const screenLater = (screen: string) =>
  RENDERS.replace(
    /root\.render\([^;]*;/,
    `root.render(React.createElement('span', { 'data-screen-loading': '' }, 'Loading…'));
     setTimeout(function () { root.render(${screen}); }, 150);`,
  );
const ERROR_SCREEN = `React.createElement('h2', { id: 'ajo-fallback-title' }, 'Something went wrong')`;
/** [what the version does, its container, the reason expected, the time limit when not 2 s] */
/** What is wrong, the container, the reason the check gives, its time limit (null: 2 s). */
const CASES: [string, { app?: string; entry?: string }, string, number | null][] = [
  [
    'mount throws',
    { app: mountFirst('throw new Error("no wallet for you");') },
    'mount threw: no wallet for you',
    null,
  ],
  [
    'mount never finishes',
    { app: RENDERS.replace('setTimeout(resolve, 0)', 'void resolve') },
    'it did not mount within 2 s',
    null,
  ],
  ['mount loops for ever', { app: mountFirst('for (;;) {}') }, 'it did not mount within 2 s', null],
  ['the entry throws', { entry: 'throw new Error("entry broke");' }, './app did not load', null],
  [
    './app is not lifecycles',
    { app: '{ hello: 1 }' },
    './app did not load its single-spa lifecycles',
    null,
  ],
  [
    'mount renders nothing',
    { app: RENDERS.replace(/root\.render\([^;]*;/, '') },
    'mount rendered nothing at /',
    null,
  ],
  // A screen in a chunk of its own is judged, not the spinner before it.
  [
    'its lazy screen renders the error screen',
    { app: screenLater(ERROR_SCREEN) },
    'mount rendered the error screen',
    null,
  ],
  [
    'its lazy screen never arrives',
    {
      app: RENDERS.replace(/'h1', null, 'Welcome to Ajo'/, `'span', { 'data-screen-loading': '' }`),
    },
    'it did not mount within 2 s',
    null,
  ],
  // The child's heap limit stops it; the app server only sees the child gone.
  [
    'mount runs out of memory',
    { app: mountFirst('var a = []; for (;;) a.push(new Array(1e6).fill(1));') },
    'the mount check stopped (',
    60_000,
  ],
];

describe('the headless mount check', () => {
  const check = createMountCheck({ hostDir, timeoutMs: 2000 });

  it('mounts a version that renders with the host React into an element', async () => {
    const dir = path.join(tmp, 'good');
    writeContainer(dir, { name, version: '1.0.0', app: RENDERS });
    expect(await check({ dir, name, version: '1.0.0' })).toEqual([]);
  });

  it('waits for a screen in a chunk of its own, past the spinner shown meanwhile', async () => {
    const dir = path.join(tmp, 'lazy-good');
    writeContainer(dir, {
      name,
      version: '1.0.0',
      app: screenLater(`React.createElement('h1', null, 'Create your account')`),
    });
    expect(await check({ dir, name, version: '1.0.0' })).toEqual([]);
  });

  it.each(CASES)('refuses a version when %s, naming it', async (what, container, reason, limit) => {
    const dir = path.join(tmp, what.replace(/\W/g, '-'));
    writeContainer(dir, { name, version: '1.0.0', ...container });
    const checkWith = limit ? createMountCheck({ hostDir, timeoutMs: limit }) : check;
    const problems = await checkWith({ dir, name, version: '1.0.0' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(reason);
  });
});

describe('activation runs the mount check', () => {
  let deploy: string;
  let store: RegistryStore & { mountCheck: jest.Mock };
  beforeAll(async () => {
    deploy = path.join(tmp, 'deploy');
    const mountCheck = jest.fn(liveChecks(hostDir).mountCheck);
    store = Object.assign(openTestStore(deploy, { mountCheck }), { mountCheck });
    for (const [version, app] of [
      ['1.0.0', RENDERS],
      ['1.1.0', RENDERS.replace('var React', 'throw new Error("broken release"); var React')],
    ] as [string, string][]) {
      const dir = path.join(tmp, `build-${version}`);
      writeContainer(dir, { name, version, app });
      await store.publishFolder(name, dir, version, { operator: 'build' });
    }
  });
  afterAll(() => store.close());

  it('lets a version that mounts go live, and does not mount it again on the way back', async () => {
    await store.activate(name, '1.0.0', { operator: 'ada' });
    expect(store.mountCheck).toHaveBeenCalledTimes(1);
    expect((await store.read()).remotes[name]?.active).toBe('1.0.0');
  });

  it('refuses a version whose mount throws, with the reason, and changes nothing', async () => {
    const before = await store.read();
    await expect(store.activate(name, '1.1.0', { operator: 'ada' })).rejects.toMatchObject({
      statusCode: 409,
      message: expect.stringContaining(
        'public_pages@1.1.0 cannot go live: the mount check failed: mount threw: broken release',
      ),
    });
    expect(await store.read()).toEqual(before);
  });

  it('forces it live with a reason, recording what the force went past', async () => {
    await store.activate(name, '1.1.0', { operator: 'ada', force: true, reason: 'hotfix drill' });
    const [last] = await store.history({ remote: name, limit: 1 });
    expect(last).toMatchObject({ action: 'force', operator: 'ada', from: '1.0.0', to: '1.1.0' });
    expect(last?.reason).toBe(
      'hotfix drill (forced past: the mount check failed: mount threw: broken release)',
    );
    const calls = store.mountCheck.mock.calls.length;
    await store.rollback(name, { operator: 'ada', reason: 'back to the good one' });
    expect((await store.read()).remotes[name]?.active).toBe('1.0.0');
    // 1.0.0 mounted before: its files cannot have changed (same digest), so no second mount.
    expect(store.mountCheck.mock.calls.length).toBe(calls);
  });
});
