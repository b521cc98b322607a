import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERROR_INITIATING_TRANSFER } from '@ajo/shared/messages';
import {
  api,
  apiError,
  customer,
  renderRoute,
  resetHost,
  session,
  toasts,
} from '@ajo/remote-kit/testing';
import { redirectBrowser } from '@ajo/remote-kit/browser-redirect';
import { BankToWalletScreen, NO_ANSWER, NO_ANSWER_RETRY_MS } from './bank-to-wallet-screen';

jest.mock('@ajo/remote-kit/host', () => jest.requireActual('@ajo/remote-kit/testing').hostModule);
jest.mock('@ajo/remote-kit/browser-redirect', () => ({
  ...jest.requireActual('@ajo/remote-kit/browser-redirect'),
  redirectBrowser: jest.fn(),
}));

const CHECKOUT = 'http://127.0.0.1:3340/api/sandbox/checkout/sess_1';

beforeEach(() => {
  resetHost();
  jest.mocked(redirectBrowser).mockReset();
  session.loadUser.mockImplementation(async () => {
    session.setUser(customer());
    return customer();
  });
});

async function fillForm(amount = '2500.50', pin = '123456') {
  renderRoute(<BankToWalletScreen />, '/dashboard/transfers/bank-to-wallet');
  const user = userEvent.setup();
  await user.selectOptions(await screen.findByRole('combobox', { name: /Wallet/ }), '1100000001');
  await user.type(screen.getByRole('textbox', { name: /Amount/ }), amount);
  await user.type(screen.getByLabelText(/Transaction PIN/), pin);
  await user.click(screen.getByRole('button', { name: 'Proceed' }));
  return user;
}

describe('/dashboard/transfers/bank-to-wallet', () => {
  it('does not offer the commission wallet', async () => {
    renderRoute(<BankToWalletScreen />, '/dashboard/transfers/bank-to-wallet');
    const select = await screen.findByRole('combobox', { name: /Wallet/ });
    const values = within(select)
      .getAllByRole('option')
      .map((option) => (option as HTMLOptionElement).value);
    expect(values).toEqual(['', '1100000001']);
  });

  it('sends the amount as a number with platform web, then opens the checkout link', async () => {
    api.encrypted.post.mockResolvedValue({ status: 200, data: { link: CHECKOUT } });
    await fillForm();
    await waitFor(() => expect(redirectBrowser).toHaveBeenCalledWith(CHECKOUT));
    expect(api.encrypted.post).toHaveBeenCalledWith(
      '/transfers/bank-to-wallet',
      {
        wallet_account_number: '1100000001',
        transfer_amount: 2500.5,
        transaction_pin: '123456',
        phone_number: '2348012345678',
        platform: 'web',
      },
      { headers: { 'Idempotency-Key': expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/) } },
    );
  });

  it('sends the same client reference when Proceed is pressed again with the same details, a new one for new details', async () => {
    // Every call is refused (an unexpected refusal): the customer presses Proceed again, then
    // changes the amount.
    api.encrypted.post.mockRejectedValue(apiError(422));
    const user = await fillForm();
    await waitFor(() => expect(api.encrypted.post).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Proceed' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    await waitFor(() => expect(api.encrypted.post).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Proceed' })).toBeEnabled());
    await user.clear(screen.getByRole('textbox', { name: /Amount/ }));
    await user.type(screen.getByRole('textbox', { name: /Amount/ }), '100');
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    await waitFor(() => expect(api.encrypted.post).toHaveBeenCalledTimes(3));
    const keys = api.encrypted.post.mock.calls.map(
      (call) => (call[2] as { headers: Record<string, string> }).headers['Idempotency-Key'],
    );
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('requires a wallet, an amount and a 6-digit PIN before calling the server', async () => {
    renderRoute(<BankToWalletScreen />, '/dashboard/transfers/bank-to-wallet');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Transaction PIN/), '123');
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(await screen.findByText('Select a wallet')).toBeInTheDocument();
    expect(screen.getByText('Amount is required')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Amount/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/Transaction PIN/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.encrypted.post).not.toHaveBeenCalled();
  });

  it("toasts 'Error initiating transfer' when the call is refused without a message", async () => {
    api.encrypted.post.mockRejectedValue(apiError(422));
    await fillForm();
    await waitFor(() => expect(toasts()).toEqual([['error', ERROR_INITIATING_TRANSFER]]));
    expect(redirectBrowser).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Proceed' })).toBeEnabled();
  });

  it('repeats a call whose answer was lost under the same key, and opens the checkout it answers', async () => {
    jest.useFakeTimers();
    try {
      api.encrypted.post
        .mockRejectedValueOnce(apiError(0))
        .mockRejectedValueOnce(apiError(504))
        .mockResolvedValueOnce({ status: 200, data: { link: CHECKOUT } });
      renderRoute(<BankToWalletScreen />, '/dashboard/transfers/bank-to-wallet');
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      await user.selectOptions(
        await screen.findByRole('combobox', { name: /Wallet/ }),
        '1100000001',
      );
      await user.type(screen.getByRole('textbox', { name: /Amount/ }), '2500.50');
      await user.type(screen.getByLabelText(/Transaction PIN/), '123456');
      await user.click(screen.getByRole('button', { name: 'Proceed' }));
      await waitFor(() => expect(api.encrypted.post).toHaveBeenCalledTimes(1));
      await act(async () => jest.advanceTimersByTime(1000));
      await waitFor(() => expect(api.encrypted.post).toHaveBeenCalledTimes(2));
      await act(async () => jest.advanceTimersByTime(2000));
      await waitFor(() => expect(redirectBrowser).toHaveBeenCalledWith(CHECKOUT));
      const keys = api.encrypted.post.mock.calls.map(
        (call) => (call[2] as { headers: Record<string, string> }).headers['Idempotency-Key'],
      );
      expect(new Set(keys).size).toBe(1);
      expect(toasts()).toEqual([]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('says the answer was lost (not failed) when it never comes, and Proceed continues the same payment', async () => {
    jest.useFakeTimers();
    try {
      api.encrypted.post.mockRejectedValue(apiError(0));
      renderRoute(<BankToWalletScreen />, '/dashboard/transfers/bank-to-wallet');
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      await user.selectOptions(
        await screen.findByRole('combobox', { name: /Wallet/ }),
        '1100000001',
      );
      await user.type(screen.getByRole('textbox', { name: /Amount/ }), '2500.50');
      await user.type(screen.getByLabelText(/Transaction PIN/), '123456');
      await user.click(screen.getByRole('button', { name: 'Proceed' }));
      for (const wait of NO_ANSWER_RETRY_MS) await act(async () => jest.advanceTimersByTime(wait));
      await waitFor(() => expect(toasts()).toEqual([['error', NO_ANSWER]]));
      expect(api.encrypted.post).toHaveBeenCalledTimes(4);
      expect(redirectBrowser).not.toHaveBeenCalled();
    } finally {
      jest.useRealTimers();
    }
  });

  it("toasts the server's message, such as a wrong transaction PIN", async () => {
    api.encrypted.post.mockRejectedValue(apiError(401, 'Incorrect transaction PIN.'));
    await fillForm();
    await waitFor(() => expect(toasts()).toEqual([['error', 'Incorrect transaction PIN.']]));
  });

  it('refuses a checkout link that is not http(s)', async () => {
    api.encrypted.post.mockResolvedValue({ status: 200, data: { link: 'javascript:alert(1)' } });
    await fillForm();
    await waitFor(() => expect(toasts()).toEqual([['error', ERROR_INITIATING_TRANSFER]]));
    expect(redirectBrowser).not.toHaveBeenCalled();
  });
});
