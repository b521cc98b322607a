// The shell composes at run time (docs/decisions/038-remotes-declare-their-routes.md): the same
// shell build, handed a registry document where a remote's new version adds a screen, shows that
// screen's sidebar link, breadcrumb and title and gives its path to that remote; handed the
// document after a rollback, the screen is gone and its path falls to the home page; handed a
// remote it has never heard of, it registers that remote with single-spa and gives it its routes.
import { render, screen, waitFor, within } from '@testing-library/react';
import { checkActivityFunctions, getAppNames, unregisterApplication } from 'single-spa';
import { createBus } from '../bus/create-bus';
import { registerRemoteApps } from '../federation/register-apps';
import { loadFederated } from '../federation/runtime';
import { toRemoteChoices, type RegistryDocument } from '../federation/registry-client';
import { homeRoute, isOwnedBy, resolveRoute, setRouteDocument } from '../routes/route-table';
import { workspaceContributions, workspaceDocument } from '../routes/test-document';
import { createSession } from '../session/create-session';
import { ShellApp, type ShellDeps } from './shell-app';
import { ada } from './test-customer';

// The remotes' code is not what is tested here: each loads as an application that shows nothing.
jest.mock('../federation/runtime', () => ({
  ...jest.requireActual('../federation/runtime'),
  loadFederated: jest.fn(async () => ({
    bootstrap: async () => undefined,
    mount: async () => undefined,
    unmount: async () => undefined,
  })),
}));

const GIFT_CARDS = '/dashboard/payments/gift-cards';

/** The workspace document with payments at 1.1.0, whose declaration adds a Gift Cards screen. */
function withGiftCards(): RegistryDocument {
  const doc = workspaceDocument();
  const payments = workspaceContributions('payments');
  payments.routes.push({ path: GIFT_CARDS, label: 'Gift Cards', access: 'signed-in' });
  payments.nav = [
    ...(payments.nav ?? []),
    { group: 'Payments', label: 'Gift Cards', path: GIFT_CARDS, order: 440 },
  ];
  doc.remotes.payments = {
    version: '1.1.0',
    manifest: '/remotes/payments/1.1.0/mf-manifest.json',
    fallback: { version: '1.0.0', manifest: '/remotes/payments/1.0.0/mf-manifest.json' },
    contributes: payments,
  };
  return doc;
}

/** The workspace document plus a remote the shell was never built with. */
function withLoans(): RegistryDocument {
  const doc = workspaceDocument();
  doc.remotes.loans = {
    version: '0.1.0',
    manifest: '/remotes/loans/0.1.0/mf-manifest.json',
    contributes: {
      routes: [{ path: '/dashboard/loans', prefix: true, label: 'Loans', access: 'signed-in' }],
      nav: [{ group: 'Loans', label: 'My loans', path: '/dashboard/loans', order: 350 }],
    },
  };
  return doc;
}

function renderShellAt(path: string) {
  localStorage.setItem('tk', 'jwt');
  localStorage.setItem('id', '7');
  window.history.replaceState(null, '', path);
  const bus = createBus();
  const session = createSession({ bus, fetchUser: async () => ada });
  const deps: ShellDeps = {
    loadServices: async () => ({ bus, session }),
    navigate: jest.fn(),
    storage: localStorage,
    loadApi: jest.fn(async () => ({
      api: { get: async () => ({ status: 200, data: { alerts: [], unread: 0 } }) },
    })) as never,
  };
  return { ...render(<ShellApp deps={deps} />), deps };
}

const sidebarLinks = () =>
  within(screen.getByRole('navigation', { name: 'Dashboard menu' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

afterEach(() => localStorage.clear());

describe('a remote’s new version adds a screen; rolling it back takes it away', () => {
  it('shows the new screen’s link, breadcrumb and title, and gives its path to the remote', async () => {
    setRouteDocument(withGiftCards());
    renderShellAt(GIFT_CARDS);
    expect(resolveRoute(GIFT_CARDS)).toMatchObject({ owner: 'payments', label: 'Gift Cards' });
    expect(isOwnedBy('payments', GIFT_CARDS)).toBe(true);
    expect(sidebarLinks()).toEqual(expect.arrayContaining(['Cable TV', 'Gift Cards']));
    const link = screen.getByRole('link', { name: 'Gift Cards' });
    expect(link).toHaveAttribute('href', GIFT_CARDS);
    expect(link).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('Gift Cards');
    await waitFor(() => expect(document.title).toBe('Gift Cards | Ajo Wallet'));
    // Payments' group keeps its place: ordered by its smallest entry.
    const groups = within(screen.getByRole('navigation', { name: 'Dashboard menu' }))
      .getAllByRole('heading')
      .map((h) => h.textContent);
    expect(groups).toEqual([
      'Wallets',
      'Fund Wallet',
      'Transfers',
      'Cards',
      'Payments',
      'Settings',
    ]);
  });

  it('after the rollback: no link, and the path falls to the home page like any unknown path', () => {
    setRouteDocument(workspaceDocument());
    renderShellAt('/dashboard/payments/airtime');
    expect(sidebarLinks()).not.toContain('Gift Cards');
    expect(sidebarLinks()).toEqual(expect.arrayContaining(['Airtime', 'Electricity', 'Data']));
    expect(resolveRoute(GIFT_CARDS)).toBe(homeRoute());
    expect(isOwnedBy('payments', GIFT_CARDS)).toBe(false);
    expect(isOwnedBy(homeRoute().owner, GIFT_CARDS)).toBe(true);
  });
});

describe('a remote the shell has never heard of', () => {
  afterEach(async () => {
    await Promise.all(getAppNames().map((name) => unregisterApplication(name)));
  });

  it('is registered with single-spa, active on its own routes only, with its sidebar entry', async () => {
    const doc = withLoans();
    setRouteDocument(doc);
    localStorage.setItem('tk', 'jwt');
    localStorage.setItem('id', '7');
    window.history.replaceState(null, '', '/dashboard/loans/1234');
    registerRemoteApps(toRemoteChoices(doc), localStorage, jest.fn(), sessionStorage);
    // single-spa loads the active application at once: the new remote's code, by its own name.
    await waitFor(() => expect(loadFederated).toHaveBeenCalledWith('loans/app'));
    expect(loadFederated).toHaveBeenCalledTimes(1);
    expect(getAppNames()).toEqual(expect.arrayContaining(['loans', 'payments', 'wallets']));
    expect(getAppNames()).toHaveLength(Object.keys(doc.remotes).length);

    const active = (path: string) =>
      checkActivityFunctions(new URL(path, window.location.origin) as unknown as Location);
    expect(active('/dashboard/loans')).toEqual(['loans']);
    expect(active('/dashboard/loans/1234/freeze')).toEqual(['loans']);
    expect(active('/dashboard')).toEqual(['wallets']);
    // Signed out, the guard keeps the signed-in screen (and its code) away.
    localStorage.clear();
    expect(active('/dashboard/loans')).toEqual([]);

    renderShellAt('/dashboard/loans');
    expect(screen.getByRole('link', { name: 'My loans' })).toHaveAttribute(
      'href',
      '/dashboard/loans',
    );
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('Loans');
  });

  it('is unknown again in a document without it: its path is the home page’s', () => {
    setRouteDocument(workspaceDocument());
    expect(resolveRoute('/dashboard/loans')).toBe(homeRoute());
    registerRemoteApps(toRemoteChoices(workspaceDocument()), localStorage, jest.fn());
    expect(getAppNames()).not.toContain('loans');
  });
});

describe('links to screens the live remotes no longer declare', () => {
  it('leaves out the navbar’s FAQ when no live remote declares it, and keeps Signup on the landmark', () => {
    const doc = workspaceDocument();
    const pages = workspaceContributions('public_pages');
    pages.routes = pages.routes.filter((r) => r.label !== 'FAQ');
    doc.remotes.public_pages = { ...doc.remotes.public_pages!, contributes: pages };
    setRouteDocument(doc);
    localStorage.clear();
    window.history.replaceState(null, '', '/');
    render(
      <ShellApp deps={{ loadServices: jest.fn(), navigate: jest.fn(), storage: localStorage }} />,
    );
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: 'FAQ' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Signup' })).toHaveAttribute('href', '/signup');
  });

  it('shows the SPEC §8 fallback when no registry could be read: no remote owns any page', () => {
    setRouteDocument({ remotes: {} });
    localStorage.clear();
    window.history.replaceState(null, '', '/dashboard');
    render(
      <ShellApp deps={{ loadServices: jest.fn(), navigate: jest.fn(), storage: localStorage }} />,
    );
    expect(within(screen.getByRole('main')).getByRole('alert')).toBeInTheDocument();
  });
});
