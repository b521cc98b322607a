import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createBus } from '../bus/create-bus';
import { createSession } from '../session/create-session';
import { NinUpdateModal } from './nin-update-modal';
import { fakeApi, promptUser, recordToasts, storeSession } from './test-helpers';

function promptServices(fetchUser: () => Promise<unknown> = async () => promptUser) {
  storeSession();
  const bus = createBus();
  const session = createSession({ bus, fetchUser: jest.fn(fetchUser) });
  return { bus, session, toastMessages: recordToasts(bus) };
}

function setup(fetchUser?: () => Promise<unknown>) {
  const { api, put, loadApi } = fakeApi();
  const services = promptServices(fetchUser);
  const onClose = jest.fn();
  render(
    <NinUpdateModal
      userId={7}
      services={{ bus: services.bus, session: services.session, loadApi }}
      onClose={onClose}
    />,
  );
  return { api, put, onClose, ...services };
}

async function fillNins(nin: string, confirm: string) {
  await userEvent.type(screen.getByLabelText('NIN'), nin);
  await userEvent.type(screen.getByLabelText('Confirm NIN'), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Submit NIN' }));
}

describe('NIN update modal (SPEC §4 / §5)', () => {
  it('asks for the NIN twice, 11 digits, numbers only', () => {
    setup();
    expect(screen.getByRole('dialog', { name: 'Update your NIN' })).toBeInTheDocument();
    const nin = screen.getByLabelText('NIN');
    expect(nin).toHaveAttribute('maxLength', '11');
    expect(nin).toHaveAttribute('placeholder', 'Enter NIN');
    expect(nin).toHaveAccessibleDescription('Numbers only');
  });

  it("shows 'NIN mismatch!' and sends nothing when the two differ", async () => {
    const { put } = setup();
    await fillNins('12345678901', '12345678902');
    expect(await screen.findByText('NIN mismatch!')).toBeInTheDocument();
    expect(put).not.toHaveBeenCalled();
  });

  it('rejects a NIN that is not 11 digits', async () => {
    const { put } = setup();
    await fillNins('1234567890', '1234567890');
    expect(await screen.findByText('NIN must be exactly 11 digits')).toBeInTheDocument();
    expect(put).not.toHaveBeenCalled();
  });

  it('submits the NIN, toasts the SPEC success, reloads the user and closes', async () => {
    const refreshed = { ...promptUser, nin: '12345678901', nin_verification_status: 'pending' };
    const { put, onClose, session, toastMessages } = setup(async () => refreshed);
    put.mockResolvedValue({
      status: 200,
      data: {
        message: 'Your NIN has been submitted for verification and will be processed shortly.',
      },
    });
    await fillNins('12345678901', '12345678901');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(put).toHaveBeenCalledWith('/users/7', { nin: '12345678901' });
    expect(toastMessages()).toEqual([
      ['success', 'Your NIN has been submitted for verification and will be processed shortly.'],
    ]);
    expect(session.getUser()).toEqual(refreshed);
  });

  it('toasts the server message on failure and stays open', async () => {
    const { put, onClose, toastMessages } = setup();
    put.mockRejectedValue({ status: 400, message: 'Bad NIN', serverMessage: 'Bad NIN' });
    await fillNins('12345678901', '12345678901');
    await waitFor(() => expect(toastMessages()).toEqual([['error', 'Bad NIN']]));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Update your NIN' })).toBeInTheDocument();
  });
});
