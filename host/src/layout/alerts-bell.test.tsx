import { act, render, screen, waitFor } from '@testing-library/react';
import type { BusEvent } from '@ajo/shared/events';
import { createBus } from '../bus/create-bus';
import AlertsBell from './alerts-bell';
import { composeWorkspaceRoutes } from '../routes/test-document';

beforeEach(composeWorkspaceRoutes);

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

const page = (unread: number) => ({ status: 200, data: { alerts: [], unread, next_before: null } });

function setup(...answers: Array<() => Promise<unknown>>) {
  const bus = createBus();
  const seen: BusEvent[] = [];
  bus.events$.subscribe((event) => seen.push(event));
  const get = jest.fn();
  for (const answer of answers) get.mockImplementationOnce(answer);
  const loadApi = jest.fn(async () => ({ api: { get } }) as never);
  render(<AlertsBell bus={bus} loadApi={loadApi} />);
  return { bus, get, seen };
}

const bell = () => screen.getByRole('link', { name: /^Alerts/ });

describe("the shell's alerts bell", () => {
  it('shows the unread count of one GET /alerts?limit=1 and links to the alerts screen', async () => {
    const { get } = setup(async () => page(3));
    const link = await screen.findByRole('link', { name: 'Alerts, 3 unread' });
    expect(link).toHaveAttribute('href', '/dashboard/alerts');
    expect(link).toHaveTextContent('3');
    expect(get).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenCalledWith('/alerts', { params: { limit: 1 } });
  });

  it('caps the badge at 99+ while the name says the whole count', async () => {
    setup(async () => page(250));
    expect(await screen.findByRole('link', { name: 'Alerts, 250 unread' })).toHaveTextContent(
      '99+',
    );
  });

  it('shows no badge at zero: the bell stays, named plain "Alerts"', async () => {
    const { get } = setup(async () => page(0));
    await waitFor(() => expect(get).toHaveBeenCalledTimes(1));
    await act(async () => undefined);
    expect(bell()).toHaveAccessibleName('Alerts');
    expect(bell()).toHaveTextContent('');
  });

  it('asks again when money moves and follows the count the alerts screen announces', async () => {
    const { bus, get } = setup(
      async () => page(1),
      async () => page(2),
    );
    await screen.findByRole('link', { name: 'Alerts, 1 unread' });
    act(() => bus.emit({ type: 'wallets-changed', walletAccountNumber: '1100012345' }));
    expect(await screen.findByRole('link', { name: 'Alerts, 2 unread' })).toHaveTextContent('2');
    expect(get).toHaveBeenCalledTimes(2);
    act(() => bus.emit({ type: 'alerts-unread', unread: 0 }));
    expect(bell()).toHaveAccessibleName('Alerts');
    expect(bell()).toHaveTextContent('');
    // The announced count needs no call of its own.
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('asks again when the customer comes back to the tab', async () => {
    const { get } = setup(
      async () => page(0),
      async () => page(4),
    );
    await waitFor(() => expect(get).toHaveBeenCalledTimes(1));
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(await screen.findByRole('link', { name: 'Alerts, 4 unread' })).toBeInTheDocument();
  });

  it.each([
    ['a failed call', () => Promise.reject(Object.assign(new Error('down'), { status: 503 }))],
    ['a refused call', () => Promise.reject(Object.assign(new Error('no'), { status: 401 }))],
    ['an answer without a count', async () => ({ status: 200, data: { unread: '3' } })],
  ])('shows no badge after %s, and never signs the customer out', async (_, failure) => {
    localStorage.setItem('tk', 'jwt');
    const { bus, get, seen } = setup(async () => page(5), failure);
    await screen.findByRole('link', { name: 'Alerts, 5 unread' });
    act(() => bus.emit({ type: 'wallets-changed' }));
    await waitFor(() => expect(get).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(bell()).toHaveAccessibleName('Alerts'));
    expect(bell()).toHaveTextContent('');
    expect(seen.map((event) => event.type)).toEqual(['wallets-changed']);
    expect(localStorage.getItem('tk')).toBe('jwt');
  });
});
