import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import UiCataloguePage from './ui-catalogue-page';

beforeEach(() => {
  sessionStorage.clear();
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

function renderPage() {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  render(<UiCataloguePage />);
  return user;
}

const flow = () => screen.getByRole('region', { name: 'Money flow' });
const log = () =>
  within(screen.getByRole('list', { name: 'Calls to the fake server' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');

async function proceedWith(user: ReturnType<typeof userEvent.setup>, amount = '60000') {
  await user.selectOptions(
    within(flow()).getByRole('combobox', { name: 'Source wallet' }),
    '1100000001',
  );
  await user.type(within(flow()).getByRole('textbox', { name: 'Amount' }), amount);
  await user.click(within(flow()).getByRole('button', { name: 'Proceed' }));
}

describe('/ui-catalogue', () => {
  it('walks the money flow through confirm, OTP and status with one key', async () => {
    const user = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'UI catalogue' })).toBeInTheDocument();
    const proceed = screen.getByRole('button', { name: 'Proceed' });
    expect(proceed).toBeDisabled();
    await proceedWith(user);

    expect(screen.getByRole('heading', { name: 'Confirm details' })).toHaveFocus();
    await user.type(within(flow()).getByLabelText(/^Transaction PIN/), '123456');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Enter OTP' })).toBeInTheDocument();
    expect(screen.getByText(/2348\*{5}5678/)).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'OTP' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByRole('heading', { name: 'Transaction Successful' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Screen content (slot): 12.5 kWh')).toBeInTheDocument();

    const calls = log();
    expect(calls).toHaveLength(2);
    const key = /Idempotency-Key (\S+)/.exec(calls[0] ?? '')?.[1];
    expect(key).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(calls[0]).toMatch(/^confirm/);
    expect(calls[1]).toBe(`otp Idempotency-Key ${key} OTP 123456`);
  });

  it('shows the validation messages of the shared schemas on Proceed', async () => {
    const user = renderPage();
    await proceedWith(user, '10.005');
    expect(within(flow()).getByRole('textbox', { name: 'Amount' })).toHaveAccessibleDescription(
      'Positive numbers only Amount can have at most 2 decimal places',
    );
  });

  it('shows a failure picked on the fake server as a toast and a failed status', async () => {
    const user = renderPage();
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Answer to Next (confirm)' }),
      'Error with a message (422)',
    );
    await proceedWith(user);
    await user.type(within(flow()).getByLabelText(/^Transaction PIN/), '123456');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Transaction Failed' })).toBeInTheDocument();
    const toast = screen.getByRole('status', { name: 'Toast' });
    expect(
      await within(toast).findByText('Insufficient funds in the source wallet.'),
    ).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(5000));
    expect(screen.getByRole('status', { name: 'Toast' })).toBeEmptyDOMElement();
  });

  it('shows each field of the kit', () => {
    renderPage();
    const fields = screen.getByRole('region', { name: 'Fields' });
    expect(
      within(fields).getByRole('combobox', { name: 'Wallet (commission wallet included)' }),
    ).toHaveTextContent('Commission Wallet');
    expect(within(fields).getByLabelText(/^Security PIN/)).toHaveAttribute('maxlength', '4');
    expect(within(fields).getByLabelText('Example summary')).toBeInTheDocument();
    expect(within(fields).getByText('Source wallet required')).toBeInTheDocument();
  });

  it('keeps the attempt under way across a reload', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const first = render(<UiCataloguePage />);
    await proceedWith(user);
    first.unmount();

    renderPage();
    expect(within(flow()).getByRole('heading', { name: 'Confirm details' })).toBeInTheDocument();
    expect(within(flow()).getByLabelText('Transaction details')).toHaveTextContent('₦60,000.00');
  });
});
