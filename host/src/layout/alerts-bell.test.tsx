import { act, render, screen, waitFor } from '@testing-library/react';
import type { ApiClient } from 'host/api';
import AlertsBell from './alerts-bell';

function fakeApi(unread: unknown) {
  const get = jest.fn(async () => ({
    status: 200,
    data: { alerts: [], unread, next_before: null },
  }));
  const api = { get } as unknown as ApiClient;
  return { get, loadApi: jest.fn(async () => ({ api }) as never) };
}

describe('the alerts bell', () => {
  it('shows the unread count from GET /alerts and links to the alerts screen', async () => {
    const { get, loadApi } = fakeApi(3);
    render(<AlertsBell pathname="/dashboard" loadApi={loadApi} />);
    const bell = await screen.findByRole('link', { name: 'Alerts, 3 unread' });
    expect(bell).toHaveAttribute('href', '/dashboard/alerts');
    expect(bell).toHaveTextContent('3');
    expect(get).toHaveBeenCalledWith('/alerts', { params: { limit: 1 } });
  });

  it('shows no number without unread alerts or without an answer', async () => {
    const { loadApi } = fakeApi(0);
    const { unmount } = render(<AlertsBell pathname="/dashboard" loadApi={loadApi} />);
    await waitFor(() => expect(loadApi).toHaveBeenCalled());
    expect(screen.getByRole('link', { name: 'Alerts' })).toHaveTextContent('');
    unmount();
    const failing = jest.fn(async () => {
      throw new Error('offline');
    });
    render(<AlertsBell pathname="/dashboard" loadApi={failing as never} />);
    await waitFor(() => expect(failing).toHaveBeenCalled());
    expect(screen.getByRole('link', { name: 'Alerts' })).toBeInTheDocument();
  });

  it('asks again on a page change, and follows the count the alerts screen announces', async () => {
    const { get, loadApi } = fakeApi(2);
    const { rerender } = render(<AlertsBell pathname="/dashboard" loadApi={loadApi} />);
    await screen.findByRole('link', { name: 'Alerts, 2 unread' });
    rerender(<AlertsBell pathname="/dashboard/transaction-history" loadApi={loadApi} />);
    await waitFor(() => expect(get).toHaveBeenCalledTimes(2));
    act(() => {
      window.dispatchEvent(new CustomEvent('ajo:alerts-unread', { detail: { unread: 0 } }));
    });
    expect(screen.getByRole('link', { name: 'Alerts' })).toBeInTheDocument();
  });
});
