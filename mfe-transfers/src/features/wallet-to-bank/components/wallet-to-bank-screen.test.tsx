import { screen, waitFor, within } from '@testing-library/react';
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
import { WalletToBankScreen } from './wallet-to-bank-screen';

jest.mock('@ajo/remote-kit/host', () => jest.requireActual('@ajo/remote-kit/testing').hostModule);

// The PDF library is a separate chunk, loaded only when Download PDF is pressed: the factory runs
// on the first import, so the count says when that happens. It lives on globalThis because a
// static import (the mistake this guards against) runs the factory before this file's own lets.
const pdf = globalThis as typeof globalThis & { pdfLoads?: number; pdfSaved?: string[] };
jest.mock('jspdf', () => {
  const counter = globalThis as typeof globalThis & { pdfLoads?: number; pdfSaved?: string[] };
  counter.pdfLoads = (counter.pdfLoads ?? 0) + 1;
  return {
    jsPDF: class {
      setFontSize() {}
      text() {}
      save(name: string) {
        (counter.pdfSaved ??= []).push(name);
      }
    },
  };
});

const ACCOUNT = '0123456785';
const BANKS = [
  { code: '058', name: 'GTBank' },
  { code: '044', name: 'access bank' },
  { code: '011', name: 'First Bank of Nigeria' },
];
const ENQUIRY = {
  beneficiaryAccountName: 'ADAEZE OKONKWO',
  beneficiaryAccountNumber: ACCOUNT,
  beneficiaryNameEnquiryRefrenceNumber: '999999260115090000123456789012',
  bankVerificationNumber: '22222222222',
  kyclevel: '3',
  beneficiaryBankCode: '058',
};
const answer = (status: 'successful' | 'pending' | 'failed', message: string) => ({
  message,
  paymentReference: 'money-ref-1',
  status,
  amount: 5000,
  account_name: 'ADAEZE OKONKWO',
  account_number: ACCOUNT,
  bank_name: 'GTBank',
});
const PENDING_TEXT =
  'Your transfer is pending: we are confirming it with the bank. If the bank does not pay it, your money comes back to your wallet automatically.';
const FAILED_TEXT =
  'The bank could not complete this transfer. Your money has been returned to your wallet.';

/** A saved beneficiary as GET /beneficiaries/{wallet} lists it: ADAEZE OKONKWO's account by default. */
const saved = (overrides: Record<string, unknown> = {}) => ({
  id: 3,
  name: 'ADAEZE OKONKWO',
  recipient_account_number: ACCOUNT,
  account_number: '1100000001',
  account_type: 'bank',
  bank_code: '058',
  bank_image: null,
  ...overrides,
});

let transferAnswer = answer('successful', 'Transfer successful');
let beneficiaries: unknown[] = [];

beforeEach(() => {
  resetHost();
  sessionStorage.clear();
  beneficiaries = [];
  transferAnswer = answer('successful', 'Transfer successful');
  session.loadUser.mockImplementation(async () => {
    session.setUser(customer());
    return customer();
  });
  api.get.mockImplementation(async (url: string) => {
    if (url === '/transfers/limits') {
      return {
        status: 200,
        data: { tier: 2, remainingToday: 200_000, dailyLimit: 200_000, maxBalance: 500_000 },
      };
    }
    if (url.startsWith('/beneficiaries/')) return { status: 200, data: { data: beneficiaries } };
    if (url === '/transfers/wallet-to-bank/money-ref-1') {
      return { status: 200, data: answer('failed', FAILED_TEXT) };
    }
    throw apiError(404);
  });
  api.encrypted.post.mockImplementation(async (url: string) => {
    if (url.endsWith('/get-banks')) return { status: 200, data: { bankArray: BANKS } };
    if (url.endsWith('/verify-account-number')) return { status: 200, data: { account: ENQUIRY } };
    if (url.endsWith('/transfer-funds')) return { status: 200, data: transferAnswer };
    throw apiError(404);
  });
});

async function openScreen() {
  renderRoute(<WalletToBankScreen />, '/dashboard/transfers/wallet-to-bank');
  const user = userEvent.setup();
  await screen.findByRole('combobox', { name: /From wallet/ });
  return user;
}

async function chooseBank(user: ReturnType<typeof userEvent.setup>, name: string) {
  const bank = screen.getByRole('combobox', { name: /Receiving bank/ });
  await user.click(bank);
  await user.type(bank, name.slice(0, 3));
  await user.click(await screen.findByRole('option', { name }));
}

async function fillValidated(user: ReturnType<typeof userEvent.setup>) {
  await chooseBank(user, 'GTBank');
  await user.type(screen.getByRole('textbox', { name: /Account number/ }), ACCOUNT);
  await user.click(screen.getByRole('button', { name: 'Validate' }));
  await waitFor(() =>
    expect(screen.getByRole('textbox', { name: /Account name/ })).toHaveValue('ADAEZE OKONKWO'),
  );
  await user.type(screen.getByRole('textbox', { name: /Amount/ }), '5000');
}

async function send(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Proceed' }));
  await user.type(screen.getByLabelText(/Transaction PIN/), '123456');
  await user.click(screen.getByRole('button', { name: 'Next' }));
}

describe('/dashboard/transfers/wallet-to-bank', () => {
  it('lists the banks sorted by name, case-insensitively, with code***name values', async () => {
    const user = await openScreen();
    await user.click(screen.getByRole('combobox', { name: /Receiving bank/ }));
    const list = await screen.findByRole('listbox');
    const names = within(list)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(names).toEqual(['access bank', 'First Bank of Nigeria', 'GTBank']);
  });

  it('never offers the commission wallet as the source (SPEC §5), even listed first', async () => {
    const commission = wallet({
      id: 2,
      name: 'Commission Wallet',
      account_no: '1100000004',
      balance: 250,
      product_id: 4,
    });
    const savings = wallet({ id: 3, name: 'Savings Wallet', account_no: '1100000003' });
    session.loadUser.mockImplementation(async () => {
      const user = customer({ wallets: [commission, wallet(), savings] });
      session.setUser(user);
      return user;
    });
    await openScreen();
    const select = screen.getByRole('combobox', { name: /From wallet/ });
    const options = within(select).getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((o) => o.value)).toEqual(['', '1100000001', '1100000003']);
    expect(options.map((o) => o.textContent).join(' ')).not.toMatch(/Commission/);
    // Two wallets to choose from: none is picked for the customer.
    expect((select as HTMLSelectElement).value).toBe('');
  });

  it('picks the one wallet that can send, not the commission wallet listed before it', async () => {
    session.loadUser.mockImplementation(async () => {
      const commissionFirst = customer({ wallets: [...customer().wallets].reverse() });
      session.setUser(commissionFirst);
      return commissionFirst;
    });
    const user = await openScreen();
    const select = screen.getByRole('combobox', { name: /From wallet/ });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => (o as HTMLOptionElement).value),
    ).toEqual(['', '1100000001']);
    expect((select as HTMLSelectElement).value).toBe('1100000001');
    await fillValidated(user);
    await send(user);
    await screen.findByRole('heading', { name: 'Transaction Successful' });
    const call = api.encrypted.post.mock.calls.find(([url]) =>
      String(url).endsWith('transfer-funds'),
    );
    expect(call?.[1]).toMatchObject({
      wallet_account_number: '1100000001',
      wallet_name: 'Main Wallet',
    });
  });

  it("toasts 'Error getting banks' when the list fails", async () => {
    api.encrypted.post.mockImplementation(async () => {
      throw apiError(500);
    });
    await openScreen();
    await waitFor(() => expect(toasts()).toContainEqual(['error', 'Error getting banks']));
  });

  it('validates through the name enquiry; the name is read-only; Proceed needs it', async () => {
    const user = await openScreen();
    await chooseBank(user, 'GTBank');
    await user.type(screen.getByRole('textbox', { name: /Account number/ }), ACCOUNT);
    await user.type(screen.getByRole('textbox', { name: /Amount/ }), '5000');
    expect(screen.getByRole('button', { name: 'Proceed' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Validate' }));
    const name = screen.getByRole('textbox', { name: /Account name/ });
    await waitFor(() => expect(name).toHaveValue('ADAEZE OKONKWO'));
    expect(name).toHaveAttribute('readonly');
    expect(api.encrypted.post).toHaveBeenCalledWith(
      '/transfers/wallet-to-bank/verify-account-number',
      {
        channelCode: '1',
        beneficiaryBankCode: '058',
        beneficiaryAccountNumber: ACCOUNT,
      },
    );
    expect(screen.getByRole('button', { name: 'Proceed' })).toBeEnabled();
  });

  it("falls back to 'Error verifying account number'", async () => {
    const user = await openScreen();
    api.encrypted.post.mockImplementation(async (url: string) => {
      if (url.endsWith('/get-banks')) return { status: 200, data: { bankArray: BANKS } };
      throw apiError(500);
    });
    await chooseBank(user, 'GTBank');
    await user.type(screen.getByRole('textbox', { name: /Account number/ }), ACCOUNT);
    await user.click(screen.getByRole('button', { name: 'Validate' }));
    await waitFor(() =>
      expect(toasts()).toContainEqual(['error', 'Error verifying account number']),
    );
  });

  it('asks for a bank when Save Beneficiary is ticked without one (SPEC §5)', async () => {
    const user = await openScreen();
    await user.click(screen.getByRole('checkbox', { name: 'Save Beneficiary' }));
    expect(
      screen.getByText('Receiving bank is required to save a beneficiary. Please, select a bank.'),
    ).toBeInTheDocument();
  });

  it('sends the verification fields with the transfer and says successful, with a receipt', async () => {
    const user = await openScreen();
    await fillValidated(user);
    await send(user);
    expect(await screen.findByRole('heading', { name: 'Transaction Successful' })).toBeVisible();
    const call = api.encrypted.post.mock.calls.find(([url]) =>
      String(url).endsWith('transfer-funds'),
    );
    expect(call?.[1]).toEqual({
      transaction_pin: '123456',
      account_number: ACCOUNT,
      account_name: 'ADAEZE OKONKWO',
      bank_code: '058',
      amount: 5000,
      wallet_account_number: '1100000001',
      narration: '',
      wallet_name: 'Main Wallet',
      channelCode: '1',
      beneficiaryAccountName: 'ADAEZE OKONKWO',
      beneficiaryAccountNumber: ACCOUNT,
      beneficiaryNameEnquiryRefrenceNumber: ENQUIRY.beneficiaryNameEnquiryRefrenceNumber,
      bankVerificationNumber: '22222222222',
      kyclevel: '3',
      beneficiaryBankCode: '058',
    });
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Close' })).toHaveAttribute('href', '/dashboard');
  });

  it('says pending honestly, with what happens next, and Check status shows the later answer', async () => {
    transferAnswer = answer('pending', PENDING_TEXT);
    const user = await openScreen();
    await fillValidated(user);
    await send(user);
    expect(await screen.findByRole('heading', { name: 'Transaction Pending' })).toBeVisible();
    expect(screen.getByText(PENDING_TEXT)).toBeVisible();
    expect(screen.getByText('money-ref-1')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Share receipt' })).toBeVisible();
    bus.emit.mockClear();
    await user.click(screen.getByRole('button', { name: 'Check status' }));
    expect(await screen.findByText(FAILED_TEXT)).toBeVisible();
    expect(screen.getByText('Update:')).toBeVisible();
    // The heading and the box follow the bank's answer, not the first one.
    expect(screen.getByRole('heading', { name: 'Transaction Failed' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Transaction Pending' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
    expect(screen.queryByText(PENDING_TEXT)).not.toBeInTheDocument();
    expect(api.get).toHaveBeenCalledWith('/transfers/wallet-to-bank/money-ref-1');
    // The money is back: no more checking, no receipt that would still say pending.
    expect(screen.queryByRole('button', { name: 'Check status' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share receipt' })).not.toBeInTheDocument();
    expect(bus.emit).toHaveBeenCalledWith({
      type: 'wallets-changed',
      walletAccountNumber: '1100000001',
    });
  });

  it('Check status says so when the bank has still not answered, and toasts a failed check', async () => {
    transferAnswer = answer('pending', PENDING_TEXT);
    const user = await openScreen();
    await fillValidated(user);
    await send(user);
    await screen.findByRole('heading', { name: 'Transaction Pending' });
    api.get.mockResolvedValueOnce({ status: 200, data: answer('pending', PENDING_TEXT) });
    await user.click(screen.getByRole('button', { name: 'Check status' }));
    expect(
      await screen.findByText('The bank has not answered yet. We keep checking for you.'),
    ).toBeVisible();
    api.get.mockRejectedValueOnce(apiError(503));
    await user.click(screen.getByRole('button', { name: 'Check status' }));
    await waitFor(() =>
      expect(toasts()).toContainEqual(['error', 'Could not check the transfer. Please try again.']),
    );
    expect(screen.getByRole('button', { name: 'Check status' })).toBeEnabled();
  });

  it('a receipt of a pending transfer that has since been paid says successful', async () => {
    transferAnswer = answer('pending', PENDING_TEXT);
    const user = await openScreen();
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    await fillValidated(user);
    await send(user);
    await screen.findByRole('heading', { name: 'Transaction Pending' });
    api.get.mockResolvedValueOnce({ status: 200, data: answer('successful', '') });
    await user.click(screen.getByRole('button', { name: 'Check status' }));
    expect(await screen.findByText('The bank has paid this transfer.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Share receipt' }));
    await waitFor(() => expect(writeText).toHaveBeenCalled());
    expect(String((writeText.mock.calls[0] as unknown[])[0])).toContain('Status: Successful');
  });

  it('explains a pending transfer in its own words when the server sends none', async () => {
    transferAnswer = answer('pending', '');
    const user = await openScreen();
    await fillValidated(user);
    await send(user);
    await screen.findByRole('heading', { name: 'Transaction Pending' });
    expect(
      screen.getByText(
        'We are confirming this transfer with the bank. If the bank does not pay it, your money comes back to your wallet automatically.',
      ),
    ).toBeVisible();
  });

  it('says failed with "your money has been returned", and offers no receipt', async () => {
    transferAnswer = answer('failed', FAILED_TEXT);
    const user = await openScreen();
    await fillValidated(user);
    await send(user);
    expect(await screen.findByRole('heading', { name: 'Transaction Failed' })).toBeVisible();
    expect(screen.getByText(FAILED_TEXT)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Download PDF' })).not.toBeInTheDocument();
  });

  it('loads the PDF library only when Download PDF is pressed', async () => {
    const user = await openScreen();
    await fillValidated(user);
    await send(user);
    await screen.findByRole('heading', { name: 'Transaction Successful' });
    expect(pdf.pdfLoads ?? 0).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(pdf.pdfSaved).toEqual(['ajo-receipt-money-ref-1.pdf']));
    expect(pdf.pdfLoads).toBe(1);
  });

  it('Share copies the receipt where the browser cannot share', async () => {
    const user = await openScreen();
    // user-event installs its own clipboard at setup: spy on that one.
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    await fillValidated(user);
    await send(user);
    await screen.findByRole('heading', { name: 'Transaction Successful' });
    await user.click(screen.getByRole('button', { name: 'Share receipt' }));
    await waitFor(() => expect(writeText).toHaveBeenCalled());
    const text = String((writeText.mock.calls[0] as unknown[])[0]);
    expect(text).toContain('Reference: money-ref-1');
    expect(text).toContain('Amount: ₦5,000.00');
    expect(toasts()).toContainEqual(['success', 'Receipt copied. You can paste it anywhere.']);
  });

  it('uses the Web Share API where the browser has it', async () => {
    const share = jest.fn(async () => undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    try {
      const user = await openScreen();
      await fillValidated(user);
      await send(user);
      await screen.findByRole('heading', { name: 'Transaction Successful' });
      await user.click(screen.getByRole('button', { name: 'Share receipt' }));
      await waitFor(() => expect(share).toHaveBeenCalled());
    } finally {
      Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
    }
  });

  it('a picked bank beneficiary fills the bank and number, validates them and hides Save', async () => {
    beneficiaries = [saved({ bank_code: '058' })];
    const user = await openScreen();
    await user.click(screen.getByRole('button', { name: 'Choose Beneficiary' }));
    const dialog = await screen.findByRole('dialog', { name: 'Beneficiaries' });
    expect(within(dialog).getByText('GTBank')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /^Choose ADAEZE OKONKWO/ }));
    expect(screen.getByRole('textbox', { name: /Account number/ })).toHaveValue(ACCOUNT);
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /Account name/ })).toHaveValue('ADAEZE OKONKWO'),
    );
    expect(screen.queryByRole('checkbox', { name: 'Save Beneficiary' })).not.toBeInTheDocument();
  });

  it('lists bank beneficiaries only: a wallet one, or one of a bank no longer offered, is not there', async () => {
    beneficiaries = [
      saved({
        id: 4,
        name: 'Bola Ige',
        recipient_account_number: '2200000002',
        account_type: 'wallet',
        bank_code: null,
      }),
      saved({ id: 5, name: 'Gone Bank Customer', bank_code: '999' }),
      saved({ id: 6, bank_code: '058' }),
    ];
    const user = await openScreen();
    await user.click(screen.getByRole('button', { name: 'Choose Beneficiary' }));
    const dialog = await screen.findByRole('dialog', { name: 'Beneficiaries' });
    const picks = within(dialog)
      .getAllByRole('button', { name: /^Choose / })
      .map((b) => b.textContent);
    expect(picks).toEqual([`Choose ADAEZE OKONKWO GTBank ${ACCOUNT}`]);
    await user.click(within(dialog).getByRole('button', { name: /^Choose ADAEZE OKONKWO/ }));
    expect(screen.getByRole('textbox', { name: /Account number/ })).toHaveValue(ACCOUNT);
    expect(toasts()).not.toContainEqual([
      'error',
      'Unable to select beneficiary. Please, try again.',
    ]);
  });

  it('hides Save once the validated account at that bank is already saved, not at another bank', async () => {
    beneficiaries = [saved({ bank_code: '044' })];
    const user = await openScreen();
    await waitFor(() => expect(api.get).toHaveBeenCalledWith('/beneficiaries/1100000001'));
    await fillValidated(user);
    // Saved at Access Bank; this is GTBank.
    expect(screen.getByRole('checkbox', { name: 'Save Beneficiary' })).toBeInTheDocument();
    await user.clear(screen.getByRole('combobox', { name: /Receiving bank/ }));
    await chooseBank(user, 'access bank');
    expect(screen.queryByRole('checkbox', { name: 'Save Beneficiary' })).not.toBeInTheDocument();
  });
});
