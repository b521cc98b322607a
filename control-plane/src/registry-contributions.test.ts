/** @jest-environment node */
// Remotes declare what they contribute and the registry composes nothing it was built with
// (docs/decisions/038-remotes-declare-their-routes.md): a new remote is added by an operator with its
// first version; publishing and going live validate a version's routes, refuse one that takes
// another remote's path unless the operator says it wins; the document carries the chosen
// version's routes, so a rollback takes a route away again.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { firstScreenOf } from './first-load.js';
import { routeToMount } from './mount-check.js';
import { buildOperatorApp } from './operator/index.js';
import { createRegistryStore, type Contributions, type RegistryStore } from './registry/index.js';
import { contributionsFor, writeBuild } from './registry-test-support.js';

let tmp: string;
let store: RegistryStore;
const as = { operator: 'ops:ada' };

const CARDS: Contributions = {
  routes: [{ path: '/dashboard/cards', label: 'Cards', access: 'signed-in' }],
  nav: [{ group: 'Cards', label: 'My cards', path: '/dashboard/cards', order: 450 }],
};

/** A build of `name`@`version` declaring `contributes`, in a folder of its own. */
function build(name: string, version: string, contributes: Contributions | null = contributionsFor(name)) {
  const dir = path.join(tmp, 'builds', `${name}-${version}-${Math.random().toString(36).slice(2)}`);
  writeBuild(dir, { name, version, contributes });
  return dir;
}

const publish = (name: string, version: string, options = {}, contributes?: Contributions | null) =>
  store.publishFolder(name, build(name, version, contributes), version, { ...as, ...options });

beforeEach(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'ajo-contributions-'));
  store = createRegistryStore(path.join(tmp, 'deploy'));
  await publish('wallets', '1.0.0', { newRemote: true, activate: true });
  await publish('public_pages', '1.0.0', { newRemote: true, activate: true });
});

afterEach(async () => {
  await store.close();
  rmSync(tmp, { recursive: true, force: true });
});

describe('a new remote', () => {
  it('is refused until an operator adds it with its first version, and is added once', async () => {
    await expect(publish('cards', '0.1.0', {}, CARDS)).rejects.toMatchObject({
      statusCode: 404,
      message: expect.stringMatching(/Unknown remote 'cards'.*public_pages, wallets.*new-remote/),
    });
    expect((await store.read()).remotes.cards).toBeUndefined();
    const added = await publish('cards', '0.1.0', { newRemote: true }, CARDS);
    expect(added).toMatchObject({ name: 'cards', version: '0.1.0', published: true });
    // Two teams cannot both take a name: the second "new" remote of that name is refused.
    await expect(publish('cards', '0.2.0', { newRemote: true }, CARDS)).rejects.toMatchObject({
      statusCode: 409,
      message: expect.stringMatching(/already a remote/),
    });
    const [entry] = await store.history({ remote: 'cards' });
    expect(entry).toMatchObject({ action: 'publish', operator: 'ops:ada', to: '0.1.0' });
  });

  it('is live on the next document once activated: its routes and sidebar entry with it', async () => {
    await publish('cards', '0.1.0', { newRemote: true, activate: true }, CARDS);
    const document = await store.document();
    expect(document.remotes.cards).toEqual({
      version: '0.1.0',
      manifest: '/remotes/cards/0.1.0/mf-manifest.json',
      contributes: CARDS,
    });
    expect(firstScreenOf('/dashboard/cards', document)).toEqual({
      remote: 'cards',
      services: true,
      signedIn: true,
    });
  });
});

describe("a version's declaration", () => {
  it('is required and must be valid: publishing refuses a build without one, or with a reserved path', async () => {
    await expect(publish('wallets', '1.1.0', {}, null)).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(/declares no routes.*remote\.json/),
    });
    const login = { routes: [{ path: '/login', label: 'Sign in' }] };
    await expect(publish('wallets', '1.1.0', {}, login)).rejects.toThrow(
      'remote.json: routes[0].path /login is reserved for the app (/login)',
    );
    const operator = { routes: [{ path: '/_operator/x', label: 'x' }] };
    await expect(publish('wallets', '1.1.0', {}, operator)).rejects.toThrow(/routes\[0\]\.path/);
    expect((await store.read()).remotes.wallets?.versions.map((v) => v.version)).toEqual([
      '1.0.0',
    ]);
  });

  it('adds a route with the version that declares it, and a rollback takes it away', async () => {
    const own = contributionsFor('wallets');
    const withLoans = {
      ...own,
      routes: [...own.routes, { path: '/dashboard/loans', label: 'Loans', access: 'signed-in' as const }],
      nav: [...(own.nav ?? []), { group: 'Wallets', label: 'Loans', path: '/dashboard/loans', order: 120 }],
    };
    await publish('wallets', '1.1.0', { activate: true }, withLoans);
    const live = await store.document();
    expect(live.remotes.wallets?.contributes).toEqual(withLoans);
    expect(firstScreenOf('/dashboard/loans', live).remote).toBe('wallets');
    await store.rollback('wallets', as);
    const back = await store.document();
    expect(back.remotes.wallets?.contributes).toEqual(own);
    // The path is nobody's now: the home page's, like any unknown path.
    expect(firstScreenOf('/dashboard/loans', back).remote).toBe('public_pages');
  });
});

describe('a version that cannot be read', () => {
  it('keeps the routes of the version browsers fall back to, so its area shows that version or the fallback', async () => {
    await store.activate('wallets', '9.9.9', { ...as, force: true, reason: 'missing build' });
    const document = await store.document();
    expect(document.remotes.wallets).toMatchObject({
      version: '9.9.9',
      fallback: { version: '1.0.0' },
      contributes: contributionsFor('wallets'),
    });
    expect(firstScreenOf('/dashboard', document).remote).toBe('wallets');
  });
});

describe("another remote's path", () => {
  const takesOverview: Contributions = {
    routes: [{ path: '/dashboard', label: 'Cards home', access: 'signed-in' }],
  };

  it('is refused at publish and going live, naming the path and its remote, unless the operator says it wins', async () => {
    await expect(publish('cards', '0.1.0', { newRemote: true }, takesOverview)).rejects.toMatchObject({
      statusCode: 409,
      message: expect.stringMatching(/\/dashboard \(wallets@1\.0\.0\)/),
    });
    await publish('cards', '0.1.0', { newRemote: true, wins: true }, takesOverview);
    await expect(store.activate('cards', '0.1.0', as)).rejects.toMatchObject({ statusCode: 409 });
    expect((await store.document()).remotes.cards).toBeUndefined();

    await store.activate('cards', '0.1.0', { ...as, wins: true, reason: 'cards lead the overview' });
    const document = await store.document();
    expect(document.winners).toEqual({ '/dashboard': 'cards' });
    expect(firstScreenOf('/dashboard', document).remote).toBe('cards');
    const [entry] = await store.history({ remote: 'cards' });
    expect(entry).toMatchObject({ action: 'activate', detail: 'wins /dashboard' });
  });

  it('is the home page too: a second remote that owns it is refused', async () => {
    await expect(
      publish('cards', '0.1.0', { newRemote: true }, { ...CARDS, home: true }),
    ).rejects.toThrow(/ \/ \(public_pages@1\.0\.0\)/);
  });

  it('goes back to its remote when the winner declares it no more', async () => {
    await publish('cards', '0.1.0', { newRemote: true, wins: true, activate: true }, takesOverview);
    expect(firstScreenOf('/dashboard', await store.document()).remote).toBe('cards');
    await publish('cards', '0.2.0', { activate: true }, CARDS);
    const document = await store.document();
    expect(firstScreenOf('/dashboard', document).remote).toBe('wallets');
    expect(firstScreenOf('/dashboard/cards', document).remote).toBe('cards');
  });
});

describe('the mount check', () => {
  it("mounts a version at its own first route, the home remote at '/'", () => {
    expect(routeToMount(build('cards', '0.1.0', CARDS))).toBe('/dashboard/cards');
    expect(routeToMount(build('public_pages', '0.1.0'))).toBe('/');
  });
});

describe('the operator API', () => {
  it('adds a new remote from an upload with new-remote, and refuses an unknown one without', async () => {
    const app = await buildOperatorApp({
      deployDir: path.join(tmp, 'deploy'),
      adminToken: 'operator-token-0123456789',
    });
    try {
      const dir = build('cards', '0.1.0', CARDS);
      const chunks: Buffer[] = [];
      for await (const chunk of tar.c({ gzip: true, cwd: dir, portable: true }, ['.'])) {
        chunks.push(chunk as Buffer);
      }
      const upload = (query: string) =>
        app.inject({
          method: 'PUT',
          url: `/_operator/registry/cards/versions/0.1.0${query}`,
          headers: {
            authorization: 'Bearer operator-token-0123456789',
            'content-type': 'application/gzip',
          },
          payload: Buffer.concat(chunks),
        });
      const refused = await upload('');
      expect([refused.statusCode, refused.json().message]).toEqual([
        404,
        expect.stringMatching(/Unknown remote 'cards'/),
      ]);
      const bad = await upload('?new-remote=maybe');
      expect(bad.statusCode).toBe(400);
      const added = await upload('?new-remote=1');
      expect([added.statusCode, added.json()]).toEqual([
        201,
        expect.objectContaining({ name: 'cards', version: '0.1.0', published: true }),
      ]);
    } finally {
      await app.close();
    }
    // Uploads are prepared in a child process (registry-upload.ts); the first starts it.
  }, 30_000);
});
