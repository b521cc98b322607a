import { REGISTRY_DATA_ID } from '../first-load-data';
import {
  fetchRegistry,
  fetchRegistryDocument,
  inlinedRegistry,
  toRemoteChoices,
} from './registry-client';

/** wallets 0.2.0 for this browser, 0.1.0 (live for everyone) to fall back to. */
const WALLETS_CHOICE = {
  name: 'wallets',
  version: '0.2.0',
  entry: '/remotes/wallets/0.2.0/mf-manifest.json',
  fallback: { name: 'wallets', version: '0.1.0', entry: '/remotes/wallets/0.1.0/mf-manifest.json' },
};

describe('registry client', () => {
  it('turns the registry document into federation remotes (manifest URLs from the document only)', () => {
    expect(
      toRemoteChoices({
        remotes: {
          wallets: {
            version: '0.2.0',
            manifest: '/remotes/wallets/0.2.0/mf-manifest.json',
            fallback: { version: '0.1.0', manifest: '/remotes/wallets/0.1.0/mf-manifest.json' },
          },
          public_pages: {
            version: '0.1.0',
            manifest: '/remotes/public_pages/0.1.0/mf-manifest.json',
          },
        },
      }),
    ).toEqual([
      WALLETS_CHOICE,
      {
        name: 'public_pages',
        version: '0.1.0',
        entry: '/remotes/public_pages/0.1.0/mf-manifest.json',
      },
    ]);
  });

  it('ignores the host, entries without a manifest and a fallback that is no other version', () => {
    expect(
      toRemoteChoices({
        remotes: {
          host: { version: '1.0.0', manifest: '/x.json' },
          settings: { version: '1.0.0' } as never,
          wallets: {
            version: '1.0.0',
            manifest: '/w.json',
            fallback: { version: '1.0.0', manifest: '/w.json' },
          },
          payments: { version: '1.0.0', manifest: '/p.json', fallback: { version: 7 } as never },
        },
      }),
    ).toEqual([
      { name: 'wallets', version: '1.0.0', entry: '/w.json' },
      { name: 'payments', version: '1.0.0', entry: '/p.json' },
    ]);
  });

  it('reads /registry.json without the HTTP cache', async () => {
    const fetchImpl = jest.fn(async () => ({
      ok: true,
      json: async () => ({ remotes: { settings: { version: '1.0.0', manifest: '/m.json' } } }),
    })) as unknown as typeof fetch;
    await expect(fetchRegistry(fetchImpl)).resolves.toEqual([
      { name: 'settings', version: '1.0.0', entry: '/m.json' },
    ]);
    expect(fetchImpl).toHaveBeenCalledWith('/registry.json', { cache: 'no-cache' });
  });

  it('degrades to no remotes when the registry cannot be read (every area then shows the fallback)', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetchImpl = jest.fn(async () => ({ ok: false, status: 503 })) as unknown as typeof fetch;
    await expect(fetchRegistry(fetchImpl)).resolves.toEqual([]);
  });
});

describe('the registry document inlined in the page', () => {
  const inlined = {
    remotes: {
      wallets: {
        version: '0.2.0',
        manifest: '/remotes/wallets/0.2.0/mf-manifest.json',
        fallback: { version: '0.1.0', manifest: '/remotes/wallets/0.1.0/mf-manifest.json' },
      },
    },
  };

  it('is used instead of /registry.json, its last good version kept to fall back to', async () => {
    const fetchImpl = jest.fn() as unknown as typeof fetch;
    await expect(fetchRegistry(fetchImpl, inlined)).resolves.toEqual([WALLETS_CHOICE]);
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('is read from the page by default; a page without it fetches /registry.json', async () => {
    const fetchImpl = jest.fn(async () => ({
      ok: true,
      json: async () => ({ remotes: {} }),
    })) as unknown as typeof fetch;
    await fetchRegistry(fetchImpl);
    expect(fetchImpl).toHaveBeenCalledTimes(1);

    const data = document.createElement('script');
    data.type = 'application/json';
    data.id = REGISTRY_DATA_ID;
    data.textContent = JSON.stringify(inlined);
    document.head.append(data);
    try {
      const choices = await fetchRegistry(fetchImpl);
      expect(choices.map((choice) => [choice.name, choice.version])).toEqual([
        ['wallets', '0.2.0'],
      ]);
      expect(fetchImpl).toHaveBeenCalledTimes(1);
    } finally {
      data.remove();
    }
  });
});

describe('the whole document, for the route table', () => {
  const contributes = { routes: [{ path: '/dashboard/cards', label: 'Cards' }] };
  const doc = {
    remotes: {
      cards: { version: '0.1.0', manifest: '/remotes/cards/0.1.0/mf-manifest.json', contributes },
    },
    winners: { '/dashboard/cards': 'cards' },
  };

  it('is the inlined one as it is, contributions and winners included, without a request', async () => {
    const fetchImpl = jest.fn() as unknown as typeof fetch;
    await expect(fetchRegistryDocument(fetchImpl, doc)).resolves.toBe(doc);
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('is fetched when the page has none, and is empty when what arrives is no document', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const answering = (body: unknown) =>
      jest.fn(async () => ({ ok: true, json: async () => body })) as unknown as typeof fetch;
    await expect(fetchRegistryDocument(answering(doc), undefined)).resolves.toEqual(doc);
    for (const body of [{ remotes: [] }, { remotes: null }, 'remotes', null]) {
      await expect(fetchRegistryDocument(answering(body), undefined)).resolves.toEqual({
        remotes: {},
      });
    }
    expect(inlinedRegistry({ remotes: [] })).toBeUndefined();
    expect(inlinedRegistry(doc)).toBe(doc);
  });
});
