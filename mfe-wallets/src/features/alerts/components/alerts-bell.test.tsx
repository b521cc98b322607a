import { act, screen, waitFor } from '@testing-library/react';
import { api, apiError, busEvents, renderRoute, resetHost } from '@ajo/remote-kit/testing';
import { AlertsBell } from './alerts-bell';

jest.mock('@ajo/remote-kit/host', () => jest.requireActual('@ajo/remote-kit/testing').hostModule);

const page = (unread: number) => ({
  status: 200,
  data: { alerts: [], unread, next_before: null },
});

beforeEach(() => {
  resetHost();
});

describe('the alerts bell', () => {
  it('shows the unread count from GET /alerts and links to the alerts screen', async () => {
    api.get.mockResolvedValue(page(3));
    renderRoute(<AlertsBell />, '/dashboard');
    const bell = await screen.findByRole('link', { name: 'Alerts, 3 unread' });
    expect(bell).toHaveAttribute('href', '/dashboard/alerts');
    expect(bell).toHaveTextContent('3');
    expect(api.get).toHaveBeenCalledWith('/alerts', { params: { limit: 1 } });
  });

  it('shows no number without unread alerts, or without an answer', async () => {
    api.get.mockResolvedValueOnce(page(0));
    const first = renderRoute(<AlertsBell />, '/dashboard');
    await waitFor(() => expect(api.get).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('link', { name: 'Alerts' })).toHaveTextContent('');
    first.unmount();
    api.get.mockRejectedValueOnce(apiError(503));
    renderRoute(<AlertsBell />, '/dashboard');
    await waitFor(() => expect(api.get).toHaveBeenCalledTimes(2));
    expect(screen.getByRole('link', { name: 'Alerts' })).toBeInTheDocument();
  });

  it('asks again when money moves, and follows the count the alerts screen announces', async () => {
    api.get.mockResolvedValueOnce(page(1)).mockResolvedValueOnce(page(2));
    renderRoute(<AlertsBell />, '/dashboard');
    await screen.findByRole('link', { name: 'Alerts, 1 unread' });
    act(() => busEvents.next({ type: 'wallets-changed' } as never));
    expect(await screen.findByRole('link', { name: 'Alerts, 2 unread' })).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new CustomEvent('ajo:alerts-unread', { detail: { unread: 0 } }));
    });
    expect(screen.getByRole('link', { name: 'Alerts' })).toBeInTheDocument();
  });
});
