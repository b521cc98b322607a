import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  api,
  apiError,
  bus,
  customer,
  renderRoute,
  resetHost,
  session,
  toasts,
  wallet,
} from '@ajo/remote-kit/testing';
import { WalletToWalletScreen } from './wallet-to-wallet-screen';

jest.mock('@ajo/remote-kit/host', () => jest.requireActual('@ajo/remote-kit/testing').hostModule);

const RECEIVER = '2200000002';
const LIMITS = { tier: 2, remainingToday: 150_000, dailyLimit: 200_000, maxBalance: 500_000 };
const BOLA = {
  id: 9,
  name: 'Bola Ige',
  recipient_account_number: RECEIVER,
  account_number: '1100000001',
  account_type: 'wallet',
  bank_code: null,
  bank_image: null,
};
const BANK_BENEFICIARY = {
  ...BOLA,
  id: 10,
  name: 'ADAEZE OKONKWO',
  recipient_account_number: '0123456785',
  account_type: 'bank',
  bank_code: '058',
};

let beneficiaries: unknown[] = [];

beforeEach(() => {
  resetHost();
  sessionStorage.clear();
  beneficiaries = [];
  session.loadUser.mockImplementation(async () => {
    session.setUser(customer());
    return customer();
  });
  api.get.mockImplementation(async (url: string) => {
    if (url === '/transfers/limits') return { status: 200, data: LIMITS };
    if (url.startsWith('/beneficiaries/')) return { status: 200, data: { data: beneficiaries } };
    throw apiError(404);
  });
  api.encrypted.post.mockImplementation(async (url: string) => {
    if (url.endsWith('/verify-wallet-number')) {
      return {
        status: 200,
        data: { wallet: [{ firstname: 'Bola', lastname: 'Ige', account_no: RECEIVER }] },
      };
    }
    if (url.endsWith('/transfer-funds')) {
      return {
        status: 200,
        data: {
          message: 'Transfer successful',
          transfer: {
            tx_ref: 'money-abc',
            status: 'successful',
            amount: 2500.5,
            receiver_wallet_number: RECEIVER,
            receiver_name: 'Bola Ige',
          },
        },
      };
    }
    throw apiError(404);
  });
});

async function openScreen() {
  renderRoute(<WalletToWalletScreen />, '/dashboard/transfers/other-wallet');
  const user = userEvent.setup();
  await screen.findByRole('combobox', { name: /Source wallet/ });
  return user;
}

/** The screen opened again while an attempt's outcome is unknown: it goes straight to checking. */
async function openCheck() {
  renderRoute(<WalletToWalletScreen />, '/dashboard/transfers/other-wallet');
  const user = userEvent.setup();
  await screen.findByRole('heading', { name: 'Checking your transaction…' });
  return user;
}

async function fillValidated(user: ReturnType<typeof userEvent.setup>, amount = '2500.50') {
  await user.type(screen.getByRole('textbox', { name: /Receiver wallet number/ }), RECEIVER);
  await user.click(screen.getByRole('button', { name: 'Validate' }));
  await screen.findByText('Bola Ige');
  await user.type(screen.getByRole('textbox', { name: /Amount/ }), amount);
}

/** Proceed, the PIN, Next: the transfer answers successful. */
async function sendAndSucceed(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Proceed' }));
  await user.type(screen.getByLabelText(/Transaction PIN/), '123456');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { name: 'Transaction Successful' });
}

describe('/dashboard/transfers/other-wallet', () => {
  it('offers only the non-commission wallets, picks the only one, and shows what can still be sent today', async () => {
    await openScreen();
    const select = screen.getByRole('combobox', { name: /Source wallet/ });
    const values = within(select)
      .getAllByRole('option')
      .map((o) => (o as HTMLOptionElement).value);
    expect(values).toEqual(['', '1100000001']);
    expect((select as HTMLSelectElement).value).toBe('1100000001');
    expect(await screen.findByText(/more today/)).toHaveTextContent(
      'You can send ₦150,000.00 more today (tier 2: ₦200,000.00 a day).',
    );
  });

  it('enables Proceed only once the receiver is validated and an amount is typed (SPEC §4)', async () => {
    const user = await openScreen();
    const proceed = screen.getByRole('button', { name: 'Proceed' });
    await user.type(screen.getByRole('textbox', { name: /Receiver wallet number/ }), RECEIVER);
    await user.type(screen.getByRole('textbox', { name: /Amount/ }), '100');
    expect(proceed).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Validate' }));
    expect(await screen.findByText('Bola Ige')).toBeInTheDocument();
    expect(proceed).toBeEnabled();
    // Another number is not the validated one.
    await user.type(screen.getByRole('textbox', { name: /Receiver wallet number/ }), '9');
    expect(screen.queryByText('Bola Ige')).not.toBeInTheDocument();
    expect(proceed).toBeDisabled();
  });

  it("shows the server's message, else 'Error verifying wallet number'", async () => {
    const user = await openScreen();
    api.encrypted.post.mockRejectedValueOnce(
      apiError(404, 'We could not find a wallet with this number.'),
    );
    await user.type(screen.getByRole('textbox', { name: /Receiver wallet number/ }), RECEIVER);
    await user.click(screen.getByRole('button', { name: 'Validate' }));
    await waitFor(() =>
      expect(toasts()).toEqual([['error', 'We could not find a wallet with this number.']]),
    );
    api.encrypted.post.mockRejectedValueOnce(apiError(500));
    await user.click(screen.getByRole('button', { name: 'Validate' }));
    await waitFor(() => expect(toasts()[1]).toEqual(['error', 'Error verifying wallet number']));
  });

  it('refuses an amount above what is left today before any call', async () => {
    const user = await openScreen();
    await fillValidated(user, '150000.01');
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(
      screen.getByText('This is above your daily limit. You can send ₦150,000.00 more today.'),
    ).toBeInTheDocument();
    expect(api.encrypted.post).not.toHaveBeenCalledWith(
      '/transfers/wallet-to-other-wallet/transfer-funds',
      expect.anything(),
      expect.anything(),
    );
  });

  it('sends the transfer with its client reference, shows it successful and refreshes the balances', async () => {
    const user = await openScreen();
    await fillValidated(user);
    await user.type(screen.getByRole('textbox', { name: /Narration/ }), 'Lunch');
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    const details = screen.getByLabelText('Transaction details');
    expect(details).toHaveTextContent('Bola Ige - 2200000002');
    expect(details).toHaveTextContent('₦2,500.50');
    await user.type(screen.getByLabelText(/Transaction PIN/), '123456');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Transaction Successful' })).toBeVisible();
    expect(screen.getByText('money-abc')).toBeInTheDocument();
    // The status reads as a receipt: amount, recipient, fee, date and time (reference above).
    const receipt = screen.getByLabelText('Receipt');
    expect(receipt).toHaveTextContent('₦2,500.50');
    expect(receipt).toHaveTextContent('Bola Ige - 2200000002');
    expect(within(receipt).getByText('Fee').nextSibling).toHaveTextContent('₦0.00');
    expect(within(receipt).getByText('Date and time')).toBeInTheDocument();
    const call = api.encrypted.post.mock.calls.find(([url]) =>
      String(url).endsWith('transfer-funds'),
    );
    expect(call?.[1]).toEqual({
      sender_wallet_number: '1100000001',
      wallet_name: 'Main Wallet',
      receiver_wallet_number: RECEIVER,
      transfer_amount: 2500.5,
      narration: 'Lunch',
      transaction_pin: '123456',
    });
    expect(call?.[2]).toEqual({
      headers: { 'Idempotency-Key': expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/) },
    });
    expect(bus.emit).toHaveBeenCalledWith({
      type: 'wallets-changed',
      walletAccountNumber: '1100000001',
    });
  });

  it('a lost answer is checked, not failed; after a reload the check resumes and finds the transfer done', async () => {
    const answered = await api.encrypted.post('/transfer-funds');
    let attempt = 'unknown';
    const fallback = api.encrypted.post.getMockImplementation();
    api.encrypted.post.mockImplementation(async (url: string, body: unknown, options: unknown) => {
      // The transfer went through, but its answer never came back.
      if (url.endsWith('/transfer-funds')) throw apiError(0);
      return fallback?.(url, body, options);
    });
    const plainGet = api.get.getMockImplementation();
    api.get.mockImplementation(async (url: string) => {
      if (url.startsWith('/money/attempts/')) {
        return attempt === 'done'
          ? { status: 200, data: { state: 'completed', status: 200, answer: answered.data } }
          : { status: 200, data: { state: 'in_progress' } };
      }
      return plainGet?.(url);
    });
    api.encrypted.post.mockClear();
    const user = await openScreen();
    await fillValidated(user);
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    await user.type(screen.getByLabelText(/Transaction PIN/), '123456');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      await screen.findByRole('heading', { name: 'Checking your transaction…' }),
    ).toBeVisible();
    expect(screen.queryByText('Transaction Failed')).not.toBeInTheDocument();
    expect(toasts()).toEqual([]);

    // The page is reloaded while the outcome is unknown.
    cleanup();
    attempt = 'done';
    const again = await openCheck();
    await again.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByRole('heading', { name: 'Transaction Successful' })).toBeVisible();
    const sent = api.encrypted.post.mock.calls.filter(([url]) =>
      String(url).endsWith('transfer-funds'),
    );
    expect(sent).toHaveLength(1);
    const key = (sent[0]?.[2] as { headers: Record<string, string> }).headers['Idempotency-Key'];
    expect(api.get).toHaveBeenCalledWith(`/money/attempts/${key}`);
    expect(bus.emit).toHaveBeenCalledWith({
      type: 'wallets-changed',
      walletAccountNumber: '1100000001',
    });
  });

  it('asks for the OTP on a 202; a wrong OTP keeps the customer on the step', async () => {
    const user = await openScreen();
    api.encrypted.post.mockImplementation(async (url: string, body: { otp?: string }) => {
      if (url.endsWith('/verify-wallet-number')) {
        return {
          status: 200,
          data: { wallet: [{ firstname: 'Bola', lastname: 'Ige', account_no: RECEIVER }] },
        };
      }
      if (!body.otp) {
        return {
          status: 202,
          data: { message: 'OTP sent', notificationChannel: 'phone', recipient: '2348012345678' },
        };
      }
      throw apiError(401, 'Invalid otp');
    });
    await fillValidated(user, '60000');
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    await user.type(screen.getByLabelText(/Transaction PIN/), '123456');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Enter OTP' })).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: /OTP/ }), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Invalid OTP! Please, check and try again.')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Enter OTP' })).toBeVisible();
  });

  it('saves the receiver as a beneficiary after a successful transfer when ticked', async () => {
    const user = await openScreen();
    api.post.mockResolvedValue({
      status: 200,
      data: { message: 'Beneficiary Saved Successfully!', data: BOLA },
    });
    await fillValidated(user);
    await user.click(screen.getByRole('checkbox', { name: 'Save Beneficiary' }));
    await sendAndSucceed(user);
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith(`/beneficiaries/${RECEIVER}`, {
        name: 'Bola Ige',
        recipient_account_number: RECEIVER,
        account_number: '1100000001',
        account_type: 'wallet',
        bank_code: null,
        bank_image: null,
      }),
    );
    await waitFor(() =>
      expect(toasts()).toContainEqual(['success', 'Beneficiary Saved Successfully!']),
    );
  });

  it('saves against the first wallet, where beneficiaries are listed from, whichever wallet paid', async () => {
    const savings = wallet({ id: 3, name: 'Savings', account_no: '1100000003', product_id: 2 });
    const twoWallets = customer({ wallets: [...customer().wallets, savings] });
    session.loadUser.mockImplementation(async () => {
      session.setUser(twoWallets);
      return twoWallets;
    });
    api.post.mockResolvedValue({
      status: 200,
      data: { message: 'Beneficiary Saved Successfully!', data: BOLA },
    });
    const user = await openScreen();
    await user.selectOptions(screen.getByRole('combobox', { name: /Source wallet/ }), '1100000003');
    await fillValidated(user);
    await user.click(screen.getByRole('checkbox', { name: 'Save Beneficiary' }));
    await sendAndSucceed(user);
    expect(api.encrypted.post).toHaveBeenCalledWith(
      '/transfers/wallet-to-other-wallet/transfer-funds',
      expect.objectContaining({ sender_wallet_number: '1100000003', wallet_name: 'Savings' }),
      expect.anything(),
    );
    expect(api.get).toHaveBeenCalledWith('/beneficiaries/1100000001');
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith(
        `/beneficiaries/${RECEIVER}`,
        expect.objectContaining({ account_number: '1100000001' }),
      ),
    );
  });

  it('does not save a receiver ticked before it turned out to be saved already', async () => {
    beneficiaries = [BOLA];
    const user = await openScreen();
    await waitFor(() => expect(api.get).toHaveBeenCalledWith('/beneficiaries/1100000001'));
    await user.click(screen.getByRole('checkbox', { name: 'Save Beneficiary' }));
    await fillValidated(user);
    expect(screen.queryByRole('checkbox', { name: 'Save Beneficiary' })).not.toBeInTheDocument();
    await sendAndSucceed(user);
    expect(api.post).not.toHaveBeenCalled();
  });

  it.each([
    // SPEC §8: a duplicate always reads as the SPEC's save error, whatever the server said.
    [
      409,
      'whatever',
      'Error Saving Beneficiary! Please, check that the beneficiary does not already exist.',
    ],
    // Any other refusal in the server's own words.
    [
      422,
      'You can save at most 100 beneficiaries per wallet.',
      'You can save at most 100 beneficiaries per wallet.',
    ],
    [
      500,
      undefined,
      'Error Saving Beneficiary! Please, check that the beneficiary does not already exist.',
    ],
  ])(
    'a save refused with %s after the transfer shows its error, the transfer stays successful',
    async (status, said, shown) => {
      const user = await openScreen();
      api.post.mockRejectedValue(apiError(status, said));
      await fillValidated(user);
      await user.click(screen.getByRole('checkbox', { name: 'Save Beneficiary' }));
      await sendAndSucceed(user);
      await waitFor(() => expect(toasts()).toContainEqual(['error', shown]));
      expect(screen.getByRole('heading', { name: 'Transaction Successful' })).toBeVisible();
    },
  );
});

describe('Beneficiaries on the wallet screen', () => {
  it('says so when none is saved', async () => {
    const user = await openScreen();
    await user.click(screen.getByRole('button', { name: 'Choose Beneficiary' }));
    const dialog = await screen.findByRole('dialog', { name: 'Beneficiaries' });
    expect(dialog).toHaveTextContent('You have not saved any beneficiary yet!');
  });

  it('lists only wallet beneficiaries; picking one fills the form, closes the modal and hides Save', async () => {
    beneficiaries = [BOLA, BANK_BENEFICIARY];
    const user = await openScreen();
    await user.click(screen.getByRole('button', { name: 'Choose Beneficiary' }));
    const dialog = await screen.findByRole('dialog', { name: 'Beneficiaries' });
    expect(within(dialog).queryByText('ADAEZE OKONKWO')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /^Choose Bola Ige/ }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Receiver wallet number/ })).toHaveValue(RECEIVER);
    expect(screen.getByText('Bola Ige')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Save Beneficiary' })).not.toBeInTheDocument();
  });

  it('hides Save when the validated number is already saved', async () => {
    beneficiaries = [BOLA];
    const user = await openScreen();
    await waitFor(() => expect(api.get).toHaveBeenCalledWith('/beneficiaries/1100000001'));
    expect(screen.getByRole('checkbox', { name: 'Save Beneficiary' })).toBeInTheDocument();
    await fillValidated(user);
    expect(screen.queryByRole('checkbox', { name: 'Save Beneficiary' })).not.toBeInTheDocument();
  });

  it('deletes one after the confirm dialog, and says so; a failure closes the dialog with the error', async () => {
    beneficiaries = [BOLA];
    api.delete.mockResolvedValueOnce({
      status: 200,
      data: { message: 'Beneficiary deleted successfully!' },
    });
    const user = await openScreen();
    await user.click(screen.getByRole('button', { name: 'Choose Beneficiary' }));
    await user.click(await screen.findByRole('button', { name: 'Delete Bola Ige' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete Saved Beneficiary!' });
    await user.click(within(confirm).getByRole('button', { name: 'Confirm Delete' }));
    await waitFor(() =>
      expect(toasts()).toEqual([['success', 'Beneficiary deleted successfully!']]),
    );
    expect(api.delete).toHaveBeenCalledWith('/beneficiaries/9');

    api.delete.mockRejectedValueOnce(apiError(500));
    await user.click(screen.getByRole('button', { name: 'Choose Beneficiary' }));
    await user.click(await screen.findByRole('button', { name: 'Delete Bola Ige' }));
    await user.click(screen.getByRole('button', { name: 'Confirm Delete' }));
    await waitFor(() => expect(toasts()[1]).toEqual(['error', 'Error deleting beneficiary!']));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it.each([
    ['Escape', async (user: ReturnType<typeof userEvent.setup>) => user.keyboard('{Escape}')],
    [
      'a click outside',
      async (user: ReturnType<typeof userEvent.setup>) =>
        user.click(screen.getByTestId('ajo-modal-backdrop')),
    ],
    [
      'the close button',
      async (user: ReturnType<typeof userEvent.setup>) =>
        user.click(screen.getByRole('button', { name: 'Close' })),
    ],
  ])('the modal closes on %s (SPEC §2 generic modals)', async (_how, close) => {
    const user = await openScreen();
    await user.click(screen.getByRole('button', { name: 'Choose Beneficiary' }));
    await screen.findByRole('dialog', { name: 'Beneficiaries' });
    await close(user);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Cancel closes the confirm dialog without deleting', async () => {
    beneficiaries = [BOLA];
    const user = await openScreen();
    await user.click(screen.getByRole('button', { name: 'Choose Beneficiary' }));
    await user.click(await screen.findByRole('button', { name: 'Delete Bola Ige' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(api.delete).not.toHaveBeenCalled();
  });
});
