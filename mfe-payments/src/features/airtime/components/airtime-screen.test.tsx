import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERROR_INITIATING_AIRTIME_PURCHASE } from '@ajo/shared/messages';
import {
  api,
  apiError,
  customer,
  renderRoute,
  resetHost,
  session,
  toasts,
} from '@ajo/remote-kit/testing';
import { purchaseAnswer } from '../../../lib/test-purchases';
import { AirtimeScreen } from './airtime-screen';

jest.mock('@ajo/remote-kit/host', () => jest.requireActual('@ajo/remote-kit/testing').hostModule);

beforeEach(() => {
  resetHost();
  session.loadUser.mockImplementation(async () => {
    session.setUser(customer());
    return customer();
  });
});

async function open() {
  renderRoute(<AirtimeScreen />, '/dashboard/payments/airtime');
  const user = userEvent.setup();
  await screen.findByRole('combobox', { name: /Source wallet/ });
  return user;
}

const network = () => screen.getByRole('combobox', { name: /Network/ }) as HTMLSelectElement;
const phone = () => screen.getByRole('textbox', { name: /Phone number/ });

describe('/dashboard/payments/airtime', () => {
  it('offers exactly the four telcos of SPEC §3', async () => {
    await open();
    const options = Array.from(network().options).map((o) => [o.value, o.text]);
    expect(options).toEqual([
      ['', 'Select network'],
      ['mtnng', 'MTN'],
      ['airng', 'AIRTEL'],
      ['glong', 'GLO'],
      ['eting', '9MOBILE'],
    ]);
  });

  it('pre-selects the network from the prefix, 5-digit prefixes first, and lets the customer change it', async () => {
    const user = await open();
    await user.type(phone(), '0805');
    expect(network().value).toBe('glong');
    await user.clear(phone());
    await user.type(phone(), '07025123456');
    expect(network().value).toBe('mtnng');
    // Ported number: the customer's choice stands while the prefix stays the same.
    await user.selectOptions(network(), 'airng');
    await user.type(phone(), '{backspace}7');
    expect(network().value).toBe('airng');
    await user.clear(phone());
    await user.type(phone(), '0809');
    expect(network().value).toBe('eting');
  });

  it('enables Proceed only when every field but the PIN is filled, and buys with the 234 number', async () => {
    api.encrypted.post.mockResolvedValue(purchaseAnswer());
    const user = await open();
    const proceed = screen.getByRole('button', { name: 'Proceed' });
    expect(proceed).toBeDisabled();
    // The main wallet is preselected; the commission wallet stays selectable (SPEC §9).
    const wallet = screen.getByRole('combobox', { name: /Source wallet/ }) as HTMLSelectElement;
    expect(wallet.value).toBe(customer().wallets[0]?.account_no);
    expect(proceed).toHaveAccessibleDescription('Still needed: phone number, network, amount.');
    await user.selectOptions(wallet, '1100000004');
    await user.type(phone(), '08031234567');
    expect(proceed).toBeDisabled();
    expect(proceed).toHaveAccessibleDescription('Still needed: amount.');
    await user.type(screen.getByRole('textbox', { name: /Amount/ }), '500');
    expect(proceed).toBeEnabled();
    expect(screen.queryByText(/Still needed/)).not.toBeInTheDocument();
    await user.click(proceed);
    await user.type(await screen.findByLabelText(/Transaction PIN/), '123456');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      await screen.findByRole('heading', { name: 'Transaction Successful' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Your airtime purchase was successful.')).toBeInTheDocument();
    // The number reads as on Confirm (08…), though the server answers it as 234….
    const details = screen.getByLabelText('Purchase details');
    expect(within(details).getByText('08031234567')).toBeInTheDocument();
    expect(within(details).queryByText('2348031234567')).not.toBeInTheDocument();
    // A receipt: the fee (nothing) and when.
    expect(within(details).getByText('Fee').nextSibling).toHaveTextContent('₦0.00');
    expect(within(details).getByText('Date and time')).toBeInTheDocument();
    expect(api.encrypted.post).toHaveBeenCalledWith(
      '/payments/categories/airtime/buy-airtime',
      {
        amount: 500,
        wallet_account_number: '1100000004',
        receiving_phone_number: '2348031234567',
        telco: 'mtnng',
        wallet_name: 'Commission Wallet',
        transaction_pin: '123456',
      },
      { headers: { 'Idempotency-Key': expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/) } },
    );
  });

  it('disables a complete Proceed while the link is down, and enables it when the link returns', async () => {
    const user = await open();
    await user.type(phone(), '08031234567');
    await user.type(screen.getByRole('textbox', { name: /Amount/ }), '500');
    const proceed = screen.getByRole('button', { name: 'Proceed' });
    expect(proceed).toBeEnabled();
    // The page's link state (host/public/index.html): <html data-offline> and 'ajo:link'.
    act(() => {
      document.documentElement.setAttribute('data-offline', '');
      window.dispatchEvent(new Event('ajo:link'));
    });
    expect(proceed).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent(/You are offline/);
    act(() => {
      document.documentElement.removeAttribute('data-offline');
      window.dispatchEvent(new Event('ajo:link'));
    });
    expect(proceed).toBeEnabled();
  });

  it("says honestly when a failed vend's money came back", async () => {
    api.encrypted.post.mockResolvedValue(
      purchaseAnswer(
        { status: 'failed' },
        'userReference',
        'Your airtime purchase failed. The money has been returned to your wallet.',
      ),
    );
    const user = await open();
    await user.selectOptions(screen.getByRole('combobox', { name: /Source wallet/ }), '1100000001');
    await user.type(phone(), '08033333333');
    await user.type(screen.getByRole('textbox', { name: /Amount/ }), '500');
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    await user.type(await screen.findByLabelText(/Transaction PIN/), '123456');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Transaction Failed' })).toBeInTheDocument();
    expect(
      screen.getByText('Your airtime purchase failed. The money has been returned to your wallet.'),
    ).toBeInTheDocument();
  });

  it('toasts the SPEC §8 fallback when the server refuses without words', async () => {
    api.encrypted.post.mockRejectedValue(apiError(422));
    const user = await open();
    await user.selectOptions(screen.getByRole('combobox', { name: /Source wallet/ }), '1100000001');
    await user.type(phone(), '08031234567');
    await user.type(screen.getByRole('textbox', { name: /Amount/ }), '500');
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    await user.type(await screen.findByLabelText(/Transaction PIN/), '123456');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(toasts()).toContainEqual(['error', ERROR_INITIATING_AIRTIME_PURCHASE]),
    );
  });

  it('never says failed for a lost answer: it asks the server, which tells the purchase went through', async () => {
    api.encrypted.post.mockRejectedValue(apiError(0));
    api.get.mockResolvedValueOnce({ status: 200, data: { state: 'in_progress' } });
    api.get.mockResolvedValueOnce({
      status: 200,
      data: { state: 'completed', status: 201, answer: purchaseAnswer().data },
    });
    const user = await open();
    await user.selectOptions(screen.getByRole('combobox', { name: /Source wallet/ }), '1100000001');
    await user.type(phone(), '08031234567');
    await user.type(screen.getByRole('textbox', { name: /Amount/ }), '500');
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    await user.type(await screen.findByLabelText(/Transaction PIN/), '123456');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      await screen.findByRole('heading', { name: 'Checking your transaction…' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    await user.click(await screen.findByRole('button', { name: 'Check again' }));
    expect(
      await screen.findByRole('heading', { name: 'Transaction Successful' }),
    ).toBeInTheDocument();
    const key = (api.encrypted.post.mock.calls[0]?.[2] as { headers: Record<string, string> })
      .headers['Idempotency-Key'];
    expect(api.get).toHaveBeenCalledWith(`/money/attempts/${key}`);
    // One purchase call: the answer came from the server's record.
    expect(api.encrypted.post).toHaveBeenCalledTimes(1);
    expect(toasts()).toEqual([]);
  });
});
