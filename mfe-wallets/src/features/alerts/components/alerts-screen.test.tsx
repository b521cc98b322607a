import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  api,
  apiError,
  renderRoute,
  resetHost,
  unreadCountsAnnounced,
} from '@ajo/remote-kit/testing';
import { AlertsScreen } from './alerts-screen';

jest.mock('@ajo/remote-kit/host', () => jest.requireActual('@ajo/remote-kit/testing').hostModule);

const alert = (n: number, overrides: Record<string, unknown> = {}) => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  kind: 'credit',
  title: 'Credit alert',
  body: 'Ajo Wallet Credit alert',
  amount: 1000 + n,
  balance_after: 5000,
  narration: `Transfer ${n}`,
  reference: `ref-${n}`,
  created_at: `2026-11-2${n % 10}T09:00:00.000Z`,
  read: false,
  ...overrides,
});

const firstPage = {
  alerts: [
    alert(3, { kind: 'debit', title: 'Debit alert', narration: 'Lunch' }),
    alert(2, { read: true }),
  ],
  unread: 1,
  next_before: alert(2).id,
};
const olderPage = { alerts: [alert(1, { read: true })], unread: 1, next_before: null };

beforeEach(() => {
  resetHost();
  api.get.mockImplementation(async (_url: string, options?: { params?: { before?: string } }) => ({
    status: 200,
    data: options?.params?.before ? olderPage : firstPage,
  }));
  api.post.mockResolvedValue({ status: 200, data: { unread: 0 } });
});

async function renderAlerts() {
  renderRoute(<AlertsScreen />, '/dashboard/alerts');
  await screen.findByRole('list', { name: 'Your alerts, newest first' });
  return userEvent.setup();
}
const items = () =>
  within(screen.getByRole('list', { name: 'Your alerts, newest first' })).getAllByRole('listitem');

describe('/dashboard/alerts', () => {
  it('lists the alerts newest first with amount, balance after, narration and reference', async () => {
    await renderAlerts();
    expect(api.get).toHaveBeenCalledWith(
      '/alerts',
      expect.objectContaining({ params: { limit: 20, before: undefined } }),
    );
    const [debit, credit] = items();
    expect(debit).toHaveTextContent('Debit alert');
    expect(debit).toHaveTextContent('-₦1,003.00');
    expect(debit).toHaveTextContent('Lunch');
    expect(debit).toHaveTextContent('Balance after: ₦5,000.00');
    expect(debit).toHaveTextContent('Ref: ref-3');
    expect(credit).toHaveTextContent('+₦1,002.00');
    expect(screen.getByRole('status')).toHaveTextContent('1 unread alert');
  });

  it('marks unread alerts and lets the customer mark one read, telling the bell', async () => {
    const user = await renderAlerts();
    const [unread, read] = items();
    expect(unread).toHaveTextContent('Unread');
    expect(read).not.toHaveTextContent('Unread');
    await user.click(within(unread as HTMLElement).getByRole('button', { name: 'Mark as read' }));
    expect(api.post).toHaveBeenCalledWith('/alerts/read', { ids: [alert(3).id] });
    await waitFor(() => expect(items()[0]).not.toHaveTextContent('Unread'));
    expect(screen.getByRole('status')).toHaveTextContent('0 unread alerts');
    await waitFor(() => expect(unreadCountsAnnounced()).toEqual([1, 0]));
  });

  it('marks all read at once', async () => {
    const user = await renderAlerts();
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(api.post).toHaveBeenCalledWith('/alerts/read', { all: true });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Mark as read' })).toBeNull());
  });

  it('shows older alerts below on request', async () => {
    const user = await renderAlerts();
    await user.click(screen.getByRole('button', { name: 'Show older alerts' }));
    await waitFor(() => expect(items()).toHaveLength(3));
    expect(api.get).toHaveBeenLastCalledWith(
      '/alerts',
      expect.objectContaining({ params: { limit: 20, before: alert(2).id } }),
    );
    expect(screen.queryByRole('button', { name: 'Show older alerts' })).toBeNull();
  });

  it('says so when the alerts cannot be loaded', async () => {
    api.get.mockRejectedValueOnce(apiError(503));
    renderRoute(<AlertsScreen />, '/dashboard/alerts');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not load your alerts. Please try again.',
    );
  });

  it('shows no alerts from an answer that is not what the server sends', async () => {
    api.get.mockResolvedValueOnce({ status: 200, data: { alerts: [{ id: 1 }], unread: 'x' } });
    renderRoute(<AlertsScreen />, '/dashboard/alerts');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not load your alerts. Please try again.',
    );
    expect(screen.queryByRole('list', { name: 'Your alerts, newest first' })).toBeNull();
  });

  it('says there are none yet on an empty list', async () => {
    api.get.mockResolvedValue({ status: 200, data: { alerts: [], unread: 0, next_before: null } });
    renderRoute(<AlertsScreen />, '/dashboard/alerts');
    expect(await screen.findByText(/No alerts yet/)).toBeInTheDocument();
  });
});
