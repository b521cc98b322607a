import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  appConfig,
  customer,
  renderRoute,
  resetHost,
  session,
  wallet,
} from '@ajo/remote-kit/testing';
import { BankTransferFundingScreen, COPIED, COPY_BLOCKED } from './bank-transfer-funding-screen';

jest.mock('@ajo/remote-kit/host', () => jest.requireActual('@ajo/remote-kit/testing').hostModule);

beforeEach(() => {
  resetHost();
  session.loadUser.mockImplementation(async () => {
    session.setUser(customer());
    return customer();
  });
});

afterEach(() => jest.useRealTimers());

async function renderFunding() {
  renderRoute(<BankTransferFundingScreen />, '/dashboard/fund-wallet/bank-transfer');
  return screen.findByRole('textbox', { name: 'Account number' });
}

describe('/dashboard/fund-wallet/bank-transfer', () => {
  it('shows the configured bank name, the account number and the upper-cased name, read-only', async () => {
    const accountNumber = await renderFunding();
    expect(accountNumber).toHaveValue('1100000001');
    expect(accountNumber).toHaveAttribute('readonly');
    const bank = screen.getByRole('textbox', { name: 'Bank name' });
    await waitFor(() => expect(bank).toHaveValue(appConfig.bankName));
    expect(bank).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: 'Account name' })).toHaveValue('ADA OBI');
  });

  it("never offers the commission wallet's number nor a blocked wallet's", async () => {
    session.loadUser.mockImplementation(async () => {
      const user = customer({
        wallets: [
          ...customer().wallets,
          wallet({ id: 6, name: 'Old', account_no: '1100000006', account_status: 'blocked' }),
        ],
      });
      session.setUser(user);
      return user;
    });
    await renderFunding();
    expect(screen.queryByDisplayValue('1100000006')).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue('1100000004')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Wallet' })).not.toBeInTheDocument();
  });

  it('lets the customer choose between several fundable wallets', async () => {
    session.loadUser.mockImplementation(async () => {
      const user = customer({
        wallets: [wallet(), wallet({ id: 5, name: 'Savings', account_no: '1100000005' })],
      });
      session.setUser(user);
      return user;
    });
    const accountNumber = await renderFunding();
    await userEvent
      .setup()
      .selectOptions(screen.getByRole('combobox', { name: 'Wallet' }), 'Savings');
    expect(accountNumber).toHaveValue('1100000005');
  });

  it("copies the account number and confirms with 'Copied' for 5 s", async () => {
    await renderFunding();
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy account number' }));
    expect(writeText).toHaveBeenCalledWith('1100000001');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(COPIED));
    act(() => jest.advanceTimersByTime(5000));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('selects the number and says how to copy it when the browser refuses the clipboard', async () => {
    await renderFunding();
    // user-event installs its own clipboard: the refusing one goes in after it.
    const user = userEvent.setup();
    const writeText = jest.fn().mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const execCommand = jest.fn(() => false);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy account number' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(COPY_BLOCKED));
    const field = screen.getByRole('textbox', { name: 'Account number' }) as HTMLInputElement;
    expect(field).toHaveFocus();
    expect(field.value.slice(field.selectionStart ?? 0, field.selectionEnd ?? 0)).toBe(
      '1100000001',
    );
  });

  it('copies through the selection when there is no clipboard API at all', async () => {
    await renderFunding();
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    const execCommand = jest.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy account number' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(COPIED));
    expect(execCommand).toHaveBeenCalledWith('copy');
  });
});
