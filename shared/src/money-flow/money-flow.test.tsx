import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import {
  INVALID_OTP,
  OTP_RESEND_FAILED,
  SERVER_INVALID_OTP,
  TRANSACTION_FAILED_TRY_AGAIN,
} from '../messages/errors';
import { OTP_RESENT } from '../messages/successes';
import { AmountField } from '../ui/amount-field';
import { Button } from '../ui/button';
import { TextField } from '../ui/text-field';
import type { MoneyFlowPersistence } from './attempt-storage';
import {
  CHECKING_HEADING,
  CHECKING_TEXT,
  MoneyFlow,
  type MoneyFlowInitiate,
  type MoneyFlowProps,
} from './money-flow';
import type { MoneySubmit, MoneySubmitResult } from './types';
import { OFFLINE_MONEY_REASON } from './use-link-down';

interface Airtime {
  phone: string;
  amount: string;
}
interface Receipt {
  token: string;
}

const FALLBACK = 'Error initiating airtime purchase';
const CHALLENGE: MoneySubmitResult<Receipt> = {
  kind: 'challenge',
  notificationChannel: 'phone',
  recipient: '2348012345678',
};
const done = (status: 'successful' | 'pending' | 'failed', reference = 'AIR-0001') =>
  ({ kind: 'done', status, reference }) as const;
const apiError = (status: number, serverMessage?: string) => ({
  status,
  message: serverMessage ?? `Request failed with status code ${status}`,
  serverMessage,
});

/** A call the test answers when it chooses. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function AirtimeForm({ proceed, draft }: MoneyFlowInitiate<Airtime>) {
  const [phone, setPhone] = useState(draft?.phone ?? '');
  const [amount, setAmount] = useState(draft?.amount ?? '');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        proceed({ phone, amount });
      }}
    >
      <TextField label="Phone number" value={phone} onChange={(e) => setPhone(e.target.value)} />
      <AmountField value={amount} onChange={(e) => setAmount(e.target.value)} />
      <Button type="submit" disabled={!phone || !amount}>
        Proceed
      </Button>
    </form>
  );
}

let keys: string[];
let showToast: jest.Mock;

function renderFlow(
  submit: MoneySubmit<Airtime, Receipt>,
  extra: Partial<MoneyFlowProps<Airtime, Receipt>> = {},
) {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const props: MoneyFlowProps<Airtime, Receipt> = {
    submit,
    errorFallback: FALLBACK,
    showToast,
    newKey: () => `attempt-key-${keys.push('')}`,
    renderInitiate: (initiate) => <AirtimeForm {...initiate} />,
    summary: (d) => [
      { label: 'Phone number', value: d.phone },
      { label: 'Amount', amount: d.amount },
    ],
    renderStatus: ({ outcome }) => (outcome.details ? <p>Token: {outcome.details.token}</p> : null),
    ...extra,
  };
  const view = render(<MoneyFlow {...props} />);
  return { user, ...view, props };
}

async function fillAndProceed(user: ReturnType<typeof userEvent.setup>, amount = '500') {
  await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '08012345678');
  await user.type(screen.getByRole('textbox', { name: 'Amount' }), amount);
  await user.click(screen.getByRole('button', { name: 'Proceed' }));
}

async function confirmWithPin(user: ReturnType<typeof userEvent.setup>, pin = '123456') {
  await user.type(pinInput(), pin);
  await user.click(screen.getByRole('button', { name: 'Next' }));
}

const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));
const heading = () => screen.getByRole('heading', { level: 2 });
// Password inputs have no role; the label also holds the required marker (aria-hidden '*').
const pinInput = () => screen.getByLabelText(/^Transaction PIN/);

beforeEach(() => {
  jest.useFakeTimers();
  keys = [];
  showToast = jest.fn();
});
afterEach(() => jest.useRealTimers());

describe('MoneyFlow: initiate and confirm', () => {
  it('shows the screen form first, then the summary and the PIN on Proceed, focusing the step', async () => {
    const { user } = renderFlow(jest.fn());
    expect(heading()).toHaveTextContent('Details');
    expect(screen.getByRole('list', { name: 'Transaction steps' })).toBeInTheDocument();
    await fillAndProceed(user, '2500.5');

    expect(heading()).toHaveTextContent('Confirm details');
    expect(heading()).toHaveFocus();
    const summary = screen.getByLabelText('Transaction details');
    expect(
      within(summary)
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual(['08012345678', '₦2,500.50']);
    expect(pinInput()).toHaveAttribute('type', 'password');
  });

  it('asks for exactly 6 digits before calling', async () => {
    const submit = jest.fn();
    const { user } = renderFlow(submit);
    await fillAndProceed(user);
    await confirmWithPin(user, '1234');
    expect(pinInput()).toHaveAccessibleDescription('Transaction PIN must be exactly 6 digits');
    expect(submit).not.toHaveBeenCalled();
  });

  it('disables Next while processing and sends one call for a double click', async () => {
    const call = deferred<MoneySubmitResult<Receipt>>();
    const submit = jest.fn().mockReturnValue(call.promise);
    const { user } = renderFlow(submit);
    await fillAndProceed(user);
    await user.type(pinInput(), '123456');
    await user.dblClick(screen.getByRole('button', { name: 'Next' }));

    expect(submit).toHaveBeenCalledTimes(1);
    expect(submit).toHaveBeenCalledWith(
      { transaction_pin: '123456' },
      { idempotencyKey: 'attempt-key-1', details: { phone: '08012345678', amount: '500' } },
    );
    const next = screen.getByRole('button', { name: /Next/ });
    expect(next).toBeDisabled();
    expect(next).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    await act(async () => call.resolve(done('successful')));
    expect(heading()).toHaveTextContent('Transaction Successful');
  });

  it('goes Back to the form with the details kept, and the next Proceed is a new attempt', async () => {
    const submit = jest.fn().mockResolvedValue(done('successful'));
    const { user } = renderFlow(submit);
    await fillAndProceed(user);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(heading()).toHaveTextContent('Details');
    expect(heading()).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Phone number' })).toHaveValue('08012345678');
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    await confirmWithPin(user);
    expect(submit).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ idempotencyKey: 'attempt-key-2' }),
    );
  });
});

describe("MoneyFlow: the browser's Back", () => {
  const popstate = () =>
    new Promise<void>((resolve) => {
      window.addEventListener('popstate', () => resolve(), { once: true });
    });

  it('on Confirm returns to the form with the fields kept, and stays on the page', async () => {
    const submit = jest.fn().mockResolvedValue(done('successful'));
    const { user } = renderFlow(submit);
    const entries = window.history.length;
    await fillAndProceed(user);
    expect(heading()).toHaveTextContent('Confirm details');
    expect(window.history.length).toBe(entries + 1);
    const popped = popstate();
    await act(async () => {
      window.history.back();
      // jsdom moves through history on a timer (faked here).
      jest.advanceTimersByTime(10);
      await popped;
    });
    expect(heading()).toHaveTextContent('Details');
    expect(screen.getByRole('textbox', { name: 'Phone number' })).toHaveValue('08012345678');
    expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveValue('500');
    expect(submit).not.toHaveBeenCalled();
  });

  it("takes its entry back off when the flow's own Back or a status leaves the step", async () => {
    const submit = jest.fn().mockResolvedValue(done('successful'));
    const { user } = renderFlow(submit);
    await fillAndProceed(user);
    const marked = (window.history.state as { ajoMoneyStep?: string } | null)?.ajoMoneyStep;
    expect(marked).toEqual(expect.any(String));
    const popped = popstate();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await act(async () => {
      jest.advanceTimersByTime(10);
      await popped;
    });
    expect((window.history.state as { ajoMoneyStep?: string } | null)?.ajoMoneyStep).not.toBe(
      marked,
    );
    expect(heading()).toHaveTextContent('Details');
  });
});

describe('MoneyFlow: status', () => {
  it('shows success with the reference, announced, the screen slot and Close to /dashboard', async () => {
    const submit = jest
      .fn()
      .mockResolvedValue({ ...done('successful', 'ELEC-9'), details: { token: '1234-5678' } });
    const { user } = renderFlow(submit);
    await fillAndProceed(user);
    await confirmWithPin(user);

    expect(await screen.findByRole('heading', { name: 'Transaction Successful' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Your transaction was successful.');
    expect(screen.getByRole('term')).toHaveTextContent('Reference');
    expect(screen.getByRole('definition')).toHaveTextContent('ELEC-9');
    expect(screen.getByText('Token: 1234-5678')).toBeInTheDocument();
    // No OTP was asked for: the progress does not claim an authenticate step.
    const steps = within(screen.getByRole('list', { name: 'Transaction steps' }));
    expect(steps.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Initiate (completed)',
      'Confirm (completed)',
      'Status',
    ]);
    expect(screen.getByRole('link', { name: 'Close' })).toHaveAttribute('href', '/dashboard');
    // The receipt offers a complaint about this reference (My reports opens the form).
    expect(screen.getByRole('link', { name: 'Report a problem' })).toHaveAttribute(
      'href',
      '/dashboard/reports?report=ELEC-9',
    );
    expect(showToast).not.toHaveBeenCalled();
  });

  it('tells a pending transaction apart from success and failure', async () => {
    const { user } = renderFlow(jest.fn().mockResolvedValue(done('pending', 'NIP-77')));
    await fillAndProceed(user);
    await confirmWithPin(user);
    expect(await screen.findByRole('heading', { name: 'Transaction Pending' })).toBeInTheDocument();
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(/confirming this transaction with the bank or biller/);
    expect(status).toHaveTextContent(/transaction history/);
    expect(status).toHaveTextContent(/Your money is safe/);
    expect(status).not.toHaveTextContent(/successful|did not go through/);
    expect(screen.getByRole('definition')).toHaveTextContent('NIP-77');
    expect(screen.getByRole('link', { name: 'Report a problem' })).toHaveAttribute(
      'href',
      '/dashboard/reports?report=NIP-77',
    );
  });

  it('shows a failed answer as failed, with its reference', async () => {
    const { user } = renderFlow(jest.fn().mockResolvedValue(done('failed', 'AIR-F')));
    await fillAndProceed(user);
    await confirmWithPin(user);
    expect(await screen.findByRole('heading', { name: 'Transaction Failed' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('This transaction did not go through.');
    expect(screen.getByRole('definition')).toHaveTextContent('AIR-F');
    // Money that came back needs no complaint.
    expect(screen.queryByRole('link', { name: 'Report a problem' })).not.toBeInTheDocument();
  });

  it("fails on an error at confirm, with the server's message as a toast", async () => {
    const { user } = renderFlow(jest.fn().mockRejectedValue(apiError(422, 'Insufficient funds')));
    await fillAndProceed(user);
    await confirmWithPin(user);
    expect(await screen.findByRole('heading', { name: 'Transaction Failed' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Insufficient funds');
    expect(showToast).toHaveBeenCalledWith('error', 'Insufficient funds');
    expect(screen.queryByRole('term')).not.toBeInTheDocument();
  });

  it("falls back to the screen's SPEC §8 message when the server said nothing", async () => {
    const { user } = renderFlow(jest.fn().mockRejectedValue(apiError(400)));
    await fillAndProceed(user);
    await confirmWithPin(user);
    await screen.findByRole('heading', { name: 'Transaction Failed' });
    expect(showToast).toHaveBeenCalledWith('error', FALLBACK);
  });

  it('Try again after a failure fills the form in again under a new key', async () => {
    const submit = jest
      .fn()
      .mockRejectedValueOnce(apiError(409, 'This wallet is blocked.'))
      .mockResolvedValueOnce(done('successful'));
    const { user } = renderFlow(submit);
    await fillAndProceed(user, '750');
    await confirmWithPin(user);
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(heading()).toHaveTextContent('Details');
    expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveValue('750');
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    await confirmWithPin(user);
    expect(submit.mock.calls.map(([, attempt]) => attempt.idempotencyKey)).toEqual([
      'attempt-key-1',
      'attempt-key-2',
    ]);
  });

  it('Make another transaction starts an empty form and a new key', async () => {
    const submit = jest.fn().mockResolvedValue(done('successful'));
    const { user } = renderFlow(submit, { restartLabel: 'Buy more airtime' });
    await fillAndProceed(user);
    await confirmWithPin(user);
    await user.click(await screen.findByRole('button', { name: 'Buy more airtime' }));
    expect(screen.getByRole('textbox', { name: 'Phone number' })).toHaveValue('');
    await fillAndProceed(user);
    await confirmWithPin(user);
    expect(submit.mock.calls[1][1].idempotencyKey).toBe('attempt-key-2');
  });

  it("renders Close through the screen's link component", async () => {
    const CrossAppLink = (props: {
      href: string;
      className?: string;
      children?: React.ReactNode;
    }) => <a {...props} data-testid="cross-app" />;
    const { user } = renderFlow(jest.fn().mockResolvedValue(done('successful')), {
      linkComponent: CrossAppLink,
    });
    await fillAndProceed(user);
    await confirmWithPin(user);
    expect(await screen.findByRole('link', { name: 'Close' })).toHaveAttribute(
      'data-testid',
      'cross-app',
    );
  });
});

describe('MoneyFlow: authenticate (202)', () => {
  async function reachOtp(
    submit: jest.Mock,
    extra: Partial<MoneyFlowProps<Airtime, Receipt>> = {},
  ) {
    submit.mockResolvedValueOnce(CHALLENGE);
    const view = renderFlow(submit, extra);
    await fillAndProceed(view.user, '60000');
    await confirmWithPin(view.user);
    await screen.findByRole('heading', { name: 'Enter OTP' });
    return view;
  }

  it('asks for the OTP sent to the masked phone number and focuses the step', async () => {
    await reachOtp(jest.fn());
    expect(heading()).toHaveFocus();
    expect(screen.getByText(/We sent a 6-digit code to your phone number/)).toHaveTextContent(
      '2348*****5678',
    );
    expect(screen.queryByText('2348012345678', { exact: false })).not.toBeInTheDocument();
    const otp = screen.getByRole('textbox', { name: 'OTP' });
    expect(otp).toHaveAttribute('autocomplete', 'one-time-code');
    expect(otp).toHaveAttribute('maxlength', '6');
    expect(screen.queryByLabelText(/^Transaction PIN/)).not.toBeInTheDocument();
  });

  it('masks an e-mail recipient to its first 2 characters', async () => {
    const submit = jest.fn();
    submit.mockResolvedValueOnce({
      ...CHALLENGE,
      notificationChannel: 'email',
      recipient: 'adaobi@example.com',
    });
    const { user } = renderFlow(submit);
    await fillAndProceed(user);
    await confirmWithPin(user);
    expect(await screen.findByText(/your e-mail address/)).toHaveTextContent('ad****@example.com');
  });

  it('repeats the call with the PIN, the OTP and the same key, then shows the status', async () => {
    const submit = jest.fn();
    const { user } = await reachOtp(submit);
    submit.mockResolvedValueOnce(done('successful', 'AIR-OTP'));
    await user.type(screen.getByRole('textbox', { name: 'OTP' }), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByRole('heading', { name: 'Transaction Successful' }),
    ).toBeInTheDocument();
    const details = { phone: '08012345678', amount: '60000' };
    expect(submit.mock.calls).toEqual([
      [{ transaction_pin: '123456' }, { idempotencyKey: 'attempt-key-1', details }],
      [
        { transaction_pin: '123456', otp: '654321' },
        { idempotencyKey: 'attempt-key-1', details },
      ],
    ]);
    expect(screen.getByRole('definition')).toHaveTextContent('AIR-OTP');
  });

  it('checks the OTP is 6 digits before calling', async () => {
    const submit = jest.fn();
    const { user } = await reachOtp(submit);
    await user.type(screen.getByRole('textbox', { name: 'OTP' }), '12a');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('textbox', { name: 'OTP' })).toHaveAccessibleDescription(
      'OTP must be exactly 6 digits',
    );
    expect(submit).toHaveBeenCalledTimes(1);
  });

  it("keeps the customer on the step after 'Invalid otp', clears the field and shows the message for 5 s", async () => {
    const submit = jest.fn();
    const { user } = await reachOtp(submit);
    submit.mockRejectedValueOnce(apiError(401, SERVER_INVALID_OTP));
    const otp = screen.getByRole('textbox', { name: 'OTP' });
    await user.type(otp, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText(INVALID_OTP)).toBeInTheDocument();
    expect(heading()).toHaveTextContent('Enter OTP');
    expect(otp).toHaveValue('');
    expect(otp).toHaveFocus();
    expect(showToast).not.toHaveBeenCalled();
    advance(4800);
    expect(screen.getByText(INVALID_OTP)).toBeInTheDocument();
    advance(200);
    expect(screen.queryByText(INVALID_OTP)).not.toBeInTheDocument();

    // A second wrong code shows the message again.
    submit.mockRejectedValueOnce(apiError(401, SERVER_INVALID_OTP));
    await user.type(otp, '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(INVALID_OTP)).toBeInTheDocument();
  });

  it.each([
    [
      'the server message',
      apiError(401, 'This OTP has expired. Ask for a new one.'),
      'This OTP has expired. Ask for a new one.',
    ],
    ["'Transaction Failed, Try Again!' without one", apiError(400), TRANSACTION_FAILED_TRY_AGAIN],
  ])('fails on any other OTP error, with %s as the toast', async (_name, error, message) => {
    const submit = jest.fn();
    const { user } = await reachOtp(submit);
    submit.mockRejectedValueOnce(error);
    await user.type(screen.getByRole('textbox', { name: 'OTP' }), '123123');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Transaction Failed' })).toBeInTheDocument();
    expect(showToast).toHaveBeenCalledWith('error', message);
    expect(screen.getByRole('status')).toHaveTextContent(message);
  });

  it('enables Resend OTP after 180 s; a resend repeats the call without the OTP and restarts the countdown', async () => {
    const submit = jest.fn();
    const { user } = await reachOtp(submit);
    const resend = screen.getByRole('button', { name: 'Resend OTP' });
    expect(screen.getByRole('timer')).toHaveTextContent('Resend OTP in 3:00');
    advance(179_000);
    expect(resend).toBeDisabled();
    advance(1000);
    expect(resend).toBeEnabled();

    submit.mockResolvedValueOnce(CHALLENGE);
    await user.click(resend);
    expect(await screen.findByText(OTP_RESENT)).toBeInTheDocument();
    expect(submit).toHaveBeenLastCalledWith(
      { transaction_pin: '123456' },
      expect.objectContaining({ idempotencyKey: 'attempt-key-1' }),
    );
    expect(screen.getByRole('timer')).toHaveTextContent('3:00');
    expect(screen.getByRole('button', { name: 'Resend OTP' })).toBeDisabled();
    advance(5000);
    expect(screen.queryByText(OTP_RESENT)).not.toBeInTheDocument();
  });

  it('shows the resend failure for 5 s and stays on the step', async () => {
    const submit = jest.fn();
    const { user } = await reachOtp(submit);
    advance(180_000);
    submit.mockRejectedValueOnce(apiError(429, 'Please wait before asking for a new code.'));
    await user.click(screen.getByRole('button', { name: 'Resend OTP' }));
    expect(await screen.findByText(OTP_RESEND_FAILED)).toBeInTheDocument();
    expect(heading()).toHaveTextContent('Enter OTP');
    expect(screen.getByRole('button', { name: 'Resend OTP' })).toBeEnabled();
    expect(showToast).not.toHaveBeenCalled();
    advance(5000);
    expect(screen.queryByText(OTP_RESEND_FAILED)).not.toBeInTheDocument();
  });

  it('Cancel leaves the attempt; the next one has a new key', async () => {
    const submit = jest.fn();
    const { user } = await reachOtp(submit);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(heading()).toHaveTextContent('Details');
    submit.mockResolvedValueOnce(done('successful'));
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    await confirmWithPin(user);
    expect(submit.mock.calls[1][1].idempotencyKey).toBe('attempt-key-2');
  });
});

describe('MoneyFlow: an attempt kept across a reload', () => {
  function memoryStorage() {
    const items = new Map<string, string>();
    return {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    };
  }
  const parseDetails = (raw: unknown) => raw as Airtime;

  it('comes back on confirm with the same key after a reload', async () => {
    const persist: MoneyFlowPersistence<Airtime> = {
      storageKey: 'airtime',
      parseDetails,
      storage: memoryStorage(),
    };
    const submit = jest.fn().mockResolvedValue(done('successful'));
    const first = renderFlow(submit, { persist });
    await fillAndProceed(first.user);
    first.unmount();

    const { user } = renderFlow(submit, { persist });
    expect(heading()).toHaveTextContent('Confirm details');
    await confirmWithPin(user);
    expect(submit).toHaveBeenCalledWith(
      { transaction_pin: '123456' },
      { idempotencyKey: 'attempt-key-1', details: { phone: '08012345678', amount: '500' } },
    );
    await screen.findByRole('heading', { name: 'Transaction Successful' });
    expect(persist.storage?.getItem('airtime')).toBeNull();
  });

  it('comes back on authenticate and asks for the PIN again with the OTP', async () => {
    const persist: MoneyFlowPersistence<Airtime> = {
      storageKey: 'airtime',
      parseDetails,
      storage: memoryStorage(),
    };
    const submit = jest.fn().mockResolvedValueOnce(CHALLENGE);
    const first = renderFlow(submit, { persist });
    await fillAndProceed(first.user, '60000');
    await confirmWithPin(first.user);
    await screen.findByRole('heading', { name: 'Enter OTP' });
    advance(60_000);
    first.unmount();

    const { user } = renderFlow(submit, { persist });
    expect(heading()).toHaveTextContent('Enter OTP');
    // The countdown carries on from when the OTP was sent.
    expect(screen.getByRole('timer')).toHaveTextContent('Resend OTP in 2:00');
    submit.mockResolvedValueOnce(done('successful'));
    await user.type(screen.getByRole('textbox', { name: 'OTP' }), '123123');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(pinInput()).toHaveAccessibleDescription(/Transaction PIN must be exactly 6 digits/);
    expect(submit).toHaveBeenCalledTimes(1);
    await user.type(pinInput(), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(submit).toHaveBeenLastCalledWith(
      { transaction_pin: '123456', otp: '123123' },
      expect.objectContaining({ idempotencyKey: 'attempt-key-1' }),
    );
  });
});

describe('MoneyFlow: an answer lost on the way back is checked, never called failed', () => {
  function memoryStorage() {
    const items = new Map<string, string>();
    return {
      items,
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    };
  }
  const LOST = { status: 0, message: 'Network Error' };
  const persistIn = (storage = memoryStorage()): MoneyFlowPersistence<Airtime> => ({
    storageKey: 'airtime',
    parseDetails: (raw) => raw as Airtime,
    storage,
  });
  const expectChecking = () => {
    expect(heading()).toHaveTextContent(CHECKING_HEADING);
    expect(screen.getByRole('status')).toHaveTextContent(CHECKING_TEXT);
    expect(screen.queryByText(/Transaction Failed/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check again' })).toBeInTheDocument();
  };

  it('checks by sending the same call under the same key, backing off, until the server answers', async () => {
    const submit = jest
      .fn()
      .mockRejectedValueOnce(LOST)
      .mockRejectedValueOnce(apiError(502))
      .mockResolvedValueOnce(done('successful', 'AIR-7'));
    const { user } = renderFlow(submit);
    await fillAndProceed(user);
    await confirmWithPin(user);
    await screen.findByRole('heading', { name: CHECKING_HEADING });
    expectChecking();
    expect(showToast).not.toHaveBeenCalled();
    advance(999);
    expect(submit).toHaveBeenCalledTimes(1);
    await act(async () => jest.advanceTimersByTime(1));
    expect(submit).toHaveBeenCalledTimes(2);
    expectChecking();
    // The second check waits longer.
    await act(async () => jest.advanceTimersByTime(1999));
    expect(submit).toHaveBeenCalledTimes(2);
    await act(async () => jest.advanceTimersByTime(1));
    expect(await screen.findByRole('heading', { name: 'Transaction Successful' })).toBeVisible();
    expect(screen.getByRole('definition')).toHaveTextContent('AIR-7');
    for (const [input, attempt] of submit.mock.calls) {
      expect(input).toEqual({ transaction_pin: '123456' });
      expect(attempt.idempotencyKey).toBe('attempt-key-1');
    }
    expect(showToast).not.toHaveBeenCalled();
  });

  it("asks the server what became of it when the screen can; 'running' waits, then its answer shows", async () => {
    const submit = jest.fn().mockRejectedValueOnce(apiError(504));
    const recover = jest
      .fn()
      .mockResolvedValueOnce({ kind: 'running' })
      .mockResolvedValueOnce(done('pending', 'AIR-8'));
    const { user } = renderFlow(submit, { recover });
    await fillAndProceed(user);
    await confirmWithPin(user);
    await screen.findByRole('heading', { name: CHECKING_HEADING });
    await act(async () => jest.advanceTimersByTime(1000));
    expectChecking();
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByRole('heading', { name: 'Transaction Pending' })).toBeVisible();
    expect(recover).toHaveBeenCalledTimes(2);
    expect(recover).toHaveBeenLastCalledWith({
      idempotencyKey: 'attempt-key-1',
      details: { phone: '08012345678', amount: '500' },
    });
    // The money call was made once: the answer came from the server's record.
    expect(submit).toHaveBeenCalledTimes(1);
  });

  it('sends the call again (same key) when the server says it never arrived', async () => {
    const submit = jest.fn().mockRejectedValueOnce(LOST).mockResolvedValueOnce(done('successful'));
    const recover = jest.fn().mockResolvedValue({ kind: 'absent' });
    const { user } = renderFlow(submit, { recover });
    await fillAndProceed(user);
    await confirmWithPin(user);
    await act(async () => jest.advanceTimersByTime(1000));
    await screen.findByRole('heading', { name: 'Transaction Successful' });
    expect(submit.mock.calls.map(([, a]) => a.idempotencyKey)).toEqual([
      'attempt-key-1',
      'attempt-key-1',
    ]);
  });

  it('fails only on a definite answer, and then Try again is a new attempt (new key)', async () => {
    const submit = jest.fn().mockRejectedValueOnce(LOST);
    const recover = jest.fn().mockRejectedValueOnce(apiError(409, 'Insufficient funds.'));
    const { user } = renderFlow(submit, { recover });
    await fillAndProceed(user);
    await confirmWithPin(user);
    await act(async () => jest.advanceTimersByTime(1000));
    await screen.findByRole('heading', { name: 'Transaction Failed' });
    expect(screen.getByRole('status')).toHaveTextContent('Insufficient funds.');
    expect(showToast).toHaveBeenCalledWith('error', 'Insufficient funds.');
    submit.mockResolvedValueOnce(done('successful'));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    await confirmWithPin(user);
    expect(submit.mock.calls[1][1].idempotencyKey).toBe('attempt-key-2');
  });

  it('checks a lost OTP call by sending it again with the same OTP', async () => {
    const submit = jest
      .fn()
      .mockResolvedValueOnce(CHALLENGE)
      .mockRejectedValueOnce(LOST)
      .mockResolvedValueOnce(done('successful'));
    const { user } = renderFlow(submit);
    await fillAndProceed(user, '60000');
    await confirmWithPin(user);
    await user.type(await screen.findByRole('textbox', { name: 'OTP' }), '123123');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByRole('heading', { name: CHECKING_HEADING });
    await act(async () => jest.advanceTimersByTime(1000));
    await screen.findByRole('heading', { name: 'Transaction Successful' });
    expect(submit).toHaveBeenLastCalledWith(
      { transaction_pin: '123456', otp: '123123' },
      expect.objectContaining({ idempotencyKey: 'attempt-key-1' }),
    );
  });

  it('resumes the check after a reload (kept on the device), and clears it once answered', async () => {
    const storage = memoryStorage();
    const persist = persistIn(storage);
    const first = renderFlow(jest.fn().mockRejectedValueOnce(LOST), { persist });
    await fillAndProceed(first.user);
    await confirmWithPin(first.user);
    await screen.findByRole('heading', { name: CHECKING_HEADING });
    first.unmount();
    expect(storage.items.get('airtime.unknown')).toContain('attempt-key-1');
    // Never the PIN (the phone number holds '123456' too: the field is what is checked).
    expect(storage.items.get('airtime.unknown')).not.toMatch(/transactionPin|pin"|otp"/i);

    const submit = jest.fn();
    const recover = jest.fn().mockResolvedValue(done('successful', 'AIR-9'));
    renderFlow(submit, { persist, recover });
    expectChecking();
    await act(async () => jest.advanceTimersByTime(1000));
    await screen.findByRole('heading', { name: 'Transaction Successful' });
    expect(recover).toHaveBeenCalledWith(
      expect.objectContaining({ idempotencyKey: 'attempt-key-1' }),
    );
    expect(submit).not.toHaveBeenCalled();
    expect(storage.items.size).toBe(0);
  });

  it('after a reload, a call that never arrived goes back to Confirm under the same key (PIN asked again)', async () => {
    const persist = persistIn();
    const first = renderFlow(jest.fn().mockRejectedValueOnce(LOST), { persist });
    await fillAndProceed(first.user);
    await confirmWithPin(first.user);
    first.unmount();

    const submit = jest.fn().mockResolvedValue(done('successful'));
    const { user } = renderFlow(submit, {
      persist,
      recover: jest.fn().mockResolvedValue({ kind: 'absent' }),
    });
    await act(async () => jest.advanceTimersByTime(1000));
    expect(heading()).toHaveTextContent('Confirm details');
    await confirmWithPin(user);
    await screen.findByRole('heading', { name: 'Transaction Successful' });
    expect(submit).toHaveBeenCalledTimes(1);
    expect(submit.mock.calls[0][1].idempotencyKey).toBe('attempt-key-1');
  });

  it('a second tab cannot start another attempt of the form while one is unknown', async () => {
    const storage = memoryStorage();
    // The second tab opened the form before the first lost its answer.
    const other = renderFlow(jest.fn(), { persist: persistIn(storage) });
    const otherContainer = other.container;
    const first = render(
      <MoneyFlow
        {...other.props}
        persist={persistIn(storage)}
        submit={jest.fn().mockRejectedValueOnce(LOST)}
      />,
    );
    const firstUser = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const inFirst = within(first.container);
    await firstUser.type(inFirst.getByRole('textbox', { name: 'Phone number' }), '08012345678');
    await firstUser.type(inFirst.getByRole('textbox', { name: 'Amount' }), '500');
    await firstUser.click(inFirst.getByRole('button', { name: 'Proceed' }));
    await firstUser.type(inFirst.getByLabelText(/^Transaction PIN/), '123456');
    await firstUser.click(inFirst.getByRole('button', { name: 'Next' }));
    await inFirst.findByRole('heading', { name: CHECKING_HEADING });
    first.unmount();

    const inOther = within(otherContainer);
    await other.user.type(inOther.getByRole('textbox', { name: 'Phone number' }), '08012345678');
    await other.user.type(inOther.getByRole('textbox', { name: 'Amount' }), '900');
    await other.user.click(inOther.getByRole('button', { name: 'Proceed' }));
    expect(inOther.getByRole('heading', { level: 2 })).toHaveTextContent(CHECKING_HEADING);
    expect(other.props.submit).not.toHaveBeenCalled();
  });
});

describe('MoneyFlow: a link that comes and goes', () => {
  /** The page's inline script: <html data-offline> and the 'ajo:link' event (host/public/index.html). */
  const setLink = (down: boolean) =>
    act(() => {
      document.documentElement.toggleAttribute('data-offline', down);
      window.dispatchEvent(new Event('ajo:link'));
    });
  afterEach(() => document.documentElement.removeAttribute('data-offline'));

  it('disables Next with the reason while offline, sends nothing, and enables it when the link returns', async () => {
    const submit = jest.fn().mockResolvedValue(done('successful'));
    const { user } = renderFlow(submit);
    await fillAndProceed(user);
    await user.type(pinInput(), '123456');
    setLink(true);

    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();
    expect(next).toHaveAccessibleDescription(OFFLINE_MONEY_REASON);
    expect(screen.getByRole('status')).toHaveTextContent(OFFLINE_MONEY_REASON);
    await user.click(next);
    // Nor does Enter in the PIN field send anything.
    await user.type(pinInput(), '{Enter}');
    expect(submit).not.toHaveBeenCalled();

    setLink(false);
    expect(next).toBeEnabled();
    expect(screen.queryByText(OFFLINE_MONEY_REASON)).not.toBeInTheDocument();
    await user.click(next);
    expect(submit).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('heading', { name: 'Transaction Successful' })).toBeVisible();
  });

  it("reads the browser's own offline state without the page's script", async () => {
    const onLine = jest.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const { user } = renderFlow(jest.fn());
      await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '08012345678');
      await user.type(screen.getByRole('textbox', { name: 'Amount' }), '500');
      await user.click(screen.getByRole('button', { name: 'Proceed' }));
      // Proceed goes nowhere offline; the form says why and keeps what was typed.
      expect(heading()).toHaveTextContent('Details');
      expect(screen.getByRole('status')).toHaveTextContent(OFFLINE_MONEY_REASON);
      onLine.mockReturnValue(true);
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
      await user.click(screen.getByRole('button', { name: 'Proceed' }));
      expect(heading()).toHaveTextContent('Confirm details');
    } finally {
      onLine.mockRestore();
    }
  });

  it('tells the form it is offline, so its Proceed can be disabled too', async () => {
    const seen: boolean[] = [];
    renderFlow(jest.fn(), {
      renderInitiate: (initiate) => {
        seen.push(initiate.offline);
        return <AirtimeForm {...initiate} />;
      },
    });
    setLink(true);
    setLink(false);
    expect(seen.at(0)).toBe(false);
    expect(seen).toContain(true);
    expect(seen.at(-1)).toBe(false);
  });

  it('disables Verify with the reason while offline', async () => {
    const submit = jest
      .fn()
      .mockResolvedValueOnce(CHALLENGE)
      .mockResolvedValueOnce(done('successful'));
    const { user } = renderFlow(submit);
    await fillAndProceed(user, '60000');
    await confirmWithPin(user);
    await screen.findByRole('heading', { name: 'Enter OTP' });
    await user.type(screen.getByRole('textbox', { name: 'OTP' }), '654321');
    setLink(true);
    const verify = screen.getByRole('button', { name: 'Verify' });
    expect(verify).toBeDisabled();
    expect(verify).toHaveAccessibleDescription(OFFLINE_MONEY_REASON);
    await user.type(screen.getByRole('textbox', { name: 'OTP' }), '{Enter}');
    expect(submit).toHaveBeenCalledTimes(1);
    setLink(false);
    await user.click(verify);
    expect(submit).toHaveBeenCalledTimes(2);
    expect(submit).toHaveBeenLastCalledWith(
      { transaction_pin: '123456', otp: '654321' },
      expect.anything(),
    );
  });
});
