import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@ajo/shared/entities';
import { createBus } from '../bus/create-bus';
import { createSession } from '../session/create-session';
import { ShellApp, type ShellDeps } from './shell-app';
import { composeWorkspaceRoutes } from '../routes/test-document';
import { ada } from './test-customer';

beforeEach(composeWorkspaceRoutes);

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

function setup(
  path: string,
  opts: { signedIn?: boolean; fetchUser?: () => Promise<unknown>; cachedUser?: User } = {},
) {
  localStorage.clear();
  if (opts.signedIn) {
    localStorage.setItem('tk', 'jwt');
    localStorage.setItem('id', '7');
  }
  window.history.replaceState(null, '', path);
  const bus = createBus();
  const fetchUser = jest.fn(opts.fetchUser ?? (async () => ada));
  const session = createSession({ bus, fetchUser });
  if (opts.cachedUser) session.setUser(opts.cachedUser);
  // GET /alerts for the header's bell; the prompts' calls are not part of these tests.
  const apiGet = jest.fn(async (path: string) =>
    path === '/alerts'
      ? { status: 200, data: { alerts: [], unread: 2, next_before: null } }
      : Promise.reject(new Error(`unexpected GET ${path}`)),
  );
  const deps: ShellDeps = {
    loadServices: jest.fn(async () => ({ bus, session })),
    navigate: jest.fn(),
    storage: localStorage,
    loadApi: jest.fn(async () => ({ api: { get: apiGet } }) as never),
  };
  render(<ShellApp deps={deps} />);
  return { deps, bus, session, fetchUser, apiGet };
}

describe('shell layout', () => {
  it('shows the public navbar: brand, Features, FAQ and Signup (SPEC §2)', () => {
    setup('/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Ajo Wallet', '/'],
      ['Features', '/'],
      ['FAQ', '/faq'],
      ['Signup', '/signup'],
    ]);
    expect(screen.queryByRole('complementary', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it('does not load host services on the landing page (bundle budget)', () => {
    const { deps } = setup('/');
    expect(deps.loadServices).not.toHaveBeenCalled();
  });

  it('puts the alerts bell in the header of every signed-in page, never of a signed-out one', async () => {
    const { apiGet } = setup('/settings', { signedIn: true });
    const header = screen.getByRole('banner');
    const bell = await within(header).findByRole('link', { name: 'Alerts, 2 unread' });
    expect(bell).toHaveAttribute('href', '/dashboard/alerts');
    expect(apiGet).toHaveBeenCalledTimes(1);
    expect(apiGet).toHaveBeenCalledWith('/alerts', { params: { limit: 1 } });
  });

  it.each(['/', '/login', '/signup'])(
    'shows no bell and asks for no alerts on %s',
    async (path) => {
      const { apiGet } = setup(path);
      await act(async () => undefined);
      expect(screen.queryByRole('link', { name: /^Alerts/ })).not.toBeInTheDocument();
      expect(apiGet).not.toHaveBeenCalled();
    },
  );

  it('sends a protected route without a session to /login', async () => {
    const { deps } = setup('/dashboard/payments/airtime');
    expect(deps.navigate).toHaveBeenCalledWith('/login', true);
    // Let the host services settle inside act (no user is loaded without a session).
    await act(async () => {
      await Promise.resolve();
    });
    expect(deps.navigate).not.toHaveBeenCalledWith('/not-activated', true);
  });

  it('renders the dashboard shell: brand-only navbar, sidebar groups, badge on the current link', async () => {
    setup('/dashboard/transfers/wallet-to-bank', { signedIn: true });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Ajo Wallet']);
    const menu = screen.getByRole('navigation', { name: 'Dashboard menu' });
    expect(
      within(menu)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Wallets', 'Fund Wallet', 'Transfers', 'Cards', 'Payments', 'Settings']);
    const current = within(menu).getByRole('link', { name: 'Wallet-to-Bank' });
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(within(current).getByTestId('current-badge')).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Airtime' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent(
      'Wallet-to-Bank',
    );
    expect(await screen.findByText('Ada Obi')).toBeInTheDocument();
    expect(screen.getByText('AO')).toBeInTheDocument();
  });

  it('shows the avatar from photo_url when there is one', async () => {
    setup('/dashboard', {
      signedIn: true,
      fetchUser: async () => ({ ...ada, photo_url: 'https://example.test/ada.jpg' }),
    });
    await screen.findByText('Ada Obi');
    const photo = document.querySelector('img[src="https://example.test/ada.jpg"]');
    // Sized (no layout shift) and lazy (the folded sidebar on a phone must not download it).
    expect(photo).toHaveAttribute('width', '48');
    expect(photo).toHaveAttribute('height', '48');
    expect(photo).toHaveAttribute('loading', 'lazy');
  });

  it('toggles the sidebar on small screens under the stored showSideBar flag', async () => {
    setup('/dashboard', { signedIn: true });
    const button = screen.getByRole('button', { name: 'Menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(localStorage.getItem('showSideBar')).toBe('true');
  });

  it("toasts 'Error getting user' and goes to /login when the user cannot be loaded (SPEC §8)", async () => {
    const { deps } = setup('/dashboard', {
      signedIn: true,
      fetchUser: async () => Promise.reject({ status: 500, message: 'down' }),
    });
    expect(await screen.findByText('Error getting user')).toBeInTheDocument();
    expect(deps.navigate).toHaveBeenCalledWith('/login', true);
  });

  it('signs out: storage cleared, then /login', async () => {
    const { deps } = setup('/dashboard', { signedIn: true });
    await screen.findByText('Ada Obi');
    await userEvent.click(screen.getByRole('button', { name: 'Signout' }));
    expect(localStorage.length).toBe(0);
    expect(deps.navigate).toHaveBeenCalledWith('/login');
  });

  it('closes the menu on sign-out, so the next sign-in on a phone starts with the dashboard visible', async () => {
    setup('/dashboard', { signedIn: true });
    await screen.findByText('Ada Obi');
    const menu = screen.getByRole('button', { name: 'Menu' });
    await userEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Signout' }));
    expect(menu).toHaveAttribute('aria-expanded', 'false');
  });

  it('leaves the protected page at once when another tab signs out', async () => {
    const { deps, session } = setup('/dashboard', { signedIn: true });
    await screen.findByText('Ada Obi');
    // The other tab cleared the shared storage; this tab hears of it through the storage event.
    localStorage.clear();
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: null }));
    });
    expect(deps.navigate).toHaveBeenCalledWith('/login', true);
    expect(session.getUser()).toBeNull();
  });

  it('stays on a public page when another tab signs out', async () => {
    const { deps } = setup('/faq');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: null }));
    });
    expect(deps.navigate).not.toHaveBeenCalled();
  });

  it('shows one notice and loads the user once when the stored token is refused', async () => {
    const { fetchUser, session, deps } = setup('/dashboard', {
      signedIn: true,
      fetchUser: async () => {
        // What host/api does on a refused bearer before the call rejects.
        session.expire();
        return Promise.reject({
          status: 401,
          message: 'Unauthorized',
          serverMessage: 'Unauthorized',
        });
      },
    });
    expect(
      await screen.findByText('Your session has ended. Please sign in again.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(jest.mocked(deps.navigate).mock.calls.map(([to]) => to)).toContain('/login'),
    );
    expect(screen.queryByText('Error getting user')).not.toBeInTheDocument();
    expect(screen.queryByText(/Unauthorized/)).not.toBeInTheDocument();
    expect(fetchUser).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('tk')).toBeNull();
  });

  it('sends an activated customer back on /onboarding (Back after onboarding) to /dashboard', async () => {
    const { deps, fetchUser } = setup('/onboarding?tid=abc', { signedIn: true });
    await waitFor(() => expect(deps.navigate).toHaveBeenCalledWith('/dashboard', true));
    expect(fetchUser).toHaveBeenCalledTimes(1);
  });

  it('keeps a signed-in customer without wallets on /onboarding to finish it', async () => {
    const { deps, fetchUser } = setup('/onboarding?tid=abc', {
      signedIn: true,
      fetchUser: async () => ({ ...ada, wallets: [] }),
    });
    await waitFor(() => expect(fetchUser).toHaveBeenCalled());
    await act(async () => {
      await Promise.resolve();
    });
    expect(deps.navigate).not.toHaveBeenCalledWith('/dashboard', true);
  });

  it('renders the login form on /login with labelled fields and its links', async () => {
    setup('/login');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Login' },
        // The form is a lazy chunk: on a busy machine it can take longer than the default second.
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Phone number')).toBeInTheDocument();
    expect(screen.getByLabelText('Security PIN')).toHaveAccessibleDescription(
      'Numbers only, e.g. 1234',
    );
    expect(screen.getByRole('link', { name: /forgot/i })).toHaveAttribute('href', '/forgot-pin');
    expect(screen.getByRole('link', { name: /sign up/i })).toHaveAttribute('href', '/signup');
  });
});

describe('account activation and prompts (SPEC §4)', () => {
  const noWallets = { ...ada, wallets: [] } as User;

  it('sends a signed-in user with no wallets to /not-activated, keeping the sidebar', async () => {
    const { deps } = setup('/dashboard/payments/airtime', {
      signedIn: true,
      fetchUser: async () => noWallets,
    });
    await waitFor(() => expect(deps.navigate).toHaveBeenCalledWith('/not-activated', true));
    expect(screen.getByRole('button', { name: 'Signout' })).toBeInTheDocument();
  });

  it('sends an activated user from /not-activated back to /dashboard', async () => {
    const { deps } = setup('/not-activated', { signedIn: true });
    await waitFor(() => expect(deps.navigate).toHaveBeenCalledWith('/dashboard', true));
  });

  it('re-reads a cached user without wallets before deciding (activated since)', async () => {
    const { deps, fetchUser } = setup('/dashboard', { signedIn: true, cachedUser: noWallets });
    await screen.findByText('Ada Obi');
    await waitFor(() => expect(fetchUser).toHaveBeenCalledTimes(1));
    expect(deps.navigate).not.toHaveBeenCalledWith('/not-activated', true);
  });

  it('does not read an activated cached user again', async () => {
    const { fetchUser } = setup('/dashboard', { signedIn: true, cachedUser: ada });
    await screen.findByText('Ada Obi');
    expect(fetchUser).not.toHaveBeenCalled();
  });

  it('opens the transaction PIN prompt on a protected page when the PIN is not enabled', async () => {
    setup('/dashboard', {
      signedIn: true,
      fetchUser: async () => ({ ...ada, isTransactionPinEnabled: false }),
    });
    expect(
      await screen.findByRole('dialog', { name: 'Create Transaction PIN' }),
    ).toBeInTheDocument();
  });

  it("opens the NIN prompt a screen asks for ('open-prompt'), though SPEC §4 made none due", async () => {
    const { bus } = setup('/dashboard', { signedIn: true });
    await screen.findByText('Ada Obi');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => bus.emit({ type: 'open-prompt', prompt: 'nin' }));
    expect(await screen.findByRole('dialog', { name: 'Update your NIN' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens no prompt for a user with nothing due', async () => {
    setup('/dashboard', { signedIn: true });
    await screen.findByText('Ada Obi');
    await act(async () => {
      await Promise.resolve();
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens no prompt on public pages, even for a signed-in user without a PIN', async () => {
    // /verify reads the user (an activated one goes to /dashboard), but prompts only open on
    // signed-in pages.
    const { fetchUser } = setup('/verify', {
      signedIn: true,
      fetchUser: async () => ({ ...ada, isTransactionPinEnabled: false }),
    });
    await waitFor(() => expect(fetchUser).toHaveBeenCalled());
    await act(async () => {
      await Promise.resolve();
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('toasts', () => {
  afterEach(() => jest.useRealTimers());

  it('shows a bus toast and closes it after 5000 ms (SPEC §9)', async () => {
    jest.useFakeTimers();
    const { bus } = setup('/signup');
    await act(async () => {
      await Promise.resolve();
    });
    act(() => bus.emit({ type: 'toast', toast: { kind: 'success', message: 'Saved!' } }));
    expect(screen.getByRole('status')).toHaveTextContent('Saved!');
    act(() => jest.advanceTimersByTime(4999));
    expect(screen.getByText('Saved!')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText('Saved!')).not.toBeInTheDocument();
  });

  it('merges a repeated notice into one, counted, and restarts its timer', async () => {
    jest.useFakeTimers();
    const { bus } = setup('/signup');
    await act(async () => {
      await Promise.resolve();
    });
    const error = { kind: 'error' as const, message: 'Error getting banks' };
    act(() => bus.emit({ type: 'toast', toast: error }));
    act(() => jest.advanceTimersByTime(3000));
    act(() => bus.emit({ type: 'toast', toast: error }));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent('Error getting banks (×2)');
    act(() => jest.advanceTimersByTime(4999));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('clears notices of the page left behind; one raised with the move goes along', async () => {
    jest.useFakeTimers();
    const { bus } = setup('/onboarding');
    await act(async () => {
      await Promise.resolve();
    });
    act(() => bus.emit({ type: 'toast', toast: { kind: 'success', message: 'File uploaded' } }));
    act(() => jest.advanceTimersByTime(3000));
    act(() => {
      bus.emit({ type: 'toast', toast: { kind: 'success', message: 'Verified!' } });
      window.history.pushState(null, '', '/dashboard');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.getByText('Verified!')).toBeInTheDocument();
    expect(screen.queryByText('File uploaded')).not.toBeInTheDocument();
  });

  it('shows at most three notices, the newest, above the page rather than over it', async () => {
    const { bus } = setup('/signup');
    await act(async () => {
      await Promise.resolve();
    });
    for (const n of [1, 2, 3, 4, 5]) {
      act(() => bus.emit({ type: 'toast', toast: { kind: 'error', message: `Problem ${n}` } }));
    }
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      'Problem 3×',
      'Problem 4×',
      'Problem 5×',
    ]);
    // In the flow between the header and the page: it pushes the page down, never covers it.
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(region.previousElementSibling?.tagName).toBe('HEADER');
    expect(region.compareDocumentPosition(screen.getByRole('main'))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });
});
