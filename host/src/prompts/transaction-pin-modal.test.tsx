import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createBus } from '../bus/create-bus';
import { createSession } from '../session/create-session';
import { TransactionPinModal } from './transaction-pin-modal';
import { fakeApi, promptUser, recordToasts, storeSession } from './test-helpers';

function promptServices(fetchUser: () => Promise<unknown> = async () => promptUser) {
  storeSession();
  const bus = createBus();
  const session = createSession({ bus, fetchUser: jest.fn(fetchUser) });
  return { bus, session, toastMessages: recordToasts(bus) };
}

function setup() {
  const { api, post, loadApi } = fakeApi();
  const { bus, session, toastMessages } = promptServices();
  const onClose = jest.fn();
  const reload = jest.fn();
  render(
    <TransactionPinModal
      userId={7}
      services={{ bus, session, loadApi }}
      onClose={onClose}
      reload={reload}
    />,
  );
  // Fake timers drive the 1.5 s reload; userEvent must advance them too.
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  return { api, post, onClose, reload, toastMessages, user };
}

async function fillPins(user: ReturnType<typeof userEvent.setup>, pin: string, confirm: string) {
  await user.type(screen.getByLabelText('Transaction PIN'), pin);
  await user.type(screen.getByLabelText('Confirm Transaction PIN'), confirm);
  await user.click(screen.getByRole('button', { name: 'Create PIN' }));
}

describe('transaction PIN setup modal (SPEC §4 / §5)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('asks for the PIN twice, 6 digits, with the hint to differ from the login PIN', () => {
    setup();
    expect(screen.getByRole('dialog', { name: 'Create Transaction PIN' })).toBeInTheDocument();
    const pin = screen.getByLabelText('Transaction PIN');
    expect(pin).toHaveAttribute('maxLength', '6');
    expect(pin).toHaveAttribute('inputMode', 'numeric');
    expect(pin).toHaveAccessibleDescription('It should be different from your login PIN');
    expect(screen.getByLabelText('Confirm Transaction PIN')).toHaveAttribute('type', 'password');
  });

  it("shows 'Transaction PIN mismatch!' and sends nothing when the two differ", async () => {
    const { post, user } = setup();
    await fillPins(user, '123456', '123457');
    expect(await screen.findByText('Transaction PIN mismatch!')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('rejects a PIN that is not 6 digits', async () => {
    const { post, user } = setup();
    await fillPins(user, '1234', '1234');
    expect(await screen.findByText('Transaction PIN must be exactly 6 digits')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it("creates the PIN, toasts 'Transaction PIN Created!' and reloads after exactly 1.5 s", async () => {
    const { post, reload, toastMessages, user } = setup();
    post.mockResolvedValue({ status: 200, data: { message: 'Transaction PIN Created!' } });
    await fillPins(user, '246810', '246810');
    await waitFor(() => expect(toastMessages()).toEqual([['success', 'Transaction PIN Created!']]));
    expect(post).toHaveBeenCalledWith('/users/7/create-transaction-pin', {
      transaction_pin: '246810',
      confirm_transaction_pin: '246810',
    });
    expect(screen.getByRole('button', { name: /Create PIN/ })).toBeDisabled();
    act(() => jest.advanceTimersByTime(1499));
    expect(reload).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('toasts the server message on failure, stays open and does not reload', async () => {
    const { post, reload, toastMessages, user } = setup();
    post.mockRejectedValue({
      status: 409,
      message: 'Your transaction PIN is already set.',
      serverMessage: 'Your transaction PIN is already set.',
    });
    await fillPins(user, '246810', '246810');
    await waitFor(() =>
      expect(toastMessages()).toEqual([['error', 'Your transaction PIN is already set.']]),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create PIN' })).toBeEnabled());
    act(() => jest.advanceTimersByTime(5000));
    expect(reload).not.toHaveBeenCalled();
  });

  it('treats an unreadable answer as a failure', async () => {
    const { post, reload, toastMessages, user } = setup();
    post.mockResolvedValue({ status: 200, data: 'not json' });
    await fillPins(user, '246810', '246810');
    await waitFor(() => expect(toastMessages()).toEqual([['error', 'An error occurred']]));
    act(() => jest.advanceTimersByTime(1500));
    expect(reload).not.toHaveBeenCalled();
  });

  it('can be dismissed with the close button or Escape', async () => {
    const { onClose, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
