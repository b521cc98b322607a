import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@ajo/shared/entities';
import { createBus } from '../bus/create-bus';
import { createSession } from '../session/create-session';
import { ProtectedPagePrompts } from './protected-page-prompts';
import { fakeApi, promptUser, recordToasts, storeSession } from './test-helpers';

function promptServices(fetchUser: () => Promise<unknown> = async () => promptUser) {
  storeSession();
  const bus = createBus();
  const session = createSession({ bus, fetchUser: jest.fn(fetchUser) });
  return { bus, session, toastMessages: recordToasts(bus) };
}

function setup(user: User) {
  const { loadApi, put } = fakeApi();
  const { bus, session } = promptServices();
  const view = render(
    <ProtectedPagePrompts user={user} services={{ bus, session }} loadApi={loadApi} />,
  );
  return { view, put, bus, session, loadApi };
}

const pinDialog = () => screen.queryByRole('dialog', { name: 'Create Transaction PIN' });
const ninDialog = () => screen.queryByRole('dialog', { name: 'Update your NIN' });

describe('protected-page prompts (SPEC §4)', () => {
  it('shows a prompt a screen asked for to a verified customer SPEC §4 would not prompt', async () => {
    const { loadApi } = fakeApi();
    const { bus, session } = promptServices();
    const closed = jest.fn();
    const verified = { ...promptUser, is_verified: true, isTransactionPinEnabled: true, nin: null };
    render(
      <ProtectedPagePrompts
        user={verified}
        services={{ bus, session }}
        loadApi={loadApi}
        requested={['nin']}
        onRequestedClosed={closed}
      />,
    );
    expect(ninDialog()).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(closed).toHaveBeenCalledWith('nin');
  });

  it('shows the transaction PIN prompt first, and only one modal at a time', () => {
    setup(promptUser);
    expect(pinDialog()).toBeInTheDocument();
    expect(ninDialog()).not.toBeInTheDocument();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  it('moves on to the NIN prompt once the PIN prompt is dismissed, then shows nothing', async () => {
    setup(promptUser);
    await userEvent.keyboard('{Escape}');
    expect(pinDialog()).not.toBeInTheDocument();
    expect(ninDialog()).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps a dismissed prompt closed for this page view even when the user is re-read', async () => {
    const { view, bus, session } = setup({ ...promptUser, mifos_client_id: null });
    await userEvent.keyboard('{Escape}');
    expect(pinDialog()).not.toBeInTheDocument();
    view.rerender(
      <ProtectedPagePrompts
        user={{ ...promptUser, mifos_client_id: null }}
        services={{ bus, session }}
      />,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('comes back on the next load while the PIN is not set', async () => {
    const first = setup({ ...promptUser, mifos_client_id: null });
    await userEvent.keyboard('{Escape}');
    first.view.unmount();
    setup({ ...promptUser, mifos_client_id: null });
    expect(pinDialog()).toBeInTheDocument();
  });

  it('shows only the NIN prompt when the PIN is already enabled', () => {
    setup({ ...promptUser, isTransactionPinEnabled: true });
    expect(pinDialog()).not.toBeInTheDocument();
    expect(ninDialog()).toBeInTheDocument();
  });

  it('closes the NIN prompt after a successful submission', async () => {
    const { put } = setup({ ...promptUser, isTransactionPinEnabled: true });
    put.mockResolvedValue({ status: 200, data: { message: 'ok' } });
    await userEvent.type(screen.getByLabelText('NIN'), '12345678901');
    await userEvent.type(screen.getByLabelText('Confirm NIN'), '12345678901');
    await userEvent.click(screen.getByRole('button', { name: 'Submit NIN' }));
    await waitFor(() => expect(ninDialog()).not.toBeInTheDocument());
  });

  it('renders nothing when no prompt is due', () => {
    setup({ ...promptUser, isTransactionPinEnabled: true, is_verified: true });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
