import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, apiError, customer, resetHost, toasts } from '@ajo/remote-kit/testing';
import { ALERT_CHANNELS_SAVED, AlertsTab } from './alerts-tab';

jest.mock('@ajo/remote-kit/host', () => jest.requireActual('@ajo/remote-kit/testing').hostModule);

beforeEach(() => {
  resetHost();
  api.get.mockImplementation(async (url: string) => {
    if (url === '/users/7/alert-channels')
      return { status: 200, data: { sms: true, email: false, has_email: true } };
    throw apiError(404);
  });
  api.encrypted.put.mockImplementation(async (_url: string, body: unknown) => ({
    status: 200,
    data: { ...(body as object), has_email: true },
  }));
});

describe('Settings → Alerts', () => {
  it('shows the channels the customer has and saves a change at once', async () => {
    render(<AlertsTab user={customer()} />);
    const sms = await screen.findByRole('switch', { name: 'SMS alerts' });
    const email = screen.getByRole('switch', { name: 'E-mail alerts' });
    expect(sms).toBeChecked();
    expect(email).not.toBeChecked();
    await userEvent.setup().click(email);
    await waitFor(() => expect(email).toBeChecked());
    expect(api.encrypted.put).toHaveBeenCalledWith('/users/7/alert-channels', {
      sms: true,
      email: true,
    });
    expect(toasts()).toContainEqual(['success', ALERT_CHANNELS_SAVED]);
  });

  it('keeps the switch as it was and says why when the server refuses', async () => {
    api.encrypted.put.mockRejectedValue(apiError(400, 'sms must be true or false'));
    render(<AlertsTab user={customer()} />);
    const sms = await screen.findByRole('switch', { name: 'SMS alerts' });
    await userEvent.setup().click(sms);
    expect(await screen.findByRole('alert')).toHaveTextContent('sms must be true or false');
    expect(sms).toBeChecked();
  });

  it('tells a customer without an e-mail address how to get e-mail alerts', async () => {
    api.get.mockResolvedValue({ status: 200, data: { sms: true, email: false, has_email: false } });
    render(<AlertsTab user={customer()} />);
    expect(
      await screen.findByText('Add an e-mail address to your profile to receive e-mail alerts.'),
    ).toBeInTheDocument();
  });

  it('says so when the choices cannot be loaded', async () => {
    api.get.mockRejectedValue(apiError(503));
    render(<AlertsTab user={customer()} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not load your alert choices. Please try again.',
    );
  });
});
