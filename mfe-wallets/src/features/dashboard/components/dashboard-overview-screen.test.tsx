import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERROR_GETTING_TRANSACTION_HISTORY, ERROR_GETTING_USER } from '@ajo/shared/messages';
import {
  api,
  apiError,
  busEvents,
  customer,
  promptsAsked,
  renderRoute,
  resetHost,
  session,
  toasts,
  wallet,
} from '@ajo/remote-kit/testing';
import type { User } from '@ajo/shared/entities';
import { DashboardOverviewScreen } from './dashboard-overview-screen';
import { FUNDING_CANCELLED, FUNDING_SUCCESS } from './use-funding-result';

jest.mock('@ajo/remote-kit/host', () => jest.requireActual('@ajo/remote-kit/testing').hostModule);

beforeEach(resetHost);

const history = [
  {
    transaction_date: '2026-11-20T10:00:00.000Z',
    transaction_type: 'inter-inward',
    amount: 5000,
    narration: 'From Bola (GTBank)',
  },
  {
    transaction_date: '2026-11-19T10:00:00.000Z',
    transaction_type: 'airtime',
    amount: 200,
    narration: 'MTN airtime',
  },
];

function serve(user: User) {
  session.loadUser.mockImplementation(async () => {
    session.setUser(user);
    return user;
  });
  api.get.mockResolvedValue({ status: 200, data: { transactionHistory: history } });
}

async function renderDashboard(user: User = customer()) {
  serve(user);
  renderRoute(<DashboardOverviewScreen />, '/dashboard');
  await screen.findByText(`Welcome, ${user.first_name}`);
  return userEvent.setup();
}

function card(name: string) {
  return screen.getByRole('article', { name });
}

describe('/dashboard', () => {
  it('lets a verified customer with no NIN submit one from the badge (no prompt of its own)', async () => {
    const user = await renderDashboard(
      customer({ is_verified: true, nin: null, nin_verification_status: null }),
    );
    expect(screen.getByText('NIN: Not Submitted')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit your NIN' }));
    await waitFor(() => expect(promptsAsked()).toEqual(['nin']));
  });

  it('offers it again after a decline, and not while one is processing or approved', async () => {
    await renderDashboard(customer({ nin: '12345678901', nin_verification_status: 'declined' }));
    expect(screen.getByRole('button', { name: 'Submit your NIN again' })).toBeInTheDocument();
    cleanup();
    for (const status of ['processing', 'approved', 'pending'] as const) {
      await renderDashboard(customer({ nin: '12345678901', nin_verification_status: status }));
      expect(screen.queryByRole('button', { name: /Submit your NIN/ })).not.toBeInTheDocument();
      cleanup();
    }
  });

  it('welcomes the customer by first name with the NIN status badge', async () => {
    await renderDashboard(customer({ nin_verification_status: 'processing' }));
    const badge = screen.getByText('NIN: Processing');
    expect(badge).toHaveAttribute('data-tone', 'info');
  });

  it.each([
    [{ nin_verification_status: 'pending' as const }, 'Pending', 'muted'],
    [{ nin_verification_status: 'declined' as const }, 'Declined', 'danger'],
    [{ nin_verification_status: null, nin: '12345678901' }, 'Approved', 'primary'],
    [{ nin_verification_status: null, nin: null }, 'Not Submitted', 'warning'],
  ])('shows the NIN badge for %o as %s (%s)', async (fields, label, tone) => {
    await renderDashboard(customer(fields));
    expect(screen.getByText(`NIN: ${label}`)).toHaveAttribute('data-tone', tone);
  });

  it('hides each balance by default and reveals and hides it with the eye toggle', async () => {
    const user = await renderDashboard();
    const main = card('Main Wallet');
    expect(within(main).queryByText('₦12,500.50')).not.toBeInTheDocument();
    // Read as words, never as a row of dots.
    expect(within(main).getByText('Balance hidden')).toBeInTheDocument();
    expect(within(main).getByText('₦ ••••••').closest('[aria-hidden="true"]')).not.toBeNull();
    const eye = within(main).getByRole('button', { name: 'Show Main Wallet balance' });
    expect(eye).toHaveAttribute('aria-pressed', 'false');
    await user.click(eye);
    expect(within(main).getByText('₦12,500.50')).toBeInTheDocument();
    await user.click(within(main).getByRole('button', { name: 'Hide Main Wallet balance' }));
    expect(within(main).queryByText('₦12,500.50')).not.toBeInTheDocument();
  });

  it('shows the account number, and N/A for the commission wallet', async () => {
    await renderDashboard();
    expect(within(card('Main Wallet')).getByText('Account number: 1100000001')).toBeInTheDocument();
    const commission = card('Commission Wallet');
    expect(within(commission).getByText('Account number: N/A')).toBeInTheDocument();
    expect(within(commission).queryByText(/1100000004/)).not.toBeInTheDocument();
  });

  it('shows a blocked wallet in red and an active one normally', async () => {
    await renderDashboard(
      customer({
        wallets: [wallet(), wallet({ id: 3, name: 'Savings', account_status: 'BLOCKED' })],
      }),
    );
    expect(card('Savings')).toHaveAttribute('data-tone', 'danger');
    expect(within(card('Savings')).getByText('Blocked')).toHaveAttribute('data-tone', 'danger');
    expect(card('Main Wallet')).toHaveAttribute('data-tone', 'primary');
  });

  it("lists the main wallet's latest transactions with a link to the full history", async () => {
    await renderDashboard();
    expect(await screen.findByText('Bank Transfer (Credit)')).toBeInTheDocument();
    expect(api.get).toHaveBeenCalledWith('/transactions', {
      params: { wallet_account_number: '1100000001', type: 'mini' },
      signal: expect.any(AbortSignal),
    });
    expect(screen.getByRole('link', { name: 'View all' })).toHaveAttribute(
      'href',
      '/dashboard/transaction-history',
    );
    expect(screen.getByRole('link', { name: 'Fund with Card' })).toHaveAttribute(
      'href',
      '/dashboard/transfers/bank-to-wallet',
    );
  });

  it('shows at most 5 latest transactions', async () => {
    const many = Array.from({ length: 8 }, (_, i) => ({ ...history[1], narration: `n${i}` }));
    await renderDashboard();
    api.get.mockResolvedValue({ status: 200, data: { transactionHistory: many } });
    act(() => busEvents.next({ type: 'wallets-changed' }));
    await screen.findByText('n4');
    expect(screen.queryByText('n5')).not.toBeInTheDocument();
  });

  it('reloads balances and transactions on wallets-changed', async () => {
    const user = await renderDashboard();
    await screen.findByText('Bank Transfer (Credit)');
    session.loadUser.mockImplementation(async () => {
      const richer = customer({ wallets: [wallet({ balance: 20000 })] });
      session.setUser(richer);
      return richer;
    });
    const calls = api.get.mock.calls.length;
    act(() => busEvents.next({ type: 'wallets-changed' }));
    await user.click(await screen.findByRole('button', { name: 'Show Main Wallet balance' }));
    expect(await screen.findByText('₦20,000.00')).toBeInTheDocument();
    expect(api.get.mock.calls.length).toBeGreaterThan(calls);
  });

  it('reloads when the customer returns to the tab, not when the tab is hidden', async () => {
    await renderDashboard();
    await screen.findByText('Bank Transfer (Credit)');
    const loads = session.loadUser.mock.calls.length;
    const visibility = jest.spyOn(document, 'visibilityState', 'get');
    visibility.mockReturnValue('hidden');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(session.loadUser).toHaveBeenCalledTimes(loads);
    visibility.mockReturnValue('visible');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(session.loadUser).toHaveBeenCalledTimes(loads + 1));
    visibility.mockRestore();
  });

  it("toasts 'Error getting transaction history' when the history fails", async () => {
    session.loadUser.mockImplementation(async () => {
      session.setUser(customer());
      return customer();
    });
    api.get.mockRejectedValue(apiError(500));
    renderRoute(<DashboardOverviewScreen />, '/dashboard');
    await waitFor(() => expect(toasts()).toEqual([['error', ERROR_GETTING_TRANSACTION_HISTORY]]));
  });

  it("toasts 'Error getting user' when the user cannot be loaded", async () => {
    session.loadUser.mockRejectedValue(apiError(0));
    renderRoute(<DashboardOverviewScreen />, '/dashboard');
    await waitFor(() => expect(toasts()).toEqual([['error', ERROR_GETTING_USER]]));
    expect(screen.getByRole('status')).toHaveTextContent('Loading your wallets…');
  });

  it('toasts the card checkout result from ?funding=', async () => {
    serve(customer());
    renderRoute(<DashboardOverviewScreen />, '/dashboard?funding=success&reference=abc');
    await waitFor(() => expect(toasts()).toContainEqual(['success', FUNDING_SUCCESS]));
    expect(await screen.findByText('Welcome, Ada')).toBeInTheDocument();
    cleanup();
    resetHost();
    serve(customer());
    renderRoute(<DashboardOverviewScreen />, '/dashboard?funding=cancelled');
    await waitFor(() => expect(toasts()).toContainEqual(['info', FUNDING_CANCELLED]));
  });
});
